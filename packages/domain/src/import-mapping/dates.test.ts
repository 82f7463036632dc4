import { describe, expect, it } from 'vitest';
import { DATE_REASONS, fullYear, parseDate, parseDateIn, parseTime, TIME_REASONS, type DateFormat, type TimeFormat } from './dates';

const ok = (date: string) => ({ ok: true, date });
const fail = (reason: string) => ({ ok: false, reason });

describe('parseDate', () => {
  it.each<[string, DateFormat, ReturnType<typeof ok> | ReturnType<typeof fail>]>([
    // MM/DD/YYYY: two digits each.
    ['06/03/2024', 'MM/DD/YYYY', ok('2024-06-03')],
    [' 06/03/2024 ', 'MM/DD/YYYY', ok('2024-06-03')],
    ['6/3/2024', 'MM/DD/YYYY', fail(DATE_REASONS.format(['MM/DD/YYYY']))],
    ['2024-06-03', 'MM/DD/YYYY', fail(DATE_REASONS.format(['MM/DD/YYYY']))],
    ['02/30/2024', 'MM/DD/YYYY', fail(DATE_REASONS.notADay)],
    ['13/01/2024', 'MM/DD/YYYY', fail(DATE_REASONS.notADay)],
    ['00/10/2024', 'MM/DD/YYYY', fail(DATE_REASONS.notADay)],
    ['02/29/2024', 'MM/DD/YYYY', ok('2024-02-29')],
    ['02/29/2023', 'MM/DD/YYYY', fail(DATE_REASONS.notADay)],
    ['02/29/1900', 'MM/DD/YYYY', fail(DATE_REASONS.notADay)],
    ['02/29/2000', 'MM/DD/YYYY', ok('2000-02-29')],
    ['12/31/1899', 'MM/DD/YYYY', fail(DATE_REASONS.range)],
    ['01/01/2101', 'MM/DD/YYYY', fail(DATE_REASONS.range)],
    // M/D/YYYY: one or two digits.
    ['6/3/2024', 'M/D/YYYY', ok('2024-06-03')],
    ['06/03/2024', 'M/D/YYYY', ok('2024-06-03')],
    ['4/31/2024', 'M/D/YYYY', fail(DATE_REASONS.notADay)],
    ['6/3/24', 'M/D/YYYY', fail(DATE_REASONS.format(['M/D/YYYY']))],
    // YYYY-MM-DD.
    ['2024-06-03', 'YYYY-MM-DD', ok('2024-06-03')],
    ['2024-6-3', 'YYYY-MM-DD', fail(DATE_REASONS.format(['YYYY-MM-DD']))],
    ['2024-02-30', 'YYYY-MM-DD', fail(DATE_REASONS.notADay)],
    ['2024-06-03T09:15', 'YYYY-MM-DD', fail(DATE_REASONS.format(['YYYY-MM-DD']))],
    // DD/MM/YYYY.
    ['03/06/2024', 'DD/MM/YYYY', ok('2024-06-03')],
    ['31/12/2024', 'DD/MM/YYYY', ok('2024-12-31')],
    ['30/02/2024', 'DD/MM/YYYY', fail(DATE_REASONS.notADay)],
    ['12/31/2024', 'DD/MM/YYYY', fail(DATE_REASONS.notADay)],
    // MM/DD/YY with the default pivot (69).
    ['06/03/24', 'MM/DD/YY', ok('2024-06-03')],
    ['06/03/68', 'MM/DD/YY', ok('2068-06-03')],
    ['06/03/69', 'MM/DD/YY', ok('1969-06-03')],
    ['06/03/99', 'MM/DD/YY', ok('1999-06-03')],
    ['02/29/01', 'MM/DD/YY', fail(DATE_REASONS.notADay)],
    ['06/03/2024', 'MM/DD/YY', fail(DATE_REASONS.format(['MM/DD/YY']))],
    // ISO date-time: the date as written.
    ['2024-06-03T09:15', 'ISO_DATETIME', ok('2024-06-03')],
    ['2024-06-03T09:15:30', 'ISO_DATETIME', ok('2024-06-03')],
    ['2024-06-03 23:59:59.123', 'ISO_DATETIME', ok('2024-06-03')],
    ['2024-06-03T09:15:00Z', 'ISO_DATETIME', fail(DATE_REASONS.offset)],
    ['2024-06-03T09:15:00-04:00', 'ISO_DATETIME', fail(DATE_REASONS.offset)],
    ['2024-06-03', 'ISO_DATETIME', fail(DATE_REASONS.format(['ISO_DATETIME']))],
    ['2024-02-30T09:15', 'ISO_DATETIME', fail(DATE_REASONS.notADay)],
    // Empty and text.
    ['', 'MM/DD/YYYY', fail(DATE_REASONS.empty)],
    ['   ', 'YYYY-MM-DD', fail(DATE_REASONS.empty)],
    ['MIDLAND BEACH', 'MM/DD/YYYY', fail(DATE_REASONS.format(['MM/DD/YYYY']))],
  ])('%j as %s', (text, format, expected) => {
    expect(parseDate(text, format)).toEqual(expected);
  });

  it('reads two-digit years by the pivot given', () => {
    expect(parseDate('06/03/49', 'MM/DD/YY', { twoDigitYearPivot: 50 })).toEqual(ok('2049-06-03'));
    expect(parseDate('06/03/50', 'MM/DD/YY', { twoDigitYearPivot: 50 })).toEqual(ok('1950-06-03'));
    expect(parseDate('06/03/05', 'MM/DD/YY', { twoDigitYearPivot: 0 })).toEqual(ok('1905-06-03'));
    expect(fullYear(99, 100)).toBe(2099);
  });
});

describe('parseDateIn (a mapping that lists several formats)', () => {
  it('the first format that reads the cell wins', () => {
    expect(parseDateIn('2024-06-03', ['MM/DD/YYYY', 'YYYY-MM-DD'])).toEqual(ok('2024-06-03'));
    expect(parseDateIn('06/03/2024', ['MM/DD/YYYY', 'YYYY-MM-DD'])).toEqual(ok('2024-06-03'));
    expect(parseDateIn('2024-06-03T10:00', ['YYYY-MM-DD', 'ISO_DATETIME'])).toEqual(ok('2024-06-03'));
  });
  it('names every format when none reads the cell', () => {
    expect(parseDateIn('June 3', ['MM/DD/YYYY', 'YYYY-MM-DD'])).toEqual(fail('does not read as MM/DD/YYYY or YYYY-MM-DD'));
  });
  it('says why a cell of the right shape is no day', () => {
    expect(parseDateIn('02/30/2024', ['YYYY-MM-DD', 'MM/DD/YYYY'])).toEqual(fail(DATE_REASONS.notADay));
  });
  it('an empty cell is empty whatever the formats', () => {
    expect(parseDateIn('', ['YYYY-MM-DD', 'MM/DD/YYYY'])).toEqual(fail(DATE_REASONS.empty));
  });
});

describe('parseTime', () => {
  const time = (hh: string, mm: string) => ({ ok: true, time: { hh, mm } });
  it.each<[string, TimeFormat, unknown]>([
    ['09:15', 'HH:MM', time('09', '15')],
    ['9:15', 'HH:MM', time('09', '15')],
    ['23:59', 'HH:MM', time('23', '59')],
    ['00:00', 'HH:MM', time('00', '00')],
    ['09:15:42', 'HH:MM', time('09', '15')],
    ['24:00', 'HH:MM', fail(TIME_REASONS.notATime)],
    ['12:60', 'HH:MM', fail(TIME_REASONS.notATime)],
    ['12:30:60', 'HH:MM', fail(TIME_REASONS.notATime)],
    ['9:15 AM', 'HH:MM', fail(TIME_REASONS.format('HH:MM'))],
    ['0915', 'HH:MM', fail(TIME_REASONS.format('HH:MM'))],
    ['9:15 AM', 'h:mm AM/PM', time('09', '15')],
    ['09:15pm', 'h:mm AM/PM', time('21', '15')],
    ['9:15 a.m.', 'h:mm AM/PM', time('09', '15')],
    ['12:00 AM', 'h:mm AM/PM', time('00', '00')],
    ['12:05 PM', 'h:mm AM/PM', time('12', '05')],
    ['11:59:59 PM', 'h:mm AM/PM', time('23', '59')],
    ['13:00 PM', 'h:mm AM/PM', fail(TIME_REASONS.notATime)],
    ['0:30 AM', 'h:mm AM/PM', fail(TIME_REASONS.notATime)],
    ['14:00', 'h:mm AM/PM', fail(TIME_REASONS.format('h:mm AM/PM'))],
    ['0915', 'HHMM', time('09', '15')],
    ['915', 'HHMM', time('09', '15')],
    ['2359', 'HHMM', time('23', '59')],
    ['2400', 'HHMM', fail(TIME_REASONS.notATime)],
    ['09:15', 'HHMM', fail(TIME_REASONS.format('HHMM'))],
    ['2024-06-03T09:15', 'ISO_DATETIME', time('09', '15')],
    ['2024-06-03 14:05:09', 'ISO_DATETIME', time('14', '05')],
    ['2024-06-03', 'ISO_DATETIME', { ok: true, time: null }],
    ['2024-06-03T25:00', 'ISO_DATETIME', fail(TIME_REASONS.notATime)],
    ['2024-06-03T09:15Z', 'ISO_DATETIME', fail(DATE_REASONS.offset)],
    ['09:15', 'ISO_DATETIME', fail(TIME_REASONS.format('ISO_DATETIME'))],
  ])('%j as %s', (text, format, expected) => {
    expect(parseTime(text, format)).toEqual(expected);
  });

  it.each<TimeFormat>(['HH:MM', 'h:mm AM/PM', 'HHMM', 'ISO_DATETIME'])('an empty cell is no time (%s)', (format) => {
    expect(parseTime('', format)).toEqual({ ok: true, time: null });
    expect(parseTime('  ', format)).toEqual({ ok: true, time: null });
  });
});
