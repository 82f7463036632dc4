import { renderToString } from 'react-dom/server';
import { pageCookies } from '@beach/domain/page-cookies';
import { isStaffPage } from '@beach/domain/site-paths';
import { Provider } from 'react-redux';
import { StaticRouter, useRoutes } from 'react-router';
import { startBannerRead, startFirstReads } from '../app/first-reads';
import { preloadRoutePages } from '../app/lazy-page';
import { routes } from '../app/routes';
import type { ServedAnswer } from '../app/served-reads';
import { loadSwitches } from '../app/site-switches';
import { ServedWelcomeDismissal } from '../features/welcome/welcome-storage';
import { makeStore } from '../app/store';
import { firstViewEnds } from '../app/first-view';
import { pageSources } from './page-sources';
import { i18n, languageOfCookie, switchLanguage, type Language } from '../i18n';

/**
 * The server's render of a public page (decision 0067): the app's own route table and components, rendered to HTML
 * in the api with the page's first reads answered by the api's own public routes. The api puts the HTML in the
 * page's #root and the answers in its data block; the browser then renders the same components from the same
 * answers and takes the markup over. Built by Vite as an SSR bundle (dist/.ssr/render-page.js) that the api loads.
 */

export interface RenderInput {
  /** The page's address: path and query. */
  url: string;
  /** The request's Cookie header (the visitor's language and the welcome pop-up's dismissal: page-cookies.ts). */
  cookie: string | undefined;
  /** Reads a public GET route of the api (`key` as served-reads' readKey: 'public/beaches/12'). */
  read(key: string): Promise<ServedAnswer>;
}

export interface RenderedPage {
  /** The markup of the app's root element. */
  html: string;
  /** The page's language ('en' or 'es'), for <html lang>. */
  language: Language;
  /** The browser tab's title, escaped for HTML (the page's h1 and the site's name, as the page sets it). */
  title: string;
  /** The reads the render answered, by key: the page's data block (served-reads.ts). */
  reads: Record<string, ServedAnswer>;
  /** 404 when the page's subject is not public (an unknown or hidden beach), else 200. */
  status: number;
  /** The source modules of the page's chunks (page-sources.ts): the api links their stylesheets in the page. */
  sources: string[];
  /** The ids of the elements the page's first view ends with (first-view.ts): its first paint waits for them. */
  firstViewEnds: string[];
}

function AppRoutes() {
  return useRoutes(routes);
}

/** The switches' read: the page carries them in their own block (decision 0020). */
const SWITCHES_KEY = 'public/switches/';


/** Renders the public page at `url`; null for the staff portal's pages (the browser renders those). */
export async function renderPage({ url, cookie, read }: RenderInput): Promise<RenderedPage | null> {
  const parsed = new URL(url, 'http://server.invalid');
  if (isStaffPage(parsed.pathname)) return null;
  const reads: Record<string, ServedAnswer> = {};
  const store = makeStore({
    reads: {
      async answer(key) {
        reads[key] ??= await read(key);
        return reads[key];
      },
    },
  });
  const language = languageOfCookie(cookie);
  // The page's chunk, its first reads and the site switches (the page carries those in a block of their own), as
  // main.tsx waits for them before the browser's first render; and the language's text.
  const switches = loadSwitches(store.dispatch);
  await Promise.all([
    preloadRoutePages(routes, parsed),
    startFirstReads(store.dispatch, parsed),
    switches,
    startBannerRead(store.dispatch, parsed, switches),
    language === 'en' ? null : switchLanguage(language),
  ]);
  delete reads[SWITCHES_KEY];
  // Synchronous from here to the end of the render: the interface language is the module's, set for this render
  // alone (changeLanguage sets it before its first await) and set back before any other render can run.
  let html: string;
  let siteName: string;
  try {
    void i18n.changeLanguage(language);
    siteName = i18n.t('layout.siteName');
    html = renderToString(
      <Provider store={store}>
        <ServedWelcomeDismissal.Provider value={pageCookies(cookie).welcomeDismissed}>
          <StaticRouter location={parsed.pathname + parsed.search}>
            <AppRoutes />
          </StaticRouter>
        </ServedWelcomeDismissal.Provider>
      </Provider>,
    );
  } finally {
    void i18n.changeLanguage('en');
  }
  const heading = /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.replace(/<[^>]*>/g, '');
  const title = heading ? `${heading} | ${escapeHtml(siteName)}` : escapeHtml(siteName);
  const notFound = Object.entries(reads).some(([key, answer]) => /^public\/beaches\/\d+$/.test(key) && answer.status === 404);
  return { html, language, title, reads, status: notFound ? 404 : 200, sources: pageSources(parsed.pathname), firstViewEnds: firstViewEnds(html) };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
