import type { SubmissionResult } from "@conform-to/react";
import { useActionData } from "@remix-run/react";

/** What a domain page's action answers on failure: the form it came from, Conform's reply, a message. */
export type DomainActionData = {
  intent: string | null;
  result: SubmissionResult<string[]> | null;
  message: string | null;
};

/** The failure message of the last post of this form. */
export function useActionMessage(intent: string): string | null {
  const actionData = useActionData<DomainActionData>();
  return actionData?.intent === intent ? actionData.message : null;
}

// The form hooks and the intent field are the kit's (app/components/ui); domain pages import them from here too.
export { useBusy, useLastResult } from "../ui/form-hooks";
export { IntentField } from "../ui/form";
