import { useSyncExternalStore } from 'react';
import type { TFunction } from 'i18next';
import { cookieValue, LANGUAGE_COOKIE } from '@beach/domain/page-cookies';
import { enCore } from './en-core';
import { dateTimeFormat, numberFormat } from './intl-cache';

/**
 * The public site's interface text in English and Spanish. English ships with the page; Spanish is a
 * separate chunk loaded when chosen. Content entered by staff (news, FAQs, reports...) is shown as
 * entered. The portal stays in English.
 *
 * The text follows i18next's resource format and `t` keeps i18next's typing (keys are checked, see
 * i18next.d.ts), but the runtime is the small one below: the site uses only nested keys, {{name}}
 * placeholders and _one/_other plurals, and i18next with react-i18next would add some 18 KB (gzip) to the
 * landing page, whose first load has a 200 KB budget (scripts/bundle-budget.mjs).
 */

export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * The language staff enter content in (news, FAQs, reports...). It is shown as entered, so on a page in
 * another language it is marked with this lang, and screen readers read it in the right voice.
 */
export const CONTENT_LANGUAGE = 'en';

/** Where the visitor's choice is kept: this browser's local storage. */
export const LANGUAGE_KEY = 'beach-portal:language';

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

type Resources = { [key: string]: string | Resources };
type TranslateOptions = { count?: number; defaultValue?: string; [name: string]: unknown };

/**
 * Loaded resources per language: English's first-view text from the start (the rest comes with the pages,
 * page-text.ts), Spanish whole once its chunk has loaded.
 */
const bundles: Partial<Record<Language, Resources>> = { en: enCore };
let language: Language = 'en';
const listeners = new Set<() => void>();

function lookup(lng: Language, key: string): string | undefined {
  let node: string | Resources | undefined = bundles[lng];
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const pluralRules = new Map<Language, Intl.PluralRules>();
function pluralCategory(lng: Language, count: number): string {
  let rules = pluralRules.get(lng);
  if (!rules) pluralRules.set(lng, (rules = new Intl.PluralRules(lng)));
  return rules.select(count);
}

/** The text for `key` in `lng`: with a count, its plural form (key_one, key_other...), as i18next picks it. */
function resolve(lng: Language, key: string, count: number | undefined): string | undefined {
  if (typeof count !== 'number') return lookup(lng, key);
  const forms = [`${key}_${pluralCategory(lng, count)}`, `${key}_other`, key];
  if (count === 0) forms.unshift(`${key}_zero`);
  for (const form of forms) {
    const text = lookup(lng, form);
    if (text !== undefined) return text;
  }
  return undefined;
}

/**
 * {{name}} (also {{- name}}, {{obj.field}} and {{value, number}}) from `values`, as i18next does it: a name
 * not passed stays as written; one passed as undefined or null becomes ''.
 */
function interpolate(lng: Language, text: string, values: TranslateOptions): string {
  return text.replace(/{{-?\s*([\w.]+)\s*(?:,\s*(\w+)\s*)?}}/g, (placeholder, path: string, format?: string) => {
    const value = path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | null | undefined)?.[part], values);
    if (value === undefined) return Object.hasOwn(values, path) ? '' : placeholder;
    if (value === null) return '';
    if (format === 'number' && typeof value === 'number') return formatNumber(value, lng);
    return String(value);
  });
}

function translate(lng: Language, keys: string | readonly string[], options?: string | TranslateOptions): string {
  const values: TranslateOptions = typeof options === 'string' ? { defaultValue: options } : (options ?? {});
  const candidates = typeof keys === 'string' ? [keys] : keys;
  for (const lookupLanguage of lng === 'en' ? (['en'] as const) : ([lng, 'en'] as const)) {
    for (const key of candidates) {
      const text = resolve(lookupLanguage, key, values.count);
      if (text !== undefined) return interpolate(lng, text, values);
    }
  }
  // Like i18next: the default value when given, else the key itself.
  return interpolate(lng, values.defaultValue ?? candidates[candidates.length - 1] ?? '', values);
}

/** One `t` per language: a stable function, replaced when the language changes (so memoised text updates). */
const translators = new Map<Language, TFunction>();
function translatorFor(lng: Language): TFunction {
  let t = translators.get(lng);
  if (!t) {
    t = ((keys: string | readonly string[], options?: string | TranslateOptions) => translate(lng, keys, options)) as unknown as TFunction;
    translators.set(lng, t);
  }
  return t;
}

/**
 * The interface language and its text, with the subset of i18next's instance API the app uses: the current
 * language, t, changeLanguage and resource bundles.
 */
export const i18n = {
  get language(): Language {
    return language;
  },
  get t(): TFunction {
    return translatorFor(language);
  },
  hasResourceBundle(lng: string, namespace: string): boolean {
    return namespace === 'translation' && isLanguage(lng) && bundles[lng] !== undefined;
  },
  /** Adds text to a language, over what it has (a shallow merge, as i18next's addResourceBundle). */
  addResourceBundle(lng: Language, namespace: 'translation', resources: Resources): void {
    if (namespace === 'translation') bundles[lng] = { ...bundles[lng], ...resources };
  },
  /** Switches to a supported language (an unsupported one is ignored); its text should be loaded first. */
  async changeLanguage(lng: string): Promise<void> {
    if (!isLanguage(lng) || lng === language) return;
    language = lng;
    for (const listener of listeners) listener();
  },
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const getLanguage = () => language;

export function storedLanguage(): Language {
  try {
    const value = window.localStorage.getItem(LANGUAGE_KEY);
    return isLanguage(value) ? value : 'en';
  } catch {
    return 'en';
  }
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'en';
}

async function loadResources(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  if (language === 'es') {
    const { es } = await import('./es');
    i18n.addResourceBundle('es', 'translation', es);
  }
}

/**
 * LANGUAGE_COOKIE tells the server the visitor's language, so it renders a public page in it (decision 0067):
 * a copy of the stored choice, set with it.
 */
export { LANGUAGE_COOKIE };

function rememberForServer(language: Language): void {
  try {
    document.cookie =
      language === 'en' ? `${LANGUAGE_COOKIE}=; path=/; max-age=0; samesite=lax` : `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
  } catch {
    // No document (a test's or the server's render): nothing to tell.
  }
}

/** The language a Cookie header's LANGUAGE_COOKIE names (the server's render, decision 0067); English without. */
export function languageOfCookie(header: string | undefined): Language {
  const value = cookieValue(header, LANGUAGE_COOKIE);
  return isLanguage(value) ? value : 'en';
}

/** Switches the interface language, loading its text first, without remembering it (the server's render). */
export async function switchLanguage(language: Language): Promise<void> {
  await loadResources(language);
  await i18n.changeLanguage(language);
}

/** Switches the interface language, loading its text first, and remembers the choice. */
export async function setLanguage(language: Language): Promise<void> {
  await switchLanguage(language);
  try {
    window.localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Storage blocked: the choice lasts for this page view.
  }
  rememberForServer(language);
}

/**
 * Applies the stored choice at start-up (before the first render, so a Spanish visitor sees no English flash),
 * and keeps the server's copy of it (the cookie) in step with it.
 */
export async function restoreLanguage(): Promise<void> {
  const language = storedLanguage();
  if (language !== languageOfCookie(typeof document === 'undefined' ? undefined : document.cookie)) rememberForServer(language);
  if (language === currentLanguage()) return;
  try {
    await loadResources(language);
    await i18n.changeLanguage(language);
  } catch {
    // The Spanish chunk could not load (offline): stay in English.
  }
}

/** `t` and the current language for public-site components; they re-render when the language changes. */
export function usePublicText(): { t: TFunction; language: Language } {
  const current = useSyncExternalStore(subscribe, getLanguage, getLanguage);
  return { t: translatorFor(current), language: current };
}

/** Dates as the visitor's language writes them ('July 4, 2026' / '4 de julio de 2026'); input is YYYY-MM-DD. */
export function formatDate(isoDate: string, language: Language, style: 'long' | 'short' = 'long'): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!match) return isoDate;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return dateTimeFormat(language === 'es' ? 'es-US' : 'en-US', {
    timeZone: 'UTC',
    year: 'numeric',
    month: style === 'long' ? 'long' : 'short',
    day: 'numeric',
  }).format(date);
}

/**
 * The day after a 'YYYY-MM-DD' day (public date pickers stop at tomorrow, SPEC 5). Here beside formatDay
 * rather than taken from the domain package: this module is in the landing page's first chunk, and a
 * shared helper of two lazily loaded pages would cost a chunk of its own (decision 0016's budget).
 */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** 'YYYY-MM-DD' as 'Jul 15, 2026' / '15 jul 2026' (a calendar day: no time-zone shift); anything else as it is. */
export function formatDay(day: string, language: Language): string {
  return Number.isNaN(Date.parse(`${day}T00:00:00Z`)) ? day : formatDate(day, language, 'short');
}

export function formatNumber(value: number, language: Language): string {
  return numberFormat(language === 'es' ? 'es-US' : 'en-US').format(value);
}
