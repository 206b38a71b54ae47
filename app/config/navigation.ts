/**
 * The header and footer link sets (SPEC §2 "Header", "Footer"), in one place so both menus and
 * tests agree. `key` is the i18n key under header.links / footer.links.
 */
export interface NavLink {
  key: string;
  to: string;
}

export const HEADER_MENUS: { key: "domains" | "hosting" | "tools" | "more"; links: NavLink[] }[] = [
  {
    key: "domains",
    links: [
      { key: "domainSearch", to: "/domain-search" },
      { key: "domains", to: "/domain" },
      { key: "transfer", to: "/domain/transfer" },
      { key: "whois", to: "/tools/whois" },
    ],
  },
  {
    key: "hosting",
    links: [
      { key: "x86", to: "/vps#x86" },
      { key: "arm", to: "/vps#arm" },
      { key: "rootCpu", to: "/vps#root-servers-cpu" },
      { key: "gpu", to: "/vps#gpu-servers" },
    ],
  },
  {
    key: "tools",
    links: [
      { key: "whoisTool", to: "/tools/whois" },
      { key: "speedTest", to: "/tools/speedtest" },
      { key: "sslChecker", to: "/tools/ssl" },
      { key: "dnsChecker", to: "/tools/dns" },
    ],
  },
  {
    key: "more",
    links: [
      { key: "blog", to: "/blog" },
      { key: "support", to: "/dashboard/support" },
      { key: "about", to: "/about" },
      { key: "donate", to: "/donate" },
    ],
  },
];

export const FOOTER_COLUMNS: { key: "products" | "tools" | "company" | "legal"; links: NavLink[] }[] = [
  {
    key: "products",
    links: [
      { key: "domains", to: "/domain" },
      { key: "domainSearch", to: "/domain-search" },
      { key: "transfer", to: "/domain/transfer" },
      { key: "vps", to: "/vps" },
      { key: "download", to: "/download" },
    ],
  },
  {
    key: "tools",
    links: [
      { key: "whois", to: "/tools/whois" },
      { key: "speedTest", to: "/tools/speedtest" },
      { key: "ssl", to: "/tools/ssl" },
      { key: "dns", to: "/tools/dns" },
      { key: "developersApi", to: "/developers/api" },
    ],
  },
  {
    key: "company",
    links: [
      { key: "signIn", to: "/signin" },
      { key: "about", to: "/about" },
      { key: "blog", to: "/blog" },
      { key: "support", to: "/dashboard/support" },
      { key: "donate", to: "/donate" },
      { key: "roadmap", to: "/roadmap" },
      { key: "brand", to: "/brand" },
      { key: "softwear", to: "/softwear" },
    ],
  },
  {
    key: "legal",
    links: [
      { key: "license", to: "/license" },
      { key: "epsl", to: "/epsl" },
      { key: "terms", to: "/terms" },
      { key: "privacy", to: "/privacy" },
      { key: "security", to: "/security" },
    ],
  },
];

/** Community, social and video links (external; open in a new tab). */
export const EXTERNAL_LINKS: { key: string; href: string }[] = [
  { key: "github", href: "https://github.com/trinity-domains" },
  { key: "discord", href: "https://discord.gg/trinity-domains" },
  { key: "x", href: "https://x.com/trinitydomains" },
  { key: "youtube", href: "https://www.youtube.com/@trinitydomains" },
];
