import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, setLanguage, usePublicText } from './index';
// The pages' English text (reports.count below) is added when a page's chunk loads; here, at once.
import './page-text';

// The i18n module's own runtime (in place of i18next's): what the interface text relies on.

/** `t` without key checking, for the made-up keys below. */
const t = (key: string | string[], options?: object | string) =>
  (i18n.t as unknown as (key: string | string[], options?: object | string) => string)(key, options);

i18n.addResourceBundle('en', 'translation', {
  zzTest: {
    greeting: 'Hello {{name}}, {{ name }} again',
    nested: 'From {{place.town}}',
    total: '{{value, number}} records',
    apples_zero: 'no apples',
    apples_one: 'one apple',
    apples_other: '{{count}} apples',
    englishOnly: 'Only in English',
  },
});

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('interface text runtime', () => {
  it('reads nested keys and fills {{placeholders}}', () => {
    expect(t('zzTest.greeting', { name: 'Ana' })).toBe('Hello Ana, Ana again');
    expect(t('zzTest.nested', { place: { town: 'Cape May' } })).toBe('From Cape May');
    expect(t('zzTest.total', { value: 12345 })).toBe('12,345 records');
    expect(i18n.t('layout.officialSite', { state: 'State of New Jersey' })).toBe('An official website of the State of New Jersey');
  });

  it('leaves a placeholder that was not passed, and empties one passed as undefined or null (as i18next)', () => {
    expect(t('zzTest.greeting')).toBe('Hello {{name}}, {{ name }} again');
    expect(t('zzTest.greeting', { name: undefined })).toBe('Hello ,  again');
    expect(t('zzTest.greeting', { name: null })).toBe('Hello ,  again');
  });

  it('picks the plural form for count (zero, one, other)', () => {
    expect(t('zzTest.apples', { count: 0 })).toBe('no apples');
    expect(t('zzTest.apples', { count: 1 })).toBe('one apple');
    expect(t('zzTest.apples', { count: 2 })).toBe('2 apples');
    expect(i18n.t('reports.count', { count: 1 })).toBe('1 report');
    expect(i18n.t('reports.count', { count: 3 })).toBe('3 reports');
  });

  it('falls back to English, then to a default value or the key itself', async () => {
    await act(() => setLanguage('es'));
    expect(i18n.language).toBe('es');
    expect(i18n.t('reports.count', { count: 1 })).toBe('1 informe');
    // Spanish's 'many' form (a million) falls back to its 'other' form.
    expect(i18n.t('reports.count', { count: 1_000_000 })).toBe('1000000 informes');
    expect(t('zzTest.englishOnly')).toBe('Only in English');
    expect(t('zzTest.missing', 'Default text')).toBe('Default text');
    expect(t('zzTest.missing')).toBe('zzTest.missing');
    expect(t(['zzTest.missing', 'zzTest.englishOnly'])).toBe('Only in English');
  });

  it('re-renders components on a language change, with a new t for the new language', async () => {
    const { result } = renderHook(() => usePublicText());
    const englishT = result.current.t;
    expect(result.current.language).toBe('en');
    expect(result.current.t('reports.count', { count: 2 })).toBe('2 reports');

    await act(() => setLanguage('es'));
    expect(result.current.language).toBe('es');
    expect(result.current.t).not.toBe(englishT);
    expect(result.current.t('reports.count', { count: 2 })).toBe('2 informes');

    await act(() => i18n.changeLanguage('en'));
    expect(result.current.t).toBe(englishT);
  });

  it('ignores an unsupported language', async () => {
    await act(() => i18n.changeLanguage('fr'));
    expect(i18n.language).toBe('en');
  });
});
