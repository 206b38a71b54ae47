import { parse, useForm } from "@conform-to/react";
import { useLayoutEffect, useSyncExternalStore } from "react";
import type { BridgeRegistration } from "./form-bridges";

// Conform itself, loaded when a form is first reached (form-bridges.tsx): the page renders its
// forms with the stand-in metadata until then.

/**
 * Runs Conform's `useForm` for one form of the page and hands its metadata to the form's hook
 * after every render. Conform listens on the document for the form's events (by its id), so it
 * runs beside the form, not inside it. It renders again when the form's options change
 * (`registration.version`, a new reply of the action) or when the form state the form read does.
 */
export function ConformBridge<Input extends Record<string, unknown>, Output>({
  registration,
}: {
  registration: BridgeRegistration<Input, Output>;
}) {
  useSyncExternalStore(registration.subscribe, registration.version, registration.version);
  const options = registration.options();
  const [form, fields] = useForm<Input, Output>({
    id: registration.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue,
    shouldValidate: options.validateOn,
    shouldRevalidate: options.revalidateOn,
    // The form's latest validation, whichever render of the form made it.
    onValidate: (context) => registration.options().onValidate(context, parse),
  });
  useLayoutEffect(() => registration.publish([form, fields]));
  return null;
}
