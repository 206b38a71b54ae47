import { useEffect, useRef, useState, type ReactNode } from "react";
import { INPUT_CLASS, SECONDARY_BUTTON_CLASS } from "./form";

// A value to copy (an API token shown once, a secret, a DNS value): a labelled read-only
// monospace input that selects itself on focus (so it can be copied without JavaScript), and a
// Copy button once JavaScript runs. (`CodeField` in ./fields is the one-time-code input.)

export function CopyField({
  id,
  label,
  value,
  hint,
  copyLabel,
  copiedLabel,
  testId,
}: {
  id: string;
  label: ReactNode;
  value: string;
  hint?: ReactNode;
  /** The button's text ("Copy") and its text after a successful copy ("Copied"). */
  copyLabel: string;
  copiedLabel: string;
  testId?: string;
}) {
  const [hydrated, setHydrated] = useState(false);
  const [copied, setCopied] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => setHydrated(true), []);
  const copy = async () => {
    input.current?.select();
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  const hintId = `${id}-hint`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <div className="mt-1 flex flex-wrap gap-2">
        <input
          ref={input}
          id={id}
          readOnly
          value={value}
          onFocus={(event) => event.currentTarget.select()}
          aria-describedby={hint ? hintId : undefined}
          data-testid={testId}
          className={`${INPUT_CLASS} mt-0 min-w-0 flex-1 font-mono text-sm`}
        />
        {hydrated ? (
          <button type="button" className={SECONDARY_BUTTON_CLASS} onClick={copy}>
            {copied ? copiedLabel : copyLabel}
          </button>
        ) : null}
      </div>
      {hint ? (
        <p id={hintId} className="mt-1 text-xs">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
