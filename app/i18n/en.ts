/** English resources: the source of every key. `tr.ts` must have exactly the same keys. */
const en = {
  brand: { name: "Trinity", tagline: "Domains and servers at the edge" },
  meta: {
    homeTitle: "Trinity — Domain names, VPS and servers",
    homeDescription:
      "Search and register domain names across 500+ extensions with free WHOIS privacy, DNSSEC and SSL, and deploy VPS and dedicated servers.",
    notFoundTitle: "Page Not Found",
    errorTitle: "Something went wrong",
  },
  a11y: { skipToContent: "Skip to content", mainNav: "Main navigation", footerNav: "Footer" },
  header: {
    banner: "New here? Sign in to manage your domains, DNS and servers in one place.",
    bannerLink: "Sign in",
    home: "Trinity home",
    language: "Language",
    switchToTurkish: "Türkçe",
    switchToEnglish: "English",
    cart: "Cart",
    cartWithCount_one: "Cart, {{count}} item",
    cartWithCount_other: "Cart, {{count}} items",
    signIn: "Sign in",
    signUp: "Sign up",
    openMenu: "Menu",
    closeMenu: "Close menu",
    menus: {
      domains: "Domains",
      hosting: "Hosting",
      tools: "Tools",
      more: "More",
    },
    links: {
      domainSearch: "Domain search",
      domains: "Domains and pricing",
      transfer: "Transfer a domain",
      whois: "WHOIS lookup",
      x86: "x86 VPS",
      arm: "ARM64 VPS",
      rootCpu: "CPU root servers",
      gpu: "GPU root servers",
      whoisTool: "WHOIS",
      speedTest: "Speed test",
      sslChecker: "SSL checker",
      blog: "Blog",
      support: "Support",
      about: "About",
      donate: "Donate",
    },
  },
  footer: {
    products: "Products",
    tools: "Tools",
    company: "Company",
    legal: "Legal",
    community: "Community",
    links: {
      domains: "Domains",
      domainSearch: "Domain search",
      transfer: "Transfer",
      vps: "VPS and servers",
      whois: "WHOIS lookup",
      speedTest: "Speed test",
      ssl: "SSL checker",
      signIn: "Sign in",
      donate: "Donate",
      about: "About",
      blog: "Blog",
      support: "Support",
      roadmap: "Roadmap",
      license: "License",
      epsl: "EPSL",
      terms: "Terms of service",
      privacy: "Privacy policy",
      security: "Security",
      brand: "Brand",
      softwear: "Softwear",
      download: "Download",
      github: "GitHub",
      discord: "Discord",
      x: "X (Twitter)",
      youtube: "YouTube",
    },
    externalNote: "opens in a new tab",
    theme: "Theme",
    themes: { system: "System", light: "Light", dark: "Dark" },
    copyright: "© 2019–2025 Trinity. All rights reserved.",
  },
  toast: { close: "Close notification", types: { success: "Success", error: "Error", warning: "Warning", info: "Information" } },
  locale: { changed: "Language set to English." },
  theme: { changed: "Theme updated." },
  home: {
    hero: {
      title: "Find the domain that fits your idea",
      subtitle:
        "Search more than 500 extensions at once. Every domain comes with free WHOIS privacy, DNSSEC and SSL — and a price that stays honest at renewal.",
      searchLabel: "Search for a domain name",
      searchPlaceholder: "yourname.com or describe your idea",
      searchButton: "Trinity Mode Search",
      searching: "Searching…",
      hint: "Type a name, or describe your project and Trinity suggests available names.",
    },
    prices: {
      title: "Popular extensions",
      onlyFrom: "only from",
      perYear: "first year",
      seeAll: "See all extensions and prices",
      unavailable: "Price not available",
    },
    features: {
      title: "Everything a domain needs, included",
      items: {
        search: {
          title: "Search the whole catalogue",
          text: "One search checks your name across every extension we sell and shows the real first-year and renewal price side by side.",
        },
        dns: {
          title: "DNS that just works",
          text: "Manage A, AAAA, CNAME, MX, TXT, NS and SRV records, plus URL and stealth forwarding, from one clear screen.",
        },
        transfer: {
          title: "Painless transfers",
          text: "Bring your domains over with the auth code; the transfer adds a year to your registration and we track every step.",
        },
        servers: {
          title: "Servers next to your domain",
          text: "Deploy x86 or ARM64 VPS, CPU root servers or GPU servers and point your domain at them in minutes.",
        },
      },
    },
    why: {
      title: "Why choose us",
      items: {
        ssl: { title: "Free SSL", text: "Certificates issued and renewed automatically for every domain you host with us." },
        dnssec: { title: "DNSSEC on by default", text: "Your zones are signed from day one, so answers about your domain cannot be forged." },
        privacy: { title: "Free WHOIS privacy", text: "Your name, address and phone stay out of public lookups at no extra cost." },
        lock: { title: "Domain lock", text: "Every domain is locked against unauthorised transfers until you unlock it yourself." },
        renew: { title: "Auto-renewal with reminders", text: "We remind you before expiry and renew on time, so a name you rely on never lapses." },
        support: { title: "24/7 support", text: "Real people answer every request, usually within 24 to 48 hours." },
      },
    },
    trinity: {
      eyebrow: "Trinity Mode",
      title: "Describe your idea, get names you can register",
      text: "Trinity turns a few words — in English or Turkish — into name ideas using keywords, prefixes, synonyms and clever extensions, and only shows names that are actually available, with their prices.",
      try: "Try Trinity",
      learnMore: "Learn more",
    },
    vps: {
      title: "Servers for every workload",
      subtitle: "Pick the architecture that suits your software. Every plan includes DDoS protection and a dedicated IPv4 address.",
      viewPlans: "View plans",
      items: {
        x86: { title: "x86 VPS", text: "Fast AMD EPYC cores and NVMe storage for websites, APIs and databases." },
        arm: { title: "ARM64 VPS", text: "Efficient Ampere cores with more performance per euro for containers and CI." },
        cpu: { title: "CPU root servers", text: "Dedicated cores that nobody shares, for builds, game servers and heavy traffic." },
        gpu: { title: "GPU root servers", text: "Dedicated NVIDIA GPUs for inference, training and rendering." },
      },
    },
    faq: {
      title: "Frequently asked questions",
      items: {
        q1: {
          q: "How do I register a domain?",
          a: "Search for the name you want, add it to your cart, choose how many years (1 to 10) and pay. The domain is yours as soon as the registry confirms it, usually within a minute.",
        },
        q2: {
          q: "What is Trinity Mode?",
          a: "Trinity Mode is our assisted search. Describe your project in a few words and it suggests names built from keywords, synonyms, prefixes and extensions, checks which ones are available and shows their prices.",
        },
        q3: {
          q: "Is WHOIS privacy really free?",
          a: "Yes. Privacy protection is included with every domain where the registry allows it, for as long as the domain stays with us.",
        },
        q4: {
          q: "Can I transfer my domain from another registrar?",
          a: "Yes. Unlock the domain at your current registrar, get its auth (EPP) code and start a transfer here. A transfer adds one year to the registration, as long as the total stays within 10 years.",
        },
        q5: {
          q: "What happens if I forget to renew?",
          a: "Auto-renewal is on by default and we send reminders before expiry. After expiry most domains have a grace period in which you can still renew at the normal price, followed by a redemption period with a recovery fee.",
        },
        q6: {
          q: "Which payment methods do you accept?",
          a: "We accept major credit and debit cards, and bank transfer for larger orders. Prices are shown in US dollars and include the ICANN fee where it applies.",
        },
      },
      contact: "Still have a question?",
      contactLink: "Contact support",
    },
  },
  notFound: {
    title: "Page Not Found",
    text: "We couldn't find the page you were looking for. It may have moved, or the address may be mistyped.",
    home: "Go to the home page",
    search: "Search for a domain",
  },
  errors: {
    title: "Something went wrong",
    text: "An unexpected error occurred. Please try again in a moment.",
    retry: "Back to the home page",
    status: "Error {{status}}",
  },
} as const;

export default en;

/** Widens the literal strings of `en` so `tr` must have the same keys with any strings. */
type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type Resources = Widen<typeof en>;
