/**
 * English texts of the home page: a part of the "translation" namespace (keys unchanged) that
 * the browser loads only for routes listing "home" in `handle.i18n` (app/i18n/namespaces.ts).
 */
const home = {
  home: {
    hero: {
      title: "Find the domain that fits your idea",
      subtitle:
        "Search more than 500 extensions at once. Every domain comes with free WHOIS privacy, DNSSEC and SSL — and a price that stays honest at renewal.",
      searchLabel: "Search for a domain name",
      searchPlaceholder: "yourname.com or describe your idea",
      searchButton: "Trinity Mode Search",
      plainSearchButton: "Search",
      searching: "Searching…",
      hint: "Type a name, or describe your project and Trinity suggests available names.",
    },
    prices: {
      title: "Popular extensions",
      onlyFrom: "only from",
      perYear: "first year",
      seeAll: "See all extensions and prices",
      unavailable: "Price not available",
      notAvailable: "N/A",
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
        ssl: {
          title: "Free SSL",
          text: "Certificates issued and renewed automatically for every domain you host with us.",
        },
        dnssec: {
          title: "DNSSEC on by default",
          text: "Your zones are signed from day one, so answers about your domain cannot be forged.",
        },
        privacy: {
          title: "Free WHOIS privacy",
          text: "Your name, address and phone stay out of public lookups at no extra cost.",
        },
        lock: {
          title: "Domain lock",
          text: "Every domain is locked against unauthorised transfers until you unlock it yourself.",
        },
        renew: {
          title: "Auto-renewal with reminders",
          text: "We remind you before expiry and renew on time, so a name you rely on never lapses.",
        },
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
      subtitle:
        "Pick the architecture that suits your software. Every plan includes DDoS protection and a dedicated IPv4 address.",
      viewPlans: "View plans",
      items: {
        x86: { title: "x86 VPS", text: "Fast AMD EPYC cores and NVMe storage for websites, APIs and databases." },
        arm: {
          title: "ARM64 VPS",
          text: "Efficient Ampere cores with more performance per euro for containers and CI.",
        },
        cpu: {
          title: "CPU root servers",
          text: "Dedicated cores that nobody shares, for builds, game servers and heavy traffic.",
        },
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
} as const;

export default home;

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
/** `home.tr.ts` must have the same keys with any strings. */
export type HomeResources = Widen<typeof home>;
