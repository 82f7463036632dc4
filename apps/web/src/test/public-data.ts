import type { PublicDataFilters } from '@beach/domain/schemas/downloads';

/** Envelope helper for mocked public reads. */
export function ok<T>(payload: T, code = 'OK') {
  return { status: 200, body: { code, payload } };
}

/** A small filter snapshot: two programs, two counties, three municipalities, two LHAs, four stations. */
export const FILTER_SNAPSHOT: PublicDataFilters = {
  filters: {
    programs: [
      { program_id: 1, name: 'Ocean Beaches', abbv: 'OB' },
      { program_id: 2, name: 'Bay Beaches', abbv: 'BB' },
    ],
    counties: [
      { county_id: 13, name: 'Monmouth' },
      { county_id: 15, name: 'Ocean' },
    ],
    municipalities: [
      { municipality_id: 101, county_id: 13, name: 'Sea Bright' },
      { municipality_id: 102, county_id: 13, name: 'Long Branch' },
      { municipality_id: 201, county_id: 15, name: 'Seaside Park' },
    ],
    lhas: [
      { local_health_authority_id: 5, name: 'Monmouth County Health Department' },
      { local_health_authority_id: 6, name: 'Ocean County Health Department' },
    ],
  },
  beachList: [
    station(1, 'Sea Bright - Anchorage Beach', 1, 13, 101, 5, 'PRIMARY', 'OCEAN'),
    station(2, 'Sea Bright - North Bracket', 1, 13, 101, 5, 'BRACKET', 'OCEAN'),
    station(3, 'Long Branch - Pier', 1, 13, 102, 5, 'PRIMARY', 'OCEAN'),
    station(4, 'Seaside Park - Bay Avenue', 2, 15, 201, 6, 'PRIMARY', 'BAY'),
  ],
};

function station(
  id: number,
  name: string,
  program: number,
  county: number,
  municipality: number,
  lha: number,
  type: 'PRIMARY' | 'BRACKET',
  category: 'OCEAN' | 'BAY' | 'RIVER' | 'LAKE',
) {
  return {
    beach_station_id: id,
    station_name: name,
    beach_name: name.split(' - ')[1]!,
    program: { program_id: program },
    municipality: { county_id: county, municipality_id: municipality },
    local_health_authority: { local_health_authority_id: lha },
    type: { code: type },
    category: { code: category },
  };
}
