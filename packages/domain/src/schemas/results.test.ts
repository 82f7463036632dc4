import { describe, expect, it } from 'vitest';
import { bulkStatusSchema } from './beach-status';
import { geomeanQuerySchema, rollingGeomeanCreateSchema } from './geomeans';
import { RESULT_MESSAGES, resultIdsSchema, resultsBulkSaveSchema, resultValueProblem } from './results';
import { verificationTestSchema } from './verification';

// Noon in New York on 2026-07-15: tomorrow there is 2026-07-16.
const now = () => new Date('2026-07-15T16:00:00Z');
const options = { timeZone: 'America/New_York', now };
const save = resultsBulkSaveSchema(options);
const row = { beach_station_id: 3, sample_time_hh: '09', sample_time_mm: '30', parameter_id: 1, value: 104, result_unit_id: 1 };
const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (r.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('resultsBulkSaveSchema', () => {
  it('takes the grid form and gives every row the grid organization and date', () => {
    const parsed = save.parse({ program_id: 1, organization_id: 2, sample_date: '2026-07-16', results: [row, { ...row, value: '' , remark_code_id: 7 }] });
    expect(parsed.program_id).toBe(1);
    expect(parsed.results[0]).toMatchObject({ organization_id: 2, sample_date: '2026-07-16', result_id: null, is_resample: false, comments: '', lab_name: '' });
    expect(parsed.results[1]).toMatchObject({ value: null, remark_code_id: 7 });
  });

  it('takes a bare array of results that each name organization and date', () => {
    const parsed = save.parse([{ ...row, organization_id: 4, sample_date: '2026-07-01', value: '12.5' }]);
    expect(parsed).toMatchObject({ program_id: null, results: [{ organization_id: 4, sample_date: '2026-07-01', value: 12.5 }] });
    expect(messages(save.safeParse([row]))).toEqual(['results.0.organization_id: Choose an organization', 'results.0.sample_date: Choose a date']);
  });

  it('refuses dates after tomorrow, one-digit times, half a time, text values and negative values', () => {
    expect(messages(save.safeParse({ organization_id: 1, sample_date: '2026-07-17', results: [row] }))).toEqual([`sample_date: ${RESULT_MESSAGES.dateAfterTomorrow}`]);
    expect(messages(save.safeParse([{ ...row, organization_id: 1, sample_date: '2026-07-17' }]))).toEqual([`results.0.sample_date: ${RESULT_MESSAGES.dateAfterTomorrow}`]);
    const bad = save.safeParse({
      organization_id: 1,
      sample_date: '2026-07-15',
      results: [
        { ...row, sample_time_hh: '9' },
        { ...row, sample_time_mm: '' },
        { ...row, value: 'abc' },
        { ...row, value: -1 },
        { ...row, sample_time_hh: '24' },
      ],
    });
    expect(messages(bad)).toEqual([
      `results.0.sample_time_hh: ${RESULT_MESSAGES.hour}`,
      `results.1.sample_time_mm: ${RESULT_MESSAGES.timeIncomplete}`,
      `results.2.value: ${RESULT_MESSAGES.valueNotNumber}`,
      `results.3.value: ${RESULT_MESSAGES.valueNegative}`,
      `results.4.sample_time_hh: ${RESULT_MESSAGES.hour}`,
    ]);
    expect(save.safeParse({ organization_id: 1, sample_date: '2026-07-15', results: [] }).success).toBe(false);
  });

  it('accepts no time at all', () => {
    expect(save.parse({ organization_id: 1, sample_date: '2026-07-15', results: [{ ...row, sample_time_hh: '', sample_time_mm: '' }] }).results[0]).toMatchObject({
      sample_time_hh: '',
      sample_time_mm: '',
    });
  });
});

describe('resultValueProblem', () => {
  it('needs a value unless the remark code carries none, and none with such a remark', () => {
    expect(resultValueProblem(10, null)).toBeNull();
    expect(resultValueProblem(null, null)).toBe(RESULT_MESSAGES.valueRequired);
    expect(resultValueProblem(null, { is_no_value: false })).toBe(RESULT_MESSAGES.valueRequired);
    expect(resultValueProblem(null, { is_no_value: true })).toBeNull();
    expect(resultValueProblem(3, { is_no_value: true })).toBe(RESULT_MESSAGES.valueNotAllowed);
  });
});

describe('other request schemas', () => {
  it('resultIdsSchema drops repeats and needs at least one id', () => {
    expect(resultIdsSchema.parse({ result_ids: [3, 3, 4] }).result_ids).toEqual([3, 4]);
    expect(resultIdsSchema.safeParse({ result_ids: [] }).success).toBe(false);
    expect(resultIdsSchema.safeParse({ result_ids: ['x'] }).success).toBe(false);
  });

  it('verificationTestSchema needs typed results or a date, not both', () => {
    expect(verificationTestSchema.safeParse({ program_id: 1 }).success).toBe(false);
    expect(verificationTestSchema.safeParse({ program_id: 1, date: '2026-07-15' }).success).toBe(true);
    const typed = { beach_station_id: 1, sample_date: '2026-07-15', value: 5, result_unit_id: 1, parameter_id: 1 };
    expect(verificationTestSchema.safeParse({ program_id: 1, results: [typed] }).success).toBe(true);
    expect(verificationTestSchema.safeParse({ program_id: 1, date: '2026-07-15', results: [typed] }).success).toBe(false);
  });

  it('bulkStatusSchema needs a reason and a known BEACON reason code, and no date after tomorrow', () => {
    const schema = bulkStatusSchema(options);
    expect(schema.parse({ beach_station_ids: [1, 1, 2], beach_status_id: 3, reason: ' Sewage spill ' })).toEqual({
      beach_station_ids: [1, 2],
      beach_status_id: 3,
      reason: 'Sewage spill',
      reason_code: null,
      beacon_source: null,
      send_email: true,
    });
    expect(schema.safeParse({ beach_station_ids: [1], beach_status_id: 3, reason: '' }).success).toBe(false);
    expect(schema.safeParse({ beach_station_ids: [1], beach_status_id: 3, reason: 'x', reason_code: 'NOPE' }).success).toBe(false);
    expect(schema.safeParse({ beach_station_ids: [1], beach_status_id: 3, reason: 'x', effective_date: '2026-07-17' }).success).toBe(false);
  });

  it('geomean queries take an optional date no later than tomorrow', () => {
    expect(geomeanQuerySchema(options).parse({})).toEqual({});
    expect(geomeanQuerySchema(options).safeParse({ date: '2026-07-17' }).success).toBe(false);
    expect(rollingGeomeanCreateSchema(options).safeParse({ date: '2026-07-01' }).success).toBe(false);
  });
});
