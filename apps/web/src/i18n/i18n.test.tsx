import { MESSAGES } from '@beach/domain/messages';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PUBLIC_NAV } from '../app/public-nav';
import { storeWelcomeDismissed } from '../features/welcome/welcome-storage';
import { mockFetch } from '../test/fetch-mock';
import { renderApp } from '../test/render-app';
import { en } from './en';
import { es } from './es';
import { LANGUAGE_KEY, currentLanguage, i18n, restoreLanguage, setLanguage } from './index';

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
  document.documentElement.lang = 'en';
});

function keysOf(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, inner]) =>
    typeof inner === 'string' ? [`${prefix}${key}`] : keysOf(inner as object, `${prefix}${key}.`),
  );
}

describe('interface text', () => {
  it('uses the specification’s labels and messages verbatim in English', () => {
    for (const entry of PUBLIC_NAV) expect(en.nav[entry.id]).toBe(entry.label);
    expect(en.downloads.heading).toBe('Download Data');
    expect(en.downloads.clearFilters).toBe('Clear Filters');
    expect(en.downloads.loadingFilters).toBe(MESSAGES.loadingFilters);
    expect(en.downloads.filtersFailed).toBe(MESSAGES.filtersLoadFailed);
    expect(en.downloads.municipalityHint).toBe(MESSAGES.municipalityHint);
    expect(en.downloads.countError).toBe(MESSAGES.countError);
    expect(en.downloads.unknownCount).toBe(MESSAGES.unknownCount);
  });

  it('has a Spanish text for every English one, with the same placeholders', () => {
    expect(keysOf(es)).toEqual(keysOf(en));
    const placeholders = (text: string) => [...text.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();
    for (const key of keysOf(en)) {
      const pick = (tree: object) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree) as string;
      expect(placeholders(pick(es)), key).toEqual(placeholders(pick(en)));
    }
  });
});

describe('language switch', () => {
  function renderPublic(path: string) {
    mockFetch({
      'GET /api/public/faqs/': { body: { code: 'FAQS_FOUND', payload: [] } },
    });
    storeWelcomeDismissed();
    return renderApp(path);
  }

  it('switches the public pages to Spanish and back, remembers the choice and sets <html lang>', async () => {
    const { user } = renderPublic('/faqs');
    expect(await screen.findByRole('heading', { level: 1, name: 'FAQs' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Program navigation' });
    expect(within(nav).getByRole('link', { name: 'Map' })).toBeInTheDocument();
    const toSpanish = screen.getByRole('button', { name: 'Español' });
    expect(toSpanish).toHaveAttribute('lang', 'es');

    await user.click(toSpanish);
    const spanishNav = await screen.findByRole('navigation', { name: 'Navegación del programa' });
    expect(within(spanishNav).getByRole('link', { name: 'Mapa' })).toBeInTheDocument();
    expect(within(spanishNav).getByRole('link', { name: 'Información importante' })).toBeInTheDocument();
    expect(within(spanishNav).getByRole('button', { name: 'Datos de playas' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Preguntas frecuentes' })).toBeInTheDocument();
    expect(screen.getByText('Todavía no se han publicado preguntas.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Saltar al contenido principal' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('es');
    await waitFor(() => expect(document.title).toBe('Preguntas frecuentes | Portal de Playas'));
    expect(window.localStorage.getItem(LANGUAGE_KEY)).toBe('es');

    const toEnglish = screen.getByRole('button', { name: 'English' });
    expect(toEnglish).toHaveAttribute('lang', 'en');
    await user.click(toEnglish);
    expect(await within(screen.getByRole('navigation', { name: 'Program navigation' })).findByRole('link', { name: 'Map' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(window.localStorage.getItem(LANGUAGE_KEY)).toBe('en');
  });

  it('opens the Download Data dialog in Spanish', async () => {
    const { user } = renderPublic('/faqs');
    await act(() => setLanguage('es'));
    await user.click(await screen.findByRole('button', { name: 'Datos de playas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Descargar datos' });
    expect(within(dialog).getByRole('button', { name: 'Cerrar' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cerrar esta ventana' })).toBeInTheDocument();
  });

  it('restores a stored choice at start-up', async () => {
    window.localStorage.setItem(LANGUAGE_KEY, 'es');
    await restoreLanguage();
    expect(currentLanguage()).toBe('es');
    window.localStorage.setItem(LANGUAGE_KEY, 'xx');
    await act(() => i18n.changeLanguage('en'));
    await restoreLanguage();
    expect(currentLanguage()).toBe('en');
  });

  it('gives the portal back its English <html lang>', async () => {
    const { router } = renderPublic('/faqs');
    await act(() => setLanguage('es'));
    await screen.findByRole('navigation', { name: 'Navegación del programa' });
    expect(document.documentElement.lang).toBe('es');
    await act(() => router.navigate('/login'));
    await screen.findByRole('heading', { level: 1, name: /log ?in/i });
    expect(document.documentElement.lang).toBe('en');
  });
});
