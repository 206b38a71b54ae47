/**
 * The browser's translator: the part of i18next's instance API that react-i18next's
 * `useTranslation` and our client code use, with i18next's lookup rules for the features our
 * resources use (nested keys, `ns:key`, `_one`/`_other` plurals through Intl.PluralRules, `{{var}}`
 * interpolation without escaping, `defaultValue`). The server keeps i18next itself
 * (server/i18n.server.ts); `browser-i18n.test.ts` checks that both give the same text for every key
 * of every namespace in both languages. Why: i18next was 15 KB gzip of the home page's JavaScript
 * (docs/decisions/2026-11-27-perf.md).
 *
 * Not supported (not used by our resources; the test fails if a resource starts to need them):
 * `$t()` nesting, `{{var, format}}` formatting, context, ordinal plurals, returnObjects.
 */

type Resource = { [key: string]: unknown };
type Listener = (...args: unknown[]) => void;
export type TranslateOptions = {
  [name: string]: unknown;
  count?: number;
  defaultValue?: string;
  ns?: string | readonly string[];
};
export type BrowserTFunction = (key: string | readonly string[], options?: TranslateOptions | string) => string;

type InitOptions = {
  lng: string;
  resources?: Record<string, Record<string, Resource>>;
  defaultNS?: string;
  fallbackLng?: string;
  supportedLngs?: readonly string[];
  interpolation?: { escapeValue?: boolean };
  react?: Record<string, unknown>;
};

const VARIABLE = /\{\{(.+?)\}\}/g;

function lookup(resource: Resource | undefined, key: string): unknown {
  let node: unknown = resource;
  for (const part of key.split(".")) {
    if (!isPlainObject(node)) return undefined;
    node = Object.prototype.hasOwnProperty.call(node, part) ? node[part] : undefined;
  }
  return node;
}

function valueAt(data: Record<string, unknown>, path: string): unknown {
  let node: unknown = data;
  for (const part of path.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** i18next's interpolation with `escapeValue: false` and `skipOnVariables: true`. */
function interpolate(text: string, data: Record<string, unknown>): string {
  return text.replace(VARIABLE, (match, name: string) => {
    const variable = name.trim().replace(/^-\s*/, "");
    const value = valueAt(data, variable);
    if (value === undefined) return Object.prototype.hasOwnProperty.call(data, variable) ? "" : match;
    return typeof value === "string" ? value : value === null ? "" : String(value);
  });
}

function isPlainObject(value: unknown): value is Resource {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function deepMerge(target: Resource, source: Resource, overwrite: boolean): Resource {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (isPlainObject(value) && isPlainObject(existing)) deepMerge(existing, value, overwrite);
    else if (overwrite || existing === undefined)
      target[key] = isPlainObject(value) ? deepMerge({}, value, true) : value;
  }
  return target;
}

export class BrowserI18n {
  language = "";
  languages: string[] = [];
  isInitialized = false;
  initializedStoreOnce = false;
  options: InitOptions & { defaultNS: string; ns: string[] } = {
    lng: "",
    defaultNS: "translation",
    ns: ["translation"],
  };
  /** Set by react-i18next. */
  reportNamespaces?: unknown;
  private store: Record<string, Record<string, Resource>> = {};
  private listeners = new Map<string, Set<Listener>>();
  private plurals = new Map<string, Intl.PluralRules>();
  services = { logger: console };

  use(plugin: { type?: string; init?: (instance: BrowserI18n) => void }): this {
    plugin.init?.(this);
    return this;
  }

  async init(options: InitOptions): Promise<BrowserTFunction> {
    this.options = {
      ...options,
      defaultNS: options.defaultNS ?? "translation",
      ns: [options.defaultNS ?? "translation"],
    };
    this.store = {};
    for (const [lng, namespaces] of Object.entries(options.resources ?? {})) {
      for (const [ns, resource] of Object.entries(namespaces)) this.addResourceBundle(lng, ns, resource, true, true);
    }
    this.language = options.lng;
    this.languages =
      options.fallbackLng && options.fallbackLng !== options.lng ? [options.lng, options.fallbackLng] : [options.lng];
    this.isInitialized = true;
    this.initializedStoreOnce = true;
    this.emit("initialized", this.options);
    return this.t;
  }

  on(event: string, listener: Listener): this {
    for (const name of event.split(" ")) {
      if (!this.listeners.has(name)) this.listeners.set(name, new Set());
      this.listeners.get(name)?.add(listener);
    }
    return this;
  }

  off(event: string, listener?: Listener): this {
    if (listener) this.listeners.get(event)?.delete(listener);
    else this.listeners.delete(event);
    return this;
  }

  private emit(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }

  hasResourceBundle(lng: string, ns: string): boolean {
    return this.store[lng]?.[ns] !== undefined;
  }

  getResourceBundle(lng: string, ns: string): Resource | undefined {
    return this.store[lng]?.[ns];
  }

  addResourceBundle(lng: string, ns: string, resources: Resource, deep = false, overwrite = false): this {
    const namespaces = (this.store[lng] ??= {});
    namespaces[ns] = deep
      ? deepMerge(namespaces[ns] ?? {}, resources, overwrite)
      : { ...(namespaces[ns] ?? {}), ...resources };
    if (!this.options.ns.includes(ns)) this.options.ns.push(ns);
    this.emit("added", lng, ns);
    return this;
  }

  /** Resources are added by the app (client.ts) before rendering: nothing is ever pending. */
  hasLoadedNamespace(): boolean {
    return true;
  }

  loadNamespaces(_ns: string | readonly string[], callback?: () => void): Promise<void> {
    callback?.();
    return Promise.resolve();
  }

  loadLanguages(_lngs: string | readonly string[], callback?: () => void): Promise<void> {
    callback?.();
    return Promise.resolve();
  }

  private pluralSuffix(lng: string, count: number): string {
    let rules = this.plurals.get(lng);
    if (!rules) {
      rules = new Intl.PluralRules(lng);
      this.plurals.set(lng, rules);
    }
    return `_${rules.select(count)}`;
  }

  private resolve(lng: string, namespaces: readonly string[], key: string, count: number | undefined): unknown {
    const lngs = this.options.fallbackLng && this.options.fallbackLng !== lng ? [lng, this.options.fallbackLng] : [lng];
    for (const ns of namespaces) {
      for (const code of lngs) {
        const resource = this.store[code]?.[ns];
        if (count !== undefined) {
          if (count === 0) {
            const zero = lookup(resource, `${key}_zero`);
            if (zero !== undefined) return zero;
          }
          const plural = lookup(resource, `${key}${this.pluralSuffix(code, count)}`);
          if (plural !== undefined) return plural;
        }
        const found = lookup(resource, key);
        if (found !== undefined) return found;
      }
    }
    return undefined;
  }

  translate(
    lng: string,
    defaultNs: string | readonly string[] | undefined,
    keys: string | readonly string[],
    rawOptions?: TranslateOptions | string,
  ): string {
    const options: TranslateOptions =
      typeof rawOptions === "string" ? { defaultValue: rawOptions } : (rawOptions ?? {});
    const count = typeof options.count === "number" ? options.count : undefined;
    const keyList = typeof keys === "string" ? [keys] : keys;
    let usedKey = "";
    for (const fullKey of keyList) {
      let namespaces: readonly string[] =
        typeof options.ns === "string"
          ? [options.ns]
          : (options.ns ?? (typeof defaultNs === "string" ? [defaultNs] : (defaultNs ?? [this.options.defaultNS])));
      let key = fullKey;
      const colon = fullKey.indexOf(":");
      if (colon > -1) {
        namespaces = [fullKey.slice(0, colon)];
        key = fullKey.slice(colon + 1);
      }
      usedKey = key;
      const found = this.resolve(lng, namespaces, key, count);
      if (typeof found === "string") return interpolate(found, options);
      if (found !== undefined) return `key '${key} (${lng})' returned an object instead of string.`;
    }
    if (typeof options.defaultValue === "string") return interpolate(options.defaultValue, options);
    return interpolate(usedKey, options);
  }

  /** Whether a key (`ns:key` or a key of `options.ns`/the default namespace) has a translation, as i18next's `exists`. */
  exists(fullKey: string, options: { ns?: string; lng?: string } = {}): boolean {
    const colon = fullKey.indexOf(":");
    const namespaces = colon > -1 ? [fullKey.slice(0, colon)] : [options.ns ?? this.options.defaultNS];
    const key = colon > -1 ? fullKey.slice(colon + 1) : fullKey;
    return this.resolve(options.lng ?? this.language, namespaces, key, undefined) !== undefined;
  }

  t: BrowserTFunction = (key, options) => this.translate(this.language, undefined, key, options);

  getFixedT(lng: string | null, ns?: string | readonly string[] | null): BrowserTFunction {
    const language = lng ?? this.language;
    return (key, options) => this.translate(language, ns ?? undefined, key, options);
  }

  changeLanguage(lng: string): Promise<BrowserTFunction> {
    this.language = lng;
    this.languages =
      this.options.fallbackLng && this.options.fallbackLng !== lng ? [lng, this.options.fallbackLng] : [lng];
    this.emit("languageChanged", lng);
    return Promise.resolve(this.t);
  }
}

/** The browser's one instance (entry.client.tsx initialises it before hydrating). */
const browserI18n = new BrowserI18n();
export default browserI18n;
