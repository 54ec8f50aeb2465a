/**
 * The front door's stand-in for i18next (issue 11, fast front door): what lib/i18n.ts and the signed-out pages use
 * (`createInstance`, `init` with in-memory resources, `t` with `{{name}}` interpolation, `_one`/`_other` plurals and
 * `returnObjects`, `changeLanguage` and its event), in about 1 KB instead of i18next's 13 KB gzipped. The front
 * door's build (web/scripts/front-door.ts) resolves `i18next` here; the app itself keeps the real one.
 */

type Resources = Record<string, { translation: Record<string, unknown> }>;
type InitOptions = { resources: Resources; lng: string; fallbackLng?: string };
type Listener = (language: string) => void;
export type TOptions = Record<string, unknown> & { returnObjects?: boolean; count?: number };

export type MiniI18n = {
  language: string;
  resolvedLanguage: string;
  use(plugin: unknown): MiniI18n;
  init(options: InitOptions): Promise<void>;
  t(key: string, options?: TOptions): string;
  changeLanguage(language: string): Promise<void>;
  addResourceBundle(language: string, namespace: string, resources: Record<string, unknown>): MiniI18n;
  on(event: 'languageChanged', listener: Listener): void;
  off(event: 'languageChanged', listener: Listener): void;
};

function lookup(tree: unknown, key: string): unknown {
  let node: unknown = tree;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

export function interpolate(text: string, options: TOptions | undefined): string {
  if (!options) return text;
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) => {
    const value = options[name];
    return value === undefined || value === null ? whole : String(value as string | number);
  });
}

function createInstance(): MiniI18n {
  let resources: Resources = {};
  let fallback = 'ko';
  const listeners = new Set<Listener>();

  const find = (language: string, key: string, options: TOptions | undefined): unknown => {
    const tree = resources[language]?.translation;
    if (typeof options?.count === 'number') {
      const category = new Intl.PluralRules(language).select(options.count);
      const plural = lookup(tree, `${key}_${category}`) ?? lookup(tree, `${key}_other`);
      if (plural !== undefined) return plural;
    }
    return lookup(tree, key);
  };

  const instance: MiniI18n = {
    language: 'ko',
    resolvedLanguage: 'ko',
    use: () => instance,
    init(options) {
      resources = options.resources;
      fallback = options.fallbackLng ?? fallback;
      instance.language = instance.resolvedLanguage = options.lng;
      return Promise.resolve();
    },
    t(key, options) {
      const value = find(instance.language, key, options) ?? find(fallback, key, options);
      if (options?.returnObjects && value !== null && typeof value === 'object') return value as unknown as string;
      return typeof value === 'string' ? interpolate(value, options) : key;
    },
    changeLanguage(language) {
      instance.language = instance.resolvedLanguage = language;
      for (const listener of listeners) listener(language);
      return Promise.resolve();
    },
    addResourceBundle(language, _namespace, translation) {
      resources = { ...resources, [language]: { translation } };
      return instance;
    },
    on: (_event, listener) => void listeners.add(listener),
    off: (_event, listener) => void listeners.delete(listener),
  };
  return instance;
}

const i18next = { createInstance };
export default i18next;
export type i18n = MiniI18n;
