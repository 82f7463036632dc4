import { createContext } from 'react';
import { cookieValue, WELCOME_COOKIE } from '@beach/domain/page-cookies';

/** Where the welcome pop-up's dismissal is kept: this browser's local storage, no expiry. */
export const WELCOME_DISMISSED_KEY = 'beach-portal:welcome-dismissed';

/**
 * The dismissal as the server's render of a page knows it, from WELCOME_COOKIE (decision 0073): the server draws the
 * pop-up into a first visit's HTML, and the browser's first render must draw what the server drew.
 */
export const ServedWelcomeDismissal = createContext(false);

export function isWelcomeDismissed(): boolean {
  try {
    return window.localStorage.getItem(WELCOME_DISMISSED_KEY) !== null || welcomeCookieSet();
  } catch {
    // Storage blocked (private mode, policy): the cookie alone, else not dismissed for this page view.
    return welcomeCookieSet();
  }
}

export function storeWelcomeDismissed(now: number = Date.now()): void {
  try {
    window.localStorage.setItem(WELCOME_DISMISSED_KEY, new Date(now).toISOString());
  } catch {
    // Nothing to do: the cookie below, or the pop-up stays closed until the page is reloaded.
  }
  rememberDismissalForServer(now);
}

/**
 * The cookie that tells the server not to draw the pop-up: a copy of the stored dismissal, set with it, and set
 * again when a browser dismissed it before the cookie existed (or the cookie expired) so its next page is right.
 */
export function rememberDismissalForServer(now: number = Date.now()): void {
  if (welcomeCookieSet()) return;
  try {
    // 400 days: the longest a browser keeps a cookie. The date alone: the value means nothing to the server.
    document.cookie = `${WELCOME_COOKIE}=${new Date(now).toISOString().slice(0, 10)}; path=/; max-age=34560000; samesite=lax`;
  } catch {
    // Cookies blocked: the server draws the pop-up and the app takes it away again.
  }
}

function welcomeCookieSet(): boolean {
  try {
    return Boolean(cookieValue(document.cookie, WELCOME_COOKIE));
  } catch {
    return false;
  }
}
