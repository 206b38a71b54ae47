import { createCookie, redirect } from "@remix-run/cloudflare";
import { z } from "zod";
import { readCookie } from "./cookies.server";

/** Flash toasts (house style 3): one-time cookie set by an action, read once by the root loader. */
export const TOAST_TYPES = ["success", "error", "warning", "info"] as const;

export const toastSchema = z.object({
  id: z.string().default(() => crypto.randomUUID()),
  type: z.enum(TOAST_TYPES).default("info"),
  title: z.string().optional(),
  description: z.string(),
});
export type Toast = z.output<typeof toastSchema>;
export type ToastInput = z.input<typeof toastSchema>;

const toastCookie = createCookie("toast", { path: "/", sameSite: "lax", httpOnly: true, maxAge: 60 });

export async function createToastHeaders(input: ToastInput): Promise<Headers> {
  const toast = toastSchema.parse(input);
  return new Headers({ "Set-Cookie": await toastCookie.serialize(toast) });
}

export async function redirectWithToast(url: string, input: ToastInput, init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  for (const [name, value] of await createToastHeaders(input)) headers.append(name, value);
  return redirect(url, { ...init, headers });
}

/** The pending toast (if any) and the header that clears it. */
export async function getToast(request: Request): Promise<{ toast: Toast | null; headers: Headers | null }> {
  const raw = await readCookie(toastCookie, request);
  const parsed = toastSchema.safeParse(raw);
  if (!raw) return { toast: null, headers: null };
  return {
    toast: parsed.success ? parsed.data : null,
    headers: new Headers({ "Set-Cookie": await toastCookie.serialize("", { maxAge: 0 }) }),
  };
}
