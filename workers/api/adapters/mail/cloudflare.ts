import type { MailMessage, MailSender } from "./types";

type EmailModule = typeof import("cloudflare:email");

/** RFC 2047 encoded-word for a header value that is not plain ASCII. */
function encodeHeader(value: string): string {
  if (/^[\x20-\x7e]*$/u.test(value)) return value;
  const bytes = new TextEncoder().encode(value);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `=?UTF-8?B?${btoa(binary)}?=`;
}

/** Base64 body wrapped at 76 characters (RFC 2045). */
function encodeBody(text: string): string {
  const bytes = new TextEncoder().encode(text.replace(/\r?\n/gu, "\r\n"));
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return (btoa(binary).match(/.{1,76}/gu) ?? []).join("\r\n");
}

/** A simple text/plain UTF-8 MIME message. */
export function buildMime(from: string, message: MailMessage, date: Date): string {
  const domain = from.split("@")[1] ?? "localhost";
  return [
    `From: ${from}`,
    `To: ${message.to}`,
    `Subject: ${encodeHeader(message.subject)}`,
    `Date: ${date.toUTCString()}`,
    `Message-ID: <${crypto.randomUUID()}@${domain}>`,
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=UTF-8",
    "Content-Transfer-Encoding: base64",
    "",
    encodeBody(message.text),
    "",
  ].join("\r\n");
}

/** Real adapter: the Cloudflare Email `send_email` binding (MAIL_ADAPTER=cloudflare). */
export function cloudflareMailSender(binding: SendEmail, from: string, now: () => Date): MailSender {
  return {
    async send(message: MailMessage) {
      // Loaded at run time so bundlers that do not know workerd's built-in modules leave it alone.
      const specifier = "cloudflare:email";
      const { EmailMessage }: EmailModule = await import(/* @vite-ignore */ specifier);
      await binding.send(new EmailMessage(from, message.to, buildMime(from, message, now())));
      console.log(`mail sent: "${message.subject}" to ${message.to}`);
    },
  };
}
