import type { BeachOrderingStation } from '@beach/domain';

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
