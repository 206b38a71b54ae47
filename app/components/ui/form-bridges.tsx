import type { DefaultValue, FormMetadata, parse, Submission, SubmissionResult } from "@conform-to/react";
import { Fragment, useEffect, useState, useSyncExternalStore, type ReactElement } from "react";
import type { Fieldset } from "./form-stand-in";

// Conform runs only for the forms a visitor reaches (issue 25; docs/decisions/2026-11-29-route-bytes.md):
// a form's hook registers here when its form first gets focus, the pointer or a submit, and
// <FormBridges> (in the root) then loads Conform (conform-bridge.tsx, its own chunk) and runs its
// `useForm` for that form. Until then the form renders with the stand-in metadata (form-stand-in.ts).

export type ValidateOn = "onInput" | "onBlur" | "onSubmit";

/** Conform's `onValidate`, also handed Conform's `parse` (loaded with Conform). */
export type BridgeValidate<Output> = (
  context: { form: HTMLFormElement; formData: FormData; submitter: HTMLElement | null },
  conformParse: typeof parse,
) => Submission<Output, string[]>;

/** A form's options as its hook last rendered them. */
export type BridgeOptions<Input extends Record<string, unknown>, Output> = {
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: DefaultValue<Input>;
  validateOn: ValidateOn;
  revalidateOn: ValidateOn;
  onValidate: BridgeValidate<Output>;
};

/** One form's link to its bridge. */
export type BridgeRegistration<Input extends Record<string, unknown>, Output> = {
  id: string;
  options: () => BridgeOptions<Input, Output>;
  /** Conform's metadata after each render of the bridge. */
  publish: (metadata: [FormMetadata<Input, string[]>, Fieldset<Input>]) => void;
  /** Changes when the options the bridge must pass on change. */
  version: () => number;
  subscribe: (listener: () => void) => () => void;
};

/** What the root renders for one registered form, once Conform has loaded. */
type Mounted = { id: string; mount: (bridge: BridgeModule) => ReactElement; failed: () => void };
type BridgeModule = typeof import("./conform-bridge");

let mounted: readonly Mounted[] = [];
const listeners = new Set<() => void>();

function setMounted(next: readonly Mounted[]) {
  mounted = next;
  for (const listener of listeners) listener();
}

/**
 * Has <FormBridges> run Conform for this form from now on (until the returned function is called,
 * when the form unmounts). `failed` is called if Conform cannot load (offline, a new deploy).
 */
export function registerBridge<Input extends Record<string, unknown>, Output>(
  registration: BridgeRegistration<Input, Output>,
  failed: () => void,
): () => void {
  const entry: Mounted = {
    id: registration.id,
    mount: ({ ConformBridge }) => <ConformBridge key={registration.id} registration={registration} />,
    failed,
  };
  setMounted([...mounted, entry]);
  return () => setMounted(mounted.filter((item) => item !== entry));
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const current = () => mounted;
const none = (): readonly Mounted[] => [];

/** The root's host of the forms' Conform bridges: loads Conform once the first form is reached. */
export function FormBridges() {
  const forms = useSyncExternalStore(subscribe, current, none);
  const [bridge, setBridge] = useState<BridgeModule | null>(null);
  const wanted = forms.length > 0;
  useEffect(() => {
    if (!wanted || bridge) return;
    let live = true;
    import("./conform-bridge").then(
      (module) => {
        if (live) setBridge(module);
      },
      () => {
        for (const form of mounted) form.failed();
      },
    );
    return () => {
      live = false;
    };
  }, [wanted, bridge]);
  if (!bridge) return null;
  return <Fragment>{forms.map((form) => form.mount(bridge))}</Fragment>;
}
