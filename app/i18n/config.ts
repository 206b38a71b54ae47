import { DEFAULT_LOCALE, SUPPORTED_LOCALES } from "../../core/locale";

/** Shared i18next options for the server and the browser (resources are bundled, no backend). */
export const i18nConfig = {
  supportedLngs: [...SUPPORTED_LOCALES],
  fallbackLng: DEFAULT_LOCALE,
  defaultNS: "translation",
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
} as const;
