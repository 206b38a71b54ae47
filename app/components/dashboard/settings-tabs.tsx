import { useTranslation } from "react-i18next";
import { TabNav } from "../ui/tab-nav";

/** The settings sections: links (not ARIA tabs) so each is its own page and works without JS. */
export const SETTINGS_TABS = [
  { to: "/dashboard/settings", key: "profile", end: true },
  { to: "/dashboard/settings/addresses", key: "addresses", end: false },
  { to: "/dashboard/settings/security", key: "security", end: false },
] as const;

export function SettingsTabs() {
  const { t } = useTranslation("dashboard");
  return (
    <TabNav
      label={t("settings.tabsLabel")}
      tabs={SETTINGS_TABS.map((tab) => ({ to: tab.to, end: tab.end, text: t(`settings.tabs.${tab.key}`) }))}
    />
  );
}
