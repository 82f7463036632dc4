import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { en } from './en';

/**
 * The public site's interface text in English and Spanish (i18next). English ships with the page;
 * Spanish is a separate chunk loaded when chosen. Content entered by staff (news, FAQs, reports...)
 * is shown as entered. The portal stays in English.
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

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  // React escapes what it renders.
  interpolation: { escapeValue: false },
  // Resources are added before a language is switched to, so nothing ever suspends.
  react: { useSuspense: false },
  initAsync: false,
});

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

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

/** Switches the interface language, loading its text first, and remembers the choice. */
export async function setLanguage(language: Language): Promise<void> {
  await loadResources(language);
  await i18n.changeLanguage(language);
  try {
    window.localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Storage blocked: the choice lasts for this page view.
  }
}

/** Applies the stored choice at start-up (before the first render, so a Spanish visitor sees no English flash). */
export async function restoreLanguage(): Promise<void> {
  const language = storedLanguage();
  if (language === currentLanguage()) return;
  try {
    await loadResources(language);
    await i18n.changeLanguage(language);
  } catch {
    // The Spanish chunk could not load (offline): stay in English.
  }
}

/** `t` and the current language for public-site components. */
export function usePublicText() {
  const { t, i18n: instance } = useTranslation(undefined, { i18n });
  return { t, language: isLanguage(instance.language) ? instance.language : 'en' };
}

/** Dates as the visitor's language writes them ('July 4, 2026' / '4 de julio de 2026'); input is YYYY-MM-DD. */
export function formatDate(isoDate: string, language: Language, style: 'long' | 'short' = 'long'): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!match) return isoDate;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return new Intl.DateTimeFormat(language === 'es' ? 'es-US' : 'en-US', {
    timeZone: 'UTC',
    year: 'numeric',
    month: style === 'long' ? 'long' : 'short',
    day: 'numeric',
  }).format(date);
}

export function formatNumber(value: number, language: Language): string {
  return new Intl.NumberFormat(language === 'es' ? 'es-US' : 'en-US').format(value);
}
