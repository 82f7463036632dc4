/**
 * The two cookies a public page's server render reads (decision 0067): copies of choices the browser keeps in its
 * own storage, so the HTML the server sends is the page this visitor's app will draw. Nothing else reads them.
 * The api keys its cache of rendered pages by what they say, and its pages vary by Cookie.
 */

/** The visitor's language when it is not English ('es'). */
export const LANGUAGE_COOKIE = 'beach-portal-language';

/** Present once this browser has closed the welcome pop-up (decision 0073). */
export const WELCOME_COOKIE = 'beach-portal-welcome';

/** A cookie's value in a Cookie header (`a=1; b=2`), undefined when it is not there. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/** What a request's cookies tell the server's render of a public page. */
export function pageCookies(header: string | undefined): { spanish: boolean; welcomeDismissed: boolean } {
  return {
    spanish: cookieValue(header, LANGUAGE_COOKIE) === 'es',
    welcomeDismissed: Boolean(cookieValue(header, WELCOME_COOKIE)),
  };
}
