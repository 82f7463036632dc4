import { describe, expect, it } from 'vitest';
import { cookieValue, LANGUAGE_COOKIE, pageCookies, WELCOME_COOKIE } from './page-cookies';

describe('cookieValue', () => {
  it('finds a cookie anywhere in the header, spaces or none', () => {
    expect(cookieValue('a=1; b=2', 'b')).toBe('2');
    expect(cookieValue('a=1;b=2', 'a')).toBe('1');
    expect(cookieValue(' b = 3 ', 'b')).toBe('3');
  });

  it('does not take a cookie whose name only ends or starts with the one asked for', () => {
    expect(cookieValue('xbeach-portal-language=es', LANGUAGE_COOKIE)).toBeUndefined();
    expect(cookieValue('beach-portal-language-old=es', LANGUAGE_COOKIE)).toBeUndefined();
  });

  it('is undefined without a header, without the cookie, or for a part without a name', () => {
    expect(cookieValue(undefined, 'a')).toBeUndefined();
    expect(cookieValue('', 'a')).toBeUndefined();
    expect(cookieValue('=a; b', 'a')).toBeUndefined();
  });

  it('keeps an "=" inside the value', () => {
    expect(cookieValue('t=a=b', 't')).toBe('a=b');
  });
});

describe('pageCookies', () => {
  it('reads the language and the welcome pop-up\'s dismissal', () => {
    expect(pageCookies(undefined)).toEqual({ spanish: false, welcomeDismissed: false });
    expect(pageCookies(`${LANGUAGE_COOKIE}=es; ${WELCOME_COOKIE}=2026-11-30`)).toEqual({ spanish: true, welcomeDismissed: true });
    expect(pageCookies(`${LANGUAGE_COOKIE}=fr; ${WELCOME_COOKIE}=`)).toEqual({ spanish: false, welcomeDismissed: false });
  });
});
