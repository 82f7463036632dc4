import type { DownloadFilter } from '@beach/domain';

/**
 * Which rows of result_scope_counts answer a filter's water-quality count (decision 0040): the filter's one
 * place (program, county, municipality or LHA; a municipality within the county chosen with it), or all
 * stations when it names none. Station type and location type are columns of those rows. Null when the
 * filter needs the stations themselves: one station chosen, or places that only intersect (a program and a
 * county); those are few stations, counted from the per-station tables.
 */
export type CountScope =
  | { scope: 'ALL' | 'PROGRAM' | 'COUNTY' | 'LHA'; id: number }
  | { scope: 'MUNICIPALITY'; id: number; withinCounty: number | null };

export function countScope(filter: DownloadFilter): CountScope | null {
  if (filter.beachId !== undefined) return null;
  const places: CountScope[] = [];
  if (filter.program !== undefined) places.push({ scope: 'PROGRAM', id: filter.program });
  if (filter.municipality !== undefined) places.push({ scope: 'MUNICIPALITY', id: filter.municipality, withinCounty: filter.county ?? null });
  else if (filter.county !== undefined) places.push({ scope: 'COUNTY', id: filter.county });
  if (filter.lha !== undefined) places.push({ scope: 'LHA', id: filter.lha });
  if (places.length > 1) return null;
  return places[0] ?? { scope: 'ALL', id: 0 };
}
