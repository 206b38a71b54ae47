import { useTranslation } from "react-i18next";
import type { DomainWarning } from "../../../core/homograph";

/** Security warnings for a searched name (look-alikes, mixed scripts, punycode form). */
export function DomainWarnings({ warnings }: { warnings: DomainWarning[] }) {
  const { t } = useTranslation();
  if (warnings.length === 0) return null;
  return (
    <section
      aria-labelledby="warnings-title"
      className="rounded-xl border border-amber-500 bg-amber-50 p-4 text-amber-950 dark:bg-amber-950 dark:text-amber-50"
    >
      <h2 id="warnings-title" className="font-semibold">
        {t("search.warningsHeading")}
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
        {warnings.map((warning, index) => (
          <li key={`${warning.kind}-${index}`}>{warningText(t, warning)}</li>
        ))}
      </ul>
    </section>
  );
}

function warningText(t: (key: string, options?: Record<string, string>) => string, warning: DomainWarning): string {
  switch (warning.kind) {
    case "punycode":
      return t("search.warnings.punycode", { ascii: warning.ascii });
    case "mixed_script":
      return t("search.warnings.mixed_script", { label: warning.label, scripts: warning.scripts.join(", ") });
    case "confusable":
      return t("search.warnings.confusable", {
        chars: warning.characters.map((c) => `“${c.char}” (${c.script}) ≈ “${c.looksLike}”`).join(", "),
      });
    case "brand_lookalike":
      return t("search.warnings.brand_lookalike", { brand: warning.brand });
  }
}
