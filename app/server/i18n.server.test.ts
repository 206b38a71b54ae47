import { describe, expect, it, vi } from "vitest";
import { fixedT, i18nForLocale } from "./i18n.server";

describe("the server's translators keep plain lookups", () => {
  it("gives the same text for a repeated plain lookup and still translates variables and counts per call", () => {
    const t = fixedT("en");
    expect(t("toast.types.success")).toBe("Success");
    expect(t("toast.types.success")).toBe("Success");
    expect(fixedT("tr")("toast.types.success")).toBe("Başarılı");
    expect(t("common.years", { count: 1 })).toBe("1 year");
    expect(t("common.years", { count: 3 })).toBe("3 years");
    expect(t("domainErrors.generic", { message: "A" })).toBe("API call failed: A");
    expect(t("domainErrors.generic", { message: "B" })).toBe("API call failed: B");
    expect(i18nForLocale("en").getFixedT("en", "account")("translation:toast.types.error")).toBe("Error");
    expect(t("no.such.key", { defaultValue: "D1" })).toBe("D1");
    expect(t("no.such.key", { defaultValue: "D2" })).toBe("D2");
  });

  it("keeps the lookups of react-i18next's translator (getFixedT(null, ns): lng and lngs null)", () => {
    const instance = i18nForLocale("tr");
    const t = instance.getFixedT(null, "translation");
    expect(t("toast.types.success")).toBe("Başarılı");
    // i18next's own translator (not in its public types): a kept text never reaches it.
    const translator = Reflect.get(instance, "translator") as { translate: (...args: unknown[]) => unknown };
    const translate = vi.spyOn(translator, "translate");
    expect(t("toast.types.success")).toBe("Başarılı");
    expect(translate).not.toHaveBeenCalled();
    translate.mockRestore();
    expect(instance.getFixedT(null, "account")("translation:toast.types.error")).toBe(
      i18nForLocale("tr").getFixedT("tr")("toast.types.error"),
    );
    expect(t("common.years", { count: 3 })).toBe(fixedT("tr")("common.years", { count: 3 }));
  });
});
