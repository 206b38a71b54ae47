import type { ApiEnv } from "../../env";
import { cloudflareMailSender } from "./cloudflare";
import { outboxMailSender } from "./outbox";
import type { MailSender } from "./types";

export type { MailMessage, MailSender } from "./types";
export { outboxFor, outboxMailSender } from "./outbox";
export { buildMime, cloudflareMailSender } from "./cloudflare";
export {
  fill,
  localeFrom,
  localeFromHeader,
  MAIL_TEXTS,
  mailLanguage,
  mailLocaleOf,
  renderMail,
  type MailLanguage,
  type MailLocale,
} from "./templates";

/** MAIL_ADAPTER=cloudflare uses the EMAIL binding; anything else the D1 outbox. */
export function createMailSender(env: ApiEnv, now: () => Date): MailSender {
  if (env.MAIL_ADAPTER === "cloudflare") {
    if (!env.EMAIL || !env.MAIL_FROM)
      throw new Error("MAIL_ADAPTER=cloudflare needs the EMAIL send_email binding and MAIL_FROM");
    return cloudflareMailSender(env.EMAIL, env.MAIL_FROM, now);
  }
  return outboxMailSender(env.DB, now);
}

/** A mail sender whose every send rejects with `error()` (production guard). */
export function refusingMailSender(error: () => Error): MailSender {
  return {
    send: async (): Promise<never> => {
      throw error();
    },
  };
}
