/** Where the welcome pop-up's dismissal is kept: this browser's local storage, no expiry. */
export const WELCOME_DISMISSED_KEY = 'beach-portal:welcome-dismissed';

export function isWelcomeDismissed(): boolean {
  try {
    return window.localStorage.getItem(WELCOME_DISMISSED_KEY) !== null;
  } catch {
    // Storage blocked (private mode, policy): behave as not dismissed for this page view.
    return false;
  }
}

export function storeWelcomeDismissed(now: number = Date.now()): void {
  try {
    window.localStorage.setItem(WELCOME_DISMISSED_KEY, new Date(now).toISOString());
  } catch {
    // Nothing to do: the pop-up stays closed until the page is reloaded.
  }
}
