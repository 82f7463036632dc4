/**
 * Natural order of names (issue 28): numbers inside a name compare by value, so beaches read
 * "5th Avenue, 10th Avenue, 16th Avenue, 111th Street" and not "10th, 111th, 14th, 5th" as plain text
 * sorting (and SQL's ORDER BY) gives. Case and accents only break ties. Used wherever the portal and the
 * public site sort beach and station names for display, in the API (after its query) and in the web.
 */
// Made on the first comparison, not when the module loads: the first Intl object a page makes costs 5-60 ms while
// the browser loads its ICU data (decision 0048), and this module is in the public first view's script, evaluated
// before the ICU warm-up worker has run. Most first views never sort a name.
let collator: Intl.Collator | undefined;

/** Two names in natural order; a missing name sorts last. */
export function compareNames(a: string | null | undefined, b: string | null | undefined): number {
  if (a == null || b == null) return a == null ? (b == null ? 0 : 1) : -1;
  collator ??= new Intl.Collator('en-US', { numeric: true });
  return collator.compare(a, b);
}

/** A station by its beach's name, then its own name (both in natural order). */
export function compareBeachStations(a: { beach_name: string; station_name: string }, b: { beach_name: string; station_name: string }): number {
  return compareNames(a.beach_name, b.beach_name) || compareNames(a.station_name, b.station_name);
}

/** A copy of `items` in natural order of the name `nameOf` gives (a stable sort: equal names keep their order). */
export function sortByName<T>(items: readonly T[], nameOf: (item: T) => string): T[] {
  return [...items].sort((a, b) => compareNames(nameOf(a), nameOf(b)));
}
