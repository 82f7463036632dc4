import type { PlaceKind } from './api';

export const PLACES_PATH = '/portal/places-management';

/** Which list the page shows, kept in the address so the edit pages can come back to it. */
export type PlacesView = 'counties' | 'municipalities';

/** Places Management showing one list (and, for municipalities, one county's). */
export function placesListPath(view: PlacesView, countyId?: number | null): string {
  if (view === 'counties') return PLACES_PATH;
  return `${PLACES_PATH}?list=municipalities${countyId ? `&county=${countyId}` : ''}`;
}

export function placeEditPath(kind: PlaceKind, id: number | 'new', countyId?: number | null): string {
  const base = `${PLACES_PATH}/${kind === 'county' ? 'counties' : 'municipalities'}/${id}`;
  return id === 'new' && countyId ? `${base}?county=${countyId}` : base;
}

/** "Ocean County" (a county is stored as "Ocean"). */
export function countyTitle(name: string): string {
  return /\bcounty$/i.test(name.trim()) ? name : `${name} County`;
}

export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The tables a merge moves rows of, as people say them. */
const TABLE_WORDS: Record<string, [string, string]> = {
  beaches: ['beach', 'beaches'],
  lha_municipalities: ['LHA service area', 'LHA service areas'],
  beach_photos: ['photo', 'photos'],
  reports_and_publications: ['report', 'reports'],
  municipalities: ['municipality', 'municipalities'],
  organizations: ['organization', 'organizations'],
  local_health_authorities: ['local health authority', 'local health authorities'],
};

/** The merge's success notice: "Merged Belmar Boro into Belmar: 3 beaches, 1 LHA service area moved." */
export function mergeNotice(report: { kept: string; removed: string; moved: Record<string, number> }): string {
  const parts = Object.entries(report.moved)
    .filter(([, n]) => n > 0)
    .map(([table, n]) => {
      const [one, many] = TABLE_WORDS[table] ?? [table.replace(/_/g, ' '), table.replace(/_/g, ' ')];
      return plural(n, one, many);
    });
  return parts.length
    ? `Merged ${report.removed} into ${report.kept}: ${parts.join(', ')} moved.`
    : `Merged ${report.removed} into ${report.kept}: nothing else named ${report.removed}, so nothing had to move.`;
}
