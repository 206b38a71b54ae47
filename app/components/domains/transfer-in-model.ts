import type { TransferErrorCode } from "../../../core/transfer";
import type { TransferCheck } from "../../../workers/api/contract/transfers";
import type { SubmissionResult } from "@conform-to/react";

/** The transfer-in wizard's steps (SPEC §2): Domain → Auth Code → Review → Payment, at one address. */
export const TRANSFER_STEPS = ["domain", "auth", "review", "payment"] as const;
export type TransferStep = (typeof TRANSFER_STEPS)[number];
export const TRANSFER_PATH = "/domain/transfer";

/** Why a step was refused: the wizard's error code and, for "not transferable", the registry's reason. */
export type TransferFailure = { code: TransferErrorCode; reason: string | null };
/** The API's transfer check with its dates in the page's language. */
export type TransferChecked = TransferCheck & { expires: string; newExpires: string };

/** The wizard's action answer: the auth code step again (with the refusal) or Review (the code kept in the page only). */
export type TransferActionData =
  | {
      step: "auth";
      intent: string | null;
      domain: string;
      result: SubmissionResult<string[]> | null;
      failure: TransferFailure | null;
      check: TransferChecked | null;
    }
  | { step: "review"; domain: string; authCode: string; check: TransferChecked; failure: TransferFailure | null };
