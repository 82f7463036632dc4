import { describe, expect, it } from 'vitest';
import { PUBLIC_NAV, isCurrentPath } from './public-nav';

describe('public navigation', () => {
  it('has exactly the routes and labels of SPEC 2, in order', () => {
    expect(PUBLIC_NAV.map((e) => (e.kind === 'link' ? `${e.path} ${e.label}` : `(modal) ${e.label}`))).toEqual([
      '/ Map',
      '/beach-actions Beach Actions',
      '(modal) Beach Data',
      '/daily-flight-reports Daily Flights',
      '/news Important Information',
      '/reports-and-publications Reports',
      '/faqs FAQs',
      '/links-and-partners Links and Partners',
      '/social-media Social Media',
    ]);
  });

  it('compares the lower-cased current path', () => {
    expect(isCurrentPath('/NEWS', '/news')).toBe(true);
    expect(isCurrentPath('/Beach-Actions/', '/beach-actions')).toBe(true);
    expect(isCurrentPath('/news/12', '/news')).toBe(true);
    expect(isCurrentPath('/newsletter', '/news')).toBe(false);
    expect(isCurrentPath('/', '/')).toBe(true);
    expect(isCurrentPath('/faqs', '/')).toBe(false);
  });
});
