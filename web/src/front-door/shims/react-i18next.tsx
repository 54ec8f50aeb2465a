/**
 * The front door's stand-in for react-i18next (issue 11): `useTranslation` (re-rendering on a language change),
 * `I18nextProvider`, and `Trans` for texts with `<name>…</name>` tags filled by `components`. See ./i18next.ts.
 */
import {
  cloneElement,
  createContext,
  isValidElement,
  useContext,
  useEffect,
  useReducer,
  type ReactElement,
  type ReactNode,
} from 'react';
import type { MiniI18n, TOptions } from './i18next.ts';

const I18nContext = createContext<MiniI18n | null>(null);

export const initReactI18next = { type: '3rdParty', init: () => {} };

export function I18nextProvider({ i18n, children }: { i18n: MiniI18n; children: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

export function useTranslation() {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useTranslation outside I18nextProvider');
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    i18n.on('languageChanged', rerender);
    return () => i18n.off('languageChanged', rerender);
  }, [i18n]);
  // a new function per language, so memoised callbacks that depend on `t` follow a switch
  const t = (key: string, options?: TOptions) => i18n.t(key, options);
  return { t, i18n, ready: true };
}

/** `<Trans i18nKey="…" components={{ terms: <a/> }} />`: the text with each `<terms>…</terms>` as that element. */
export function Trans({
  i18nKey,
  values,
  components = {},
}: {
  i18nKey: string;
  values?: TOptions;
  components?: Record<string, ReactElement>;
}) {
  const { t } = useTranslation();
  const text = t(i18nKey, values);
  const parts: ReactNode[] = [];
  const tag = /<(\w+)>(.*?)<\/\1>/g;
  let last = 0;
  for (let match = tag.exec(text); match; match = tag.exec(text)) {
    const [whole, name = '', inner = ''] = match;
    parts.push(text.slice(last, match.index));
    const element = components[name];
    parts.push(isValidElement(element) ? cloneElement(element, { key: parts.length }, inner) : inner);
    last = match.index + whole.length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}
