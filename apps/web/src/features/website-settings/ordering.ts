import { compareNames, type BeachOrderingStation } from '@beach/domain';

/** A beach as Beach Ordering moves it: its primary station and the brackets that follow it. */
export interface OrderingGroup {
  head: BeachOrderingStation;
  brackets: BeachOrderingStation[];
}

/** The stations (in public order: each primary followed by its brackets) as groups. */
export function groupsOf(stations: readonly BeachOrderingStation[]): OrderingGroup[] {
  const groups: OrderingGroup[] = [];
  const byHead = new Map<number, OrderingGroup>();
  for (const station of stations) {
    const owner = station.primary_station_id === null ? undefined : byHead.get(station.primary_station_id);
    if (owner) owner.brackets.push(station);
    else {
      const group = { head: station, brackets: [] };
      groups.push(group);
      byHead.set(station.beach_station_id, group);
    }
  }
  return groups;
}

/** Every station id in the groups' order, as PUT organization/beachOrdering/ takes them. */
export const orderOf = (groups: readonly OrderingGroup[]): number[] =>
  groups.flatMap((g) => [g.head.beach_station_id, ...g.brackets.map((b) => b.beach_station_id)]);

/** `items` with the one at `from` moved to `to` (both clamped to the list). */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(items.length - 1, to));
  if (from === target || from < 0 || from >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item!);
  return next;
}

/** Beaches per page of Beach Ordering (107 in the demo agency made one 8,671 px page). */
export const ORDERING_PAGE_SIZE = 25;

/** Which beaches Beach Ordering shows: a county ('' for all) and a name to find ('' for any). */
export interface OrderingFilter {
  county: string;
  find: string;
}

/** The counties of the groups' beaches, in natural order of names. */
export function countiesOf(groups: readonly OrderingGroup[]): string[] {
  return [...new Set(groups.map((g) => g.head.county))].sort(compareNames);
}

/**
 * The places (indexes into `groups`, in public order) of the beaches the filter keeps. A beach matches a name by
 * its beach, municipality or any of its stations.
 */
export function shownPlaces(groups: readonly OrderingGroup[], filter: OrderingFilter): number[] {
  const needle = filter.find.trim().toLowerCase();
  return groups.flatMap((g, index) => {
    if (filter.county && g.head.county !== filter.county) return [];
    const names = [g.head.beach_name, g.head.municipality, g.head.station_name, ...g.brackets.map((b) => b.station_name)];
    return !needle || names.some((n) => n.toLowerCase().includes(needle)) ? [index] : [];
  });
}

/**
 * Where Move up / Move down takes the beach at place `from` in a narrowed view: the place of the shown beach before
 * (or after) it, so it passes exactly one shown beach and the hidden ones keep their order; null at either end.
 */
export function stepTarget(shown: readonly number[], from: number, step: 1 | -1): number | null {
  const target = shown[shown.indexOf(from) + step];
  return target === undefined ? null : target;
}

/** A place typed by hand (1 to `count`) as an index, or null when it is not one. */
export function typedPlace(text: string, count: number): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const place = Number(trimmed);
  return place >= 1 && place <= count ? place - 1 : null;
}
