import type { OrganizationProgram, UserProfile } from '@beach/domain';
import { makeUser } from '../../test/fixtures';
import { OPEN_RULES } from '../../test/staff-fixtures';
import type { ReviewedResult, ReviewList, StatusRef } from '@beach/domain';

export const OB: OrganizationProgram = { program_id: 1, name: 'Ocean Beaches', abbv: 'OB', color: '#005ea2', rules: OPEN_RULES };

/** The data verifier: data editing and verification ADMIN in Ocean Beaches, with secondary verification. */
export function makeVerifier(): UserProfile {
  return makeUser({
    user_id: 2,
    first_name: 'Victoria',
    last_name: 'Chen',
    organization_id: 2,
    organization: { organization_id: 2, name: 'Bureau of Marine Water Monitoring', abbv: 'BMWM', is_admin_organization: false, programs: [OB] },
    program_permissions: (['DATA_EDITING', 'DATA_VERIFICATION'] as const).map((code) => ({ program: OB, permission: { code }, access_level: { code: 'ADMIN' as const } })),
  });
}

export const OPEN: StatusRef = { beach_status_id: 1, code: 'OPEN', name: 'Open', color: '#1a7f37' };
export const ADVISORY: StatusRef = { beach_status_id: 2, code: 'ADVISORY', name: 'Advisory', color: '#ffbe2e' };
export const CLOSED: StatusRef = { beach_status_id: 3, code: 'CLOSED', name: 'Closed', color: '#d83933' };

export function judged(id: number, value: number | null, overrides: Partial<ReviewedResult> = {}): ReviewedResult {
  return {
    result_id: id,
    beach_station_id: 10,
    station_name: 'Asbury Park - 1st Avenue',
    station_type: 'PRIMARY',
    primary_station_id: 10,
    beach_id: 10,
    beach_name: '1st Avenue',
    program_id: 1,
    organization_id: 3,
    organization_name: 'Coastal Environmental Laboratory',
    sample_date: '2026-07-15',
    sample_time_hh: '09',
    sample_time_mm: '00',
    parameter_id: 1,
    parameter_code: 'ENTEROCOCCUS',
    parameter_name: 'Enterococcus',
    value,
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
    beach_action_value: 104,
    statistical_threshold: 130,
    above_beach_action_value: value === null ? null : value > 104,
    above_statistical_threshold: value === null ? null : value > 130,
    ...overrides,
  };
}

export function reviewList(results: ReviewedResult[]): ReviewList {
  return {
    program: { program_id: 1, name: 'Ocean Beaches', abbv: 'OB', color: '#005ea2' },
    thresholds: [
      {
        program_id: 1,
        parameter_id: 1,
        parameter_code: 'ENTEROCOCCUS',
        parameter_name: 'Enterococcus',
        result_unit_id: 1,
        unit_name: 'CFU/100mL',
        geomean_threshold: 35,
        statistical_threshold: 130,
        beach_action_value: 104,
      },
    ],
    count: results.length,
    truncated: false,
    dates: [...new Set(results.map((r) => r.sample_date))].map((sample_date) => ({
      sample_date,
      stations: [...new Set(results.filter((r) => r.sample_date === sample_date).map((r) => r.beach_station_id))].map((id) => {
        const first = results.find((r) => r.beach_station_id === id)!;
        return {
          beach_station_id: id,
          station_name: first.station_name,
          station_type: first.station_type,
          primary_station_id: first.primary_station_id,
          beach_name: first.beach_name,
          current_status: OPEN,
          results: results.filter((r) => r.sample_date === sample_date && r.beach_station_id === id),
        };
      }),
    })),
  };
}
