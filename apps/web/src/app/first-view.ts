/**
 * The ids of the empty elements that end a rendered page's first view (decision 0091): the api's page holds its first
 * frame until the browser has inserted each of them (`<link rel="expect" blocking="render">`), so the first paint is
 * the whole first view, not the site's header with the page's status or the welcome pop-up a frame or more later.
 * Chromium lets the frame go once an element's start tag is in, not once its content is (seen in Chromium 156), so a
 * marker is an empty element after the content it ends, never the content's own container.
 */
export const FIRST_VIEW_ENDS = {
  /** After the part of a page's own content that a phone shows first (a beach's status). */
  page: 'first-view-end',
  /** After a first visit's welcome pop-up, which covers the page from its first paint. */
  welcome: 'welcome-end',
} as const;

/** The first view's ends that the markup has, in the order above. */
export function firstViewEnds(html: string): string[] {
  return Object.values(FIRST_VIEW_ENDS).filter((id) => html.includes(` id="${id}"`));
}
