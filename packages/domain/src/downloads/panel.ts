import type { BeachListItem, DownloadFilter } from '../schemas/downloads';
import { EMPTY_DOWNLOAD_FILTER } from '../schemas/downloads';

/**
 * The download panel's rules (SPEC 4 and 5), pure so the web form and its tests share them.
 */

/** True once any filter is set other than station type BOTH or location type ALL. */
export function hasChosenFilter(filter: DownloadFilter): boolean {
  return (
    filter.program !== undefined ||
    filter.county !== undefined ||
    filter.municipality !== undefined ||
    filter.lha !== undefined ||
    filter.beachId !== undefined ||
    filter.startDate !== undefined ||
    filter.endDate !== undefined ||
    filter.stationType !== 'BOTH' ||
    filter.locationType !== 'ALL'
  );
}

/**
 * The beach list for a filter (SPEC 5): empty until a filter is chosen; then the stations whose program,
 * county, municipality and LHA equal the chosen ones (where chosen), whose type matches unless BOTH and
 * whose location type matches unless ALL.
 */
export function beachListFor<T extends BeachListItem>(items: readonly T[], filter: DownloadFilter): T[] {
  if (!hasChosenFilter(filter)) return [];
  return items.filter(
    (item) =>
      (filter.program === undefined || item.program.program_id === filter.program) &&
      (filter.county === undefined || item.municipality.county_id === filter.county) &&
      (filter.municipality === undefined || item.municipality.municipality_id === filter.municipality) &&
      (filter.lha === undefined || item.local_health_authority.local_health_authority_id === filter.lha) &&
      (filter.stationType === 'BOTH' || item.type.code === filter.stationType) &&
      (filter.locationType === 'ALL' || item.category.code === filter.locationType),
  );
}

type FilterField = keyof DownloadFilter;

/**
 * A filter after one field changes (SPEC 4): choosing a county clears municipality and beach; clearing
 * the county clears the municipality; changing municipality, station type, location type or LHA clears
 * the beach.
 */
export function changeDownloadFilter<F extends FilterField>(filter: DownloadFilter, field: F, value: DownloadFilter[F]): DownloadFilter {
  const next: DownloadFilter = { ...filter, [field]: value };
  if (field === 'county') {
    next.municipality = undefined;
    if (value !== undefined) next.beachId = undefined;
  }
  if (field === 'municipality' || field === 'stationType' || field === 'locationType' || field === 'lha') next.beachId = undefined;
  return next;
}

/** Clear Filters. */
export function clearDownloadFilter(): DownloadFilter {
  return { ...EMPTY_DOWNLOAD_FILTER };
}
