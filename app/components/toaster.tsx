import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

export type ToastType = "success" | "error" | "warning" | "info";
export interface ToastMessage {
  id: string;
  type: ToastType;
  title?: string;
  description: string;
  /** Milliseconds before it closes by itself (SPEC §9: 3500 by default). */
  duration?: number;
  /** A button in the toast (browser only), e.g. the session warning's "stay signed in". */
  action?: { label: string; onClick: () => void };
}

export const TOAST_DEFAULT_DURATION = 3500;

type Listener = (toast: ToastMessage) => void;
const listeners = new Set<Listener>();

/** Shows a toast from anywhere in the browser code (session monitors, fetchers…). */
export function showToast(toast: Omit<ToastMessage, "id"> & { id?: string }) {
  const message = { id: toast.id ?? crypto.randomUUID(), ...toast };
  for (const listener of listeners) listener(message);
}

const STYLES: Record<ToastType, string> = {
  success: "border-emerald-600 bg-emerald-50 text-emerald-950 dark:bg-emerald-950 dark:text-emerald-50",
  error: "border-rose-600 bg-rose-50 text-rose-950 dark:bg-rose-950 dark:text-rose-50",
  warning: "border-amber-500 bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-50",
  info: "border-sky-600 bg-sky-50 text-sky-950 dark:bg-sky-950 dark:text-sky-50",
};

function ToastItem({ toast, onClose }: { toast: ToastMessage; onClose: (id: string) => void }) {
  const { t } = useTranslation();
  const duration = toast.duration ?? TOAST_DEFAULT_DURATION;
  useEffect(() => {
    const timer = setTimeout(() => onClose(toast.id), duration);
    return () => clearTimeout(timer);
  }, [toast.id, duration, onClose]);

  return (
    <div
      role={toast.type === "error" ? "alert" : "status"}
      data-toast-type={toast.type}
      // Without JS the CSS animation hides the toast after its duration.
      style={{ animationDelay: `${duration}ms` }}
      className={`toast-auto-hide pointer-events-auto flex w-80 max-w-[calc(100vw-2rem)] items-start gap-3 rounded-lg border-l-4 p-4 shadow-lg ${STYLES[toast.type]}`}
    >
      <div className="flex-1 text-sm">
        <p className="font-semibold">{toast.title ?? t(`toast.types.${toast.type}`)}</p>
        <p className="mt-0.5">{toast.description}</p>
        {toast.action ? (
          <button
            type="button"
            onClick={() => {
              toast.action?.onClick();
              onClose(toast.id);
            }}
            className="mt-2 rounded-md border border-current px-2.5 py-1 text-xs font-semibold hover:bg-white/40 dark:hover:bg-black/20"
          >
            {toast.action.label}
          </button>
        ) : null}
      </div>
      <button
        type="button"
        onClick={() => onClose(toast.id)}
        data-toast-close
        aria-label={t("toast.close")}
        className="-m-1 rounded p-1 opacity-80 hover:opacity-100"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4">
          <path
            fill="currentColor"
            d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4Z"
          />
        </svg>
      </button>
    </div>
  );
}

/** Toasts sit at the top right, just below the sticky header; at the bottom while there they would cover the focused element. */
type Edge = "top" | "bottom";
const GAP = 16;
/** A layout effect in the browser (placed before paint), none on the server (React 18 warns there). */
const useBrowserLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

function overlaps(a: DOMRect, b: { top: number; bottom: number; left: number; right: number }): boolean {
  return a.left < b.right && a.right > b.left && a.top < b.bottom && a.bottom > b.top;
}

function headerBottom(): number {
  return Math.max(0, document.querySelector("body > header")?.getBoundingClientRect().bottom ?? 0);
}

/**
 * The edge for the toast stack (`stack`, now at `current`): the top right below the sticky
 * header (SPEC §2: top right, and never over the header's cart link or menus, issue 19 point 8);
 * the bottom right while at the top it would cover the focused element (WCAG 2.2 2.4.11).
 */
function chooseEdge(stack: HTMLElement, current: Edge): Edge {
  const box = stack.getBoundingClientRect();
  const focused = document.activeElement;
  // A toast's own button (the session warning's "Stay signed in", close): the stack stays where
  // it is, or the button would move away between the press and the release and never be clicked.
  if (focused instanceof Node && stack.contains(focused)) return current;
  if (!(focused instanceof HTMLElement) || focused === document.body || box.height === 0) return "top";
  const target = focused.getBoundingClientRect();
  const width = box.right - box.left;
  const horizontal = { left: window.innerWidth - GAP - width, right: window.innerWidth - GAP };
  const below = headerBottom() + GAP;
  if (!overlaps(target, { ...horizontal, top: below, bottom: below + box.height })) return "top";
  const bottom = { ...horizontal, top: window.innerHeight - GAP - box.height, bottom: window.innerHeight - GAP };
  return overlaps(target, bottom) ? "top" : "bottom";
}

/**
 * The one toaster (house style 3): shows server flash toasts and `showToast` calls at the top right,
 * below the sticky header (full width on a phone); with JavaScript it moves to the bottom while the
 * focused element sits where the toasts would be. Without JavaScript the stylesheet puts it below
 * the header (`.toaster-top`, app/tailwind.css).
 */
export function Toaster({ serverToast }: { serverToast: ToastMessage | null }) {
  const [toasts, setToasts] = useState<ToastMessage[]>(() => (serverToast ? [serverToast] : []));
  const [edge, setEdge] = useState<Edge>("top");
  const [top, setTop] = useState<number | null>(null);
  const stack = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const listener: Listener = (toast) => setToasts((current) => [...current.filter((x) => x.id !== toast.id), toast]);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, []);

  useEffect(() => {
    if (serverToast)
      setToasts((current) => (current.some((x) => x.id === serverToast.id) ? current : [...current, serverToast]));
  }, [serverToast]);

  const place = useCallback(() => {
    const element = stack.current;
    if (!element) return;
    setEdge((current) => chooseEdge(element, current));
    setTop(headerBottom() + GAP);
  }, []);

  // Placed again whenever toasts come or go, the focus moves or the page scrolls or resizes.
  useBrowserLayoutEffect(place, [place, toasts]);
  useEffect(() => {
    if (toasts.length === 0) return;
    const events = ["focusin", "scroll", "resize"] as const;
    for (const name of events) window.addEventListener(name, place, { passive: true });
    return () => {
      for (const name of events) window.removeEventListener(name, place);
    };
  }, [place, toasts.length]);

  const close = useState(() => (id: string) => setToasts((current) => current.filter((x) => x.id !== id)))[0];

  return (
    <div
      ref={stack}
      aria-live="polite"
      data-edge={edge}
      style={edge === "top" && top !== null ? { top: `${top}px` } : undefined}
      className={`pointer-events-none fixed right-4 z-[60] flex flex-col gap-3 ${edge === "top" ? "toaster-top" : "bottom-4"}`}
    >
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} onClose={close} />
      ))}
    </div>
  );
}
