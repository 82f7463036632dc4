import type { OrganizationProgram, UserProfile } from '@beach/domain';
import { makeUser } from '../../test/fixtures';
import { OPEN_RULES } from '../../test/staff-fixtures';
import type { EntryResultRecord, GridStation, RemarkCode, ResultFilters, ResultsGrid } from '@beach/domain';

/** Test data of the Results Entry screen: the Ocean Beaches program, one laboratory, three stations. */

export const OB: OrganizationProgram = { program_id: 1, name: 'Ocean Beaches', abbv: 'OB', color: '#005ea2', rules: OPEN_RULES };

export function makeSampler(level: 'USER' | 'ADMIN' = 'USER'): UserProfile {
  return makeUser({
    user_id: 3,
    first_name: 'Sam',
    last_name: 'Patel',
    organization_id: 3,
    organization: { organization_id: 3, name: 'Coastal Environmental Laboratory', abbv: 'CEL', is_admin_organization: false, programs: [OB] },
    program_permissions: [{ program: OB, permission: { code: 'DATA_EDITING' }, access_level: { code: level } }],
  });
}

export const FILTERS: ResultFilters = {
  programs: [
    {
      program_id: 1,
      name: 'Ocean Beaches',
      abbv: 'OB',
      color: '#005ea2',
      access_level: 'USER',
      organizations: [{ organization_id: 3, name: 'Coastal Environmental Laboratory', abbv: 'CEL' }],
      default_parameter_id: 1,
      default_result_unit_id: 1,
    },
  ],
  organizations: [{ organization_id: 3, name: 'Coastal Environmental Laboratory', abbv: 'CEL', program_ids: [1] }],
  parameters: [
    { parameter_id: 1, code: 'ENTEROCOCCUS', name: 'Enterococcus' },
    { parameter_id: 2, code: 'E_COLI', name: 'E. coli' },
  ],
  units: [
    { result_unit_id: 1, code: 'CFU_100ML', name: 'CFU/100mL' },
    { result_unit_id: 2, code: 'MPN_100ML', name: 'MPN/100mL' },
  ],
  today: '2026-07-15',
  max_date: '2026-07-16',
};

export const REMARKS: RemarkCode[] = [
  { remark_code_id: 1, code: 'K', name: 'Less than reporting limit', description: 'Below the limit.', is_no_value: false, is_censored_low: true, is_censored_high: false },
  { remark_code_id: 2, code: '<', name: 'Less than', description: 'Same as K.', is_no_value: false, is_censored_low: true, is_censored_high: false },
  { remark_code_id: 6, code: 'NS', name: 'Not sampled', description: 'No sample.', is_no_value: true, is_censored_low: false, is_censored_high: false },
];

function station(id: number, name: string, type: 'PRIMARY' | 'BRACKET' = 'PRIMARY', results: EntryResultRecord[] = []): GridStation {
  return {
    beach_station_id: id,
    station_name: name,
    station_type: type,
    primary_station_id: type === 'PRIMARY' ? id : id - 1,
    beach_id: id,
    beach_name: name.split(' - ')[1] ?? name,
    program_id: 1,
    active: true,
    results,
  };
}

export function storedResult(id: number, stationId: number, stationName: string, overrides: Partial<EntryResultRecord> = {}): EntryResultRecord {
  return {
    result_id: id,
    beach_station_id: stationId,
    station_name: stationName,
    station_type: 'PRIMARY',
    primary_station_id: stationId,
    beach_id: stationId,
    beach_name: stationName,
    program_id: 1,
    organization_id: 3,
    organization_name: 'Coastal Environmental Laboratory',
    sample_date: '2026-07-15',
    sample_time_hh: '08',
    sample_time_mm: '30',
    parameter_id: 1,
    parameter_code: 'ENTEROCOCCUS',
    parameter_name: 'Enterococcus',
    value: 20,
    remark_code_id: null,
    remark_code: null,
    result_unit_id: 1,
    unit_code: 'CFU_100ML',
    unit_name: 'CFU/100mL',
    is_resample: false,
    lab_name: 'Coastal Environmental Laboratory',
    comments: '',
    verification_state: 'UNVERIFIED',
    entered_by: 3,
    entered_by_name: 'Sam Patel',
    entered_at: '2026-07-15T13:00:00.000Z',
    verified_by: null,
    verified_by_name: null,
    verified_at: null,
    secondary_verified_by: null,
    secondary_verified_by_name: null,
    secondary_verified_at: null,
    version: 1,
    can_edit: true,
    can_delete: true,
    ...overrides,
  };
}

/** Four stations: three empty, and Belmar with a verified result (read-only for a USER). */
export function makeGrid(options: { verifiedEditable?: boolean } = {}): ResultsGrid {
  return {
    program: { program_id: 1, name: 'Ocean Beaches', abbv: 'OB', color: '#005ea2' },
    organization: { organization_id: 3, name: 'Coastal Environmental Laboratory', abbv: 'CEL' },
    sample_date: '2026-07-15',
    access_level: options.verifiedEditable ? 'ADMIN' : 'USER',
    stations: [
      station(10, 'Asbury Park - 1st Avenue'),
      station(11, 'Asbury Park - 1st Avenue N1', 'BRACKET'),
      station(20, 'Belmar - 5th Avenue', 'PRIMARY', [
        storedResult(500, 20, 'Belmar - 5th Avenue', {
          value: 35,
          verification_state: 'VERIFIED',
          verified_by_name: 'Victoria Chen',
          can_edit: Boolean(options.verifiedEditable),
          can_delete: false,
        }),
      ]),
      station(30, 'Sea Girt - Beacon Boulevard'),
    ],
  };
}
