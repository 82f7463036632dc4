/**
 * The id of the empty element that ends a rendered page's first view (decision 0091): the api's page holds its first
 * frame until the browser has inserted that element (`<link rel="expect" blocking="render">`), so the first paint is
 * the whole first view, not the site's header with the page's status a frame or more later. Chromium lets the frame
 * go once the element's start tag is in, not once its content is (seen in Chromium 156), so the marker is an empty
 * element after the first view's content, never the content's own container. A page has at most one; a page without
 * one paints as soon as its styles are in.
 */
export const FIRST_VIEW_END = 'first-view-end';

/** The first view's end when the markup has it. */
export function firstViewOf(html: string): string | undefined {
  return html.includes(` id="${FIRST_VIEW_END}"`) ? FIRST_VIEW_END : undefined;
}
