/**
 * Loads the browser's ICU data off the main thread (decision 0048). The first Intl object a page makes costs
 * 30-60 ms of main-thread time on a desktop (four times that on a phone) while Chromium loads its locale data;
 * the data is shared by the renderer process, so once a worker has made a formatter, the page's own first
 * date and number formats cost about a millisecond.
 */
for (const locale of ['en-US', 'es-US']) {
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/New_York' }).format(0);
  new Intl.NumberFormat(locale).format(1234.5);
}
// Names sort in natural order (packages/domain/src/names.ts): collation has data of its own.
new Intl.Collator('en-US', { numeric: true }).compare('5th Avenue', '10th Avenue');
close();

// A module (the worker is started with type: 'module'), which its test imports.
export {};
