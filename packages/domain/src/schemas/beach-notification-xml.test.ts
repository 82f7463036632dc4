import { describe, expect, it } from 'vitest';
import {
  beachNotificationFileName,
  beachNotificationQuerySchema,
  isReportableBeach,
  notificationActions,
  stateOfCountyFips,
  xmlChars,
  xmlDecimal,
  xmlEscape,
  type NotificationStatusChange,
} from './beach-notification-xml';

const change = (effectiveDate: string, status: string, extra: Partial<NotificationStatusChange> = {}): NotificationStatusChange => ({
  effectiveDate,
  status,
  reasonCode: null,
  sourceCode: null,
  reason: '',
  source: 'MANUAL',
  parameterCode: null,
  ...extra,
});

const YEAR = { from: '2025-01-01', to: '2025-12-31' };
/** A program that monitors a winter season across each new year and a summer season (decision 0053's cases in one history). */
const SEASONS = [
  { preseasonStart: '2024-11-25', startDate: '2024-12-01', endDate: '2025-02-28' },
  { preseasonStart: '2025-05-12', startDate: '2025-05-24', endDate: '2025-09-01' },
  { preseasonStart: '2025-11-24', startDate: '2025-12-01', endDate: '2026-02-28' },
];
/** The day the file is written. */
const TODAY = '2026-01-10';

describe('BEACH notification XML rules', () => {
  it('escapes markup, drops characters XML cannot carry and cuts text to the schema length', () => {
    expect(xmlEscape(`a & b < c > d "e" 'f'`)).toBe('a &amp; b &lt; c &gt; d &quot;e&quot; &apos;f&apos;');
    expect(xmlEscape('bell\u0007 nul\u0000 tab\tok')).toBe('bell nul tab\tok');
    expect(xmlChars('  spaced \n out  ', 255)).toBe('spaced out');
    expect(xmlChars('   ', 10)).toBeNull();
    expect(xmlChars(null, 10)).toBeNull();
    const cut = xmlChars('🌊'.repeat(70), 60)!;
    expect(Array.from(cut)).toHaveLength(60);
    expect(cut.endsWith('…')).toBe(true);
  });

  it('writes decimals without trailing zeros', () => {
    expect(xmlDecimal(40.1)).toBe('40.1');
    expect(xmlDecimal(-74.0000001)).toBe('-74');
    expect(xmlDecimal(104)).toBe('104');
    expect(xmlDecimal(0.426, 2)).toBe('0.43');
  });

  it('names the file for the program code and year', () => {
    expect(beachNotificationFileName('OB', 2025)).toBe('beach-notification_OB_2025.xml');
    expect(beachNotificationFileName('A/B "x"', 2025)).toBe('beach-notification_A-B-x_2025.xml');
  });

  it('reports a beach only with an 8-character EPA id and a county FIPS code', () => {
    expect(stateOfCountyFips('34025')).toBe('NJ');
    expect(stateOfCountyFips('3402')).toBeNull();
    expect(isReportableBeach({ epa_beach_id: 'NJ123456', county_fips: '34025' })).toBe(true);
    expect(isReportableBeach({ epa_beach_id: 'NJ1234', county_fips: '34025' })).toBe(false);
    expect(isReportableBeach({ epa_beach_id: 'NJ123456', county_fips: null })).toBe(false);
  });

  it('requires program and year, the year from 2000 to this year', () => {
    const schema = beachNotificationQuerySchema({ latestYear: () => 2025 });
    expect(schema.parse({ program_id: '3', year: '2024' })).toEqual({ program_id: 3, year: 2024 });
    const messages = (input: Record<string, unknown>) => schema.safeParse(input).error?.issues.map((i) => `${String(i.path[0])}: ${i.message}`);
    expect(messages({})).toEqual(['program_id: Choose a program', 'year: Choose a year']);
    expect(messages({ program_id: '3', year: '2026' })).toEqual(['year: Year cannot be later than this year']);
    expect(messages({ program_id: '3', year: '1999' })).toEqual(['year: Year cannot be earlier than 2000']);
    expect(messages({ program_id: 'x', year: '20.5' })).toEqual(['program_id: Program must be a number', 'year: Year must be a four-digit year']);
  });

  it('turns the status history into the year’s advisories and closures as the EPA report counts them', () => {
    const actions = notificationActions(
      [
        change('2024-12-20', 'ADVISORY', { reasonCode: 'POLICY' }),
        change('2025-01-03', 'OPEN'),
        change('2025-07-08', 'ADVISORY', { source: 'RULE', parameterCode: 'ENTEROCOCCUS' }),
        change('2025-07-09', 'ADVISORY', { reasonCode: 'RAINFALL', sourceCode: 'STORM', reason: 'Heavy rain' }),
        change('2025-07-10', 'CLOSED', { reasonCode: 'SEWAGE', sourceCode: 'SSO' }),
        change('2025-07-14', 'OPEN'),
        // In force when the summer season ends on 09-01: it stops then, though nothing lifted it until November.
        change('2025-08-30', 'ADVISORY', { source: 'RULE', parameterCode: 'ENTEROCOCCUS' }),
        // The season's end, and the same day an advisory from the last day's sample: never posted, no action.
        change('2025-09-02', 'NOT_MONITORED', { source: 'SEASON' }),
        change('2025-09-02', 'ADVISORY', { source: 'RULE', parameterCode: 'ENTEROCOCCUS' }),
        change('2025-11-24', 'OPEN', { source: 'SEASON' }),
        change('2025-12-30', 'CLOSED', { reasonCode: 'ELEV_BACT' }),
      ],
      SEASONS,
      YEAR,
      TODAY,
      'ENTEROCOCCUS',
    );
    expect(actions.map((a) => [a.type, a.start, a.stop, a.stopReason])).toEqual([
      ['ADVISORY', '2024-12-20', '2025-01-03', 'LIFTED'],
      ['ADVISORY', '2025-07-08', '2025-07-10', 'LIFTED'],
      ['CLOSURE', '2025-07-10', '2025-07-14', 'LIFTED'],
      ['ADVISORY', '2025-08-30', '2025-09-01', 'SEASON_END'],
      ['CLOSURE', '2025-12-30', TODAY, 'IN_FORCE'],
    ]);
    expect(actions[0]!.indicators).toEqual([{ code: 'PREEMPT', text: null }]);
    // Two advisories in a row are one action, with both reasons and the known source.
    expect(actions[1]!.reasons).toEqual([
      { code: 'ELEV_BACT', text: null },
      { code: 'RAINFALL', text: 'Heavy rain' },
    ]);
    expect(actions[1]!.sources).toEqual([{ code: 'STORM', text: null }]);
    expect(actions[1]!.indicators.map((i) => i.code)).toEqual(['ENTERO', 'PREEMPT']);
    expect(actions[2]!.sources).toEqual([{ code: 'SSO', text: null }]);
    // Elevated bacteria without a result: the program's indicator.
    expect(actions[4]!.indicators).toEqual([{ code: 'ENTERO', text: null }]);
    // Lifted before the year: left out; codes outside BEACON's lists become OTHER / UNKNOWN.
    expect(notificationActions([change('2024-12-06', 'CLOSED'), change('2024-12-10', 'OPEN')], SEASONS, YEAR, TODAY, null)).toEqual([]);
    // A status set while the program does not monitor (between the seasons) is no action.
    expect(notificationActions([change('2025-10-01', 'CLOSED'), change('2025-12-05', 'OPEN')], SEASONS, YEAR, TODAY, null)).toEqual([]);
    const [odd] = notificationActions([change('2025-06-01', 'CLOSED', { reasonCode: 'NOPE', sourceCode: 'TBD' })], SEASONS, YEAR, TODAY, null);
    expect(odd).toMatchObject({ start: '2025-06-01', stop: '2025-09-01', stopReason: 'SEASON_END' });
    expect(odd!.reasons[0]!.code).toBe('OTHER');
    expect(odd!.sources[0]!.code).toBe('UNKNOWN');
  });
});
