/**
 * Intl formatters, made once per locale and options and kept (decision 0041). Making one costs far more than
 * using it (Chromium loads its locale data then: a date format with a time zone took ~20 ms of a phone-speed
 * first view, and the map page made one per render); `value.toLocaleString(locale, options)` makes one per call.
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

/**
 * Makes the date formats the public pages use first, while the page waits for its data (decision 0041): the
 * first date format of a page load pays for the locale's data (tens of ms on a phone), and otherwise it lands in
 * the task that draws the data. The time-zone format is made for the zone the browser is in; the programs' own
 * zone, if another, then costs little more.
 */
export function warmDateFormats(locale: string): void {
  dateTimeFormat(locale, { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' });
  dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
}
