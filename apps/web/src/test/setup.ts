import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { WELCOME_COOKIE } from '@beach/domain/page-cookies';
import { i18n, LANGUAGE_COOKIE } from '../i18n';

// Lazy routes are compiled on first use; under a parallel run that can take a few seconds.
configure({ asyncUtilTimeout: 5000 });

// fetchBaseQuery builds `new Request('/api/...')`; Node's Request needs an absolute URL, as a browser
// page would resolve it against its own address.
const NodeRequest = globalThis.Request;
class PageRequest extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, window.location.href) : input, init);
  }
}
globalThis.Request = PageRequest as typeof Request;

// jsdom lays nothing out, so every element has zero client rects and focus-trap (inside the USWDS modal)
// finds nothing it can focus. Report one rect for any element not inside [hidden].
Element.prototype.getClientRects = function getClientRects(this: Element) {
  const rects = this.closest('[hidden]') ? [] : [{ x: 0, y: 0, width: 1, height: 1, top: 0, left: 0, right: 1, bottom: 1 }];
  return rects as unknown as DOMRectList;
};

beforeEach(() => {
  window.localStorage.clear();
});

// Test files share one module graph and one document in a worker (isolate: false, decision 0071): each test
// ends as the next one expects to start, in English, with neither page cookie and no rendered tree.
afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  await i18n.changeLanguage('en');
  document.cookie = `${LANGUAGE_COOKIE}=; path=/; max-age=0`;
  document.cookie = `${WELCOME_COOKIE}=; path=/; max-age=0`;
  document.documentElement.lang = 'en';
});
