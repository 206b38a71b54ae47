import type { SubmissionResult } from "@conform-to/react";
import { useActionData, useNavigation } from "@remix-run/react";

/** What a domain page's action answers on failure: the form it came from, Conform's reply, a message. */
export type DomainActionData = {
  intent: string | null;
  result: SubmissionResult<string[]> | null;
  message: string | null;
};

/** The Conform reply of the last post, when it came from the form with this intent. */
export function useLastResult(intent: string): SubmissionResult<string[]> | undefined {
  const actionData = useActionData<DomainActionData>();
  return actionData?.intent === intent ? (actionData.result ?? undefined) : undefined;
}

/** The failure message of the last post of this form. */
export function useActionMessage(intent: string): string | null {
  const actionData = useActionData<DomainActionData>();
  return actionData?.intent === intent ? actionData.message : null;
}

export function useBusy(intent: string): boolean {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

export function IntentField({ intent }: { intent: string }) {
  return <input type="hidden" name="intent" value={intent} />;
}
