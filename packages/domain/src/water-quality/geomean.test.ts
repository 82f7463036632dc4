import { describe, expect, it } from 'vitest';
import {
  effectiveValue,
  geomeanSurvey,
  geometricMean,
  isEvaluatedRemark,
  rollingGeomeans,
  type CensoredRule,
  type GeomeanSample,
  type NotEvaluatedRemarkCode,
} from './geomean';

describe('geometricMean', () => {
  it.each<[string, number[], number]>([
    // (ln 10 + ln 100 + ln 1000) / 3 = (1 + 2 + 3) ln 10 / 3 = 2 ln 10, and exp(2 ln 10) = 100.
    ['10, 100, 1000', [10, 100, 1000], 100],
    // exp((ln 4 + ln 9) / 2) = sqrt(4 * 9) = sqrt(36) = 6.
    ['4, 9', [4, 9], 6],
    // sqrt(2 * 8) = 4.
    ['2, 8', [2, 8], 4],
    // 10*20*40*5*80 = 2^10 * 5^5 = 3,200,000, and its fifth root is 2^2 * 5 = 20.
    ['10, 20, 40, 5, 80', [10, 20, 40, 5, 80], 20],
    // sqrt(1 * 1,000,000) = 1000.
    ['1, 1000000', [1, 1_000_000], 1000],
    ['one value is itself', [5], 5],
    ['equal values are themselves', [35, 35, 35, 35, 35], 35],
    // sqrt(0.5 * 2) = 1.
    ['fractions', [0.5, 2], 1],
  ])('%s', (_name, values, expected) => {
    // Exact, not close: the result is rounded to 12 significant digits.
    expect(geometricMean(values)).toBe(expected);
  });

  it('is null for no values', () => {
    expect(geometricMean([])).toBeNull();
  });

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY])('refuses %s', (bad) => {
    expect(() => geometricMean([10, bad])).toThrow(RangeError);
  });
});

describe('effectiveValue', () => {
  it.each<[number | null, string | null | undefined, CensoredRule | undefined, number | null]>([
    [10, null, undefined, 10],
    [10, undefined, 'HALF_LIMIT', 10],
    [10, 'K', undefined, 10],
    [10, 'K', 'AT_LIMIT', 10],
    [10, 'K', 'HALF_LIMIT', 5],
    [10, '<', 'HALF_LIMIT', 5],
    [10, ' k ', 'HALF_LIMIT', 5],
    // Greater-than and too-numerous results count at the reported number.
    [2420, 'L', 'HALF_LIMIT', 2420],
    [2420, 'TNTC', 'HALF_LIMIT', 2420],
    // No number: nothing to count.
    [null, 'NS', undefined, null],
    [null, 'K', 'HALF_LIMIT', null],
    [Number.NaN, null, undefined, null],
    // A failed analysis or confluent growth is no measurement, whatever number it carries.
    [500, 'FA', undefined, null],
    [500, 'cg', 'HALF_LIMIT', null],
  ])('%s with remark %j under %s counts as %s', (value, remark, rule, expected) => {
    expect(effectiveValue(value, remark, rule)).toBe(expected);
  });
});

const sample = (sampleDate: string, value: number | null, remark: string | null = null): GeomeanSample => ({ sampleDate, value, remark });

describe("a program's counted remarks (FA, CG in geomeans)", () => {
  it.each<[number | null, string | null, readonly NotEvaluatedRemarkCode[] | undefined, number | null]>([
    // Counted by none by default.
    [500, 'FA', undefined, null],
    [500, 'FA', [], null],
    [500, 'CG', undefined, null],
    // A program that lists FA counts a FA result at its value, and only FA.
    [500, 'FA', ['FA'], 500],
    [500, ' fa ', ['FA'], 500],
    [500, 'CG', ['FA'], null],
    // CG likewise.
    [500, 'CG', ['CG'], 500],
    [500, 'cg', ['CG'], 500],
    [500, 'FA', ['CG'], null],
    [500, 'FA', ['FA', 'CG'], 500],
    [500, 'CG', ['FA', 'CG'], 500],
    // A FA or CG without a value counts as nothing whatever the program says.
    [null, 'FA', ['FA'], null],
    [null, 'CG', ['FA', 'CG'], null],
    // The setting changes nothing for other remarks.
    [10, 'K', ['FA', 'CG'], 10],
    [10, null, ['FA'], 10],
    [null, 'NS', ['FA', 'CG'], null],
  ])('%s with remark %j where the program counts %j counts as %s', (value, remark, counted, expected) => {
    expect(effectiveValue(value, remark, undefined, counted)).toBe(expected);
  });

  it('a counted FA follows no censored-value rule: it counts at its value under HALF_LIMIT', () => {
    expect(effectiveValue(40, 'FA', 'HALF_LIMIT', ['FA'])).toBe(40);
    expect(effectiveValue(40, 'K', 'HALF_LIMIT', ['FA'])).toBe(20);
  });

  it('isEvaluatedRemark without a program setting is what generic rules use: FA and CG never count', () => {
    expect(isEvaluatedRemark('FA')).toBe(false);
    expect(isEvaluatedRemark('CG')).toBe(false);
    expect(isEvaluatedRemark('K')).toBe(true);
    expect(isEvaluatedRemark(null)).toBe(true);
    expect(isEvaluatedRemark('FA', ['FA'])).toBe(true);
    expect(isEvaluatedRemark('CG', ['FA'])).toBe(false);
  });

  // Four samples of 20 and a FA of 2000: left out, the geomean of the four is 20 (too few to judge);
  // counted, (20^4 * 2000)^(1/5) = 20 * 100^(1/5) = 20 * 2.511886 = 50.2377, a fail at 35.
  const withFa = () => [...['01', '02', '03', '04'].map((d) => sample(`2024-06-${d}`, 20)), sample('2024-06-05', 2000, 'FA')];

  it('a survey counts a FA result only when the program lists FA', () => {
    expect(geomeanSurvey(withFa(), '2024-06-05', { threshold: 35 })).toMatchObject({ count: 4, geomean: 20, pass: null });
    expect(geomeanSurvey(withFa(), '2024-06-05', { threshold: 35, countedRemarks: ['CG'] })).toMatchObject({ count: 4, geomean: 20, pass: null });
    const counted = geomeanSurvey(withFa(), '2024-06-05', { threshold: 35, countedRemarks: ['FA'] });
    expect(counted).toMatchObject({ count: 5, pass: false });
    expect(counted.geomean).toBeCloseTo(50.2377, 4);
  });

  it('rolling geomeans count CG results only when the program lists CG, and a CG without a value never', () => {
    const samples = [sample('2024-06-01', 10), sample('2024-06-02', 1000, 'CG'), sample('2024-06-03', null, 'CG')];
    const points = (countedRemarks?: readonly NotEvaluatedRemarkCode[]) =>
      rollingGeomeans(samples, { threshold: 35, minSamples: 1, countedRemarks }).map((p) => [p.endDate, p.count, p.geomean]);
    // Not counted: June 2 is no point of the series at all (it has no usable sample).
    expect(points()).toEqual([['2024-06-01', 1, 10]]);
    expect(points(['FA'])).toEqual([['2024-06-01', 1, 10]]);
    // Counted: sqrt(10 * 1000) = 100 on June 2; June 3's CG has no value and makes no point.
    expect(points(['CG'])).toEqual([
      ['2024-06-01', 1, 10],
      ['2024-06-02', 2, 100],
    ]);
  });
});

describe('geomeanSurvey', () => {
  const options = { threshold: 35 };

  it('passes at 20 with five samples (fifth root of 10*20*40*5*80 = 3,200,000 is 20)', () => {
    const samples = [sample('2024-06-01', 10), sample('2024-06-08', 20), sample('2024-06-15', 40), sample('2024-06-22', 5), sample('2024-06-29', 80)];
    expect(geomeanSurvey(samples, '2024-06-30', options)).toEqual({
      startDate: '2024-06-01',
      endDate: '2024-06-30',
      count: 5,
      geomean: expect.closeTo(20, 9),
      threshold: 35,
      pass: true,
    });
  });

  it('fails at 10^(9/5) = 63.1 (10*100*1000*10*100 = 10^9)', () => {
    const samples = [sample('2024-06-03', 10), sample('2024-06-10', 100), sample('2024-06-17', 1000), sample('2024-06-24', 10), sample('2024-06-30', 100)];
    const survey = geomeanSurvey(samples, '2024-06-30', options);
    expect(survey.geomean).toBeCloseTo(10 ** 1.8, 9);
    expect(survey.geomean).toBeCloseTo(63.0957, 4);
    expect(survey.pass).toBe(false);
  });

  it('passes exactly at the threshold', () => {
    const samples = ['01', '02', '03', '04', '05'].map((d) => sample(`2024-06-${d}`, 35));
    expect(geomeanSurvey(samples, '2024-06-05', options)).toMatchObject({ count: 5, geomean: 35, pass: true });
  });

  it('counts only the 30 days ending on the survey date (May 31 and July 1 fall outside June 1-30)', () => {
    const samples = [
      sample('2024-05-31', 1000),
      sample('2024-06-01', 10),
      sample('2024-06-10', 10),
      sample('2024-06-20', 10),
      sample('2024-06-25', 10),
      sample('2024-06-30', 10),
      sample('2024-07-01', 1000),
    ];
    expect(geomeanSurvey(samples, '2024-06-30', options)).toMatchObject({ startDate: '2024-06-01', count: 5, geomean: 10, pass: true });
  });

  it('with fewer than the minimum samples shows the geomean but neither passes nor fails', () => {
    // sqrt(100 * 1000) = 316.2: far above 35, yet four samples cannot judge.
    const samples = [sample('2024-06-01', 100), sample('2024-06-02', 1000), sample('2024-06-03', 100), sample('2024-06-04', 1000)];
    expect(geomeanSurvey(samples, '2024-06-04', options)).toMatchObject({ count: 4, geomean: expect.closeTo(316.2278, 4), pass: null });
  });

  it('with no samples has no geomean', () => {
    expect(geomeanSurvey([], '2024-06-30', options)).toEqual({
      startDate: '2024-06-01',
      endDate: '2024-06-30',
      count: 0,
      geomean: null,
      threshold: 35,
      pass: null,
    });
  });

  it('leaves out results without a number and non-positive values', () => {
    const samples = [sample('2024-06-01', null, 'NS'), sample('2024-06-02', 0), sample('2024-06-03', -5), sample('2024-06-04', 4), sample('2024-06-05', 9)];
    // Only 4 and 9 count: sqrt(36) = 6.
    expect(geomeanSurvey(samples, '2024-06-05', { threshold: 35, minSamples: 2 })).toMatchObject({ count: 2, geomean: 6, pass: true });
  });

  it('counts every sample of a day (resamples)', () => {
    const samples = [sample('2024-06-01', 2), sample('2024-06-01', 8)];
    expect(geomeanSurvey(samples, '2024-06-01', { threshold: 35, minSamples: 2 })).toMatchObject({ count: 2, geomean: 4 });
  });

  it.each<[CensoredRule | undefined, number, boolean]>([
    // Four 40s and a K 40: at the limit all five are 40, above 35.
    [undefined, 40, false],
    ['AT_LIMIT', 40, false],
    // Half the limit: (20 * 40^4)^(1/5) = 40 * (1/2)^(1/5) = 40 * 0.870551 = 34.822, at or below 35.
    ['HALF_LIMIT', 34.822, true],
  ])('a censored value under %s makes the geomean %s', (censoredRule, geomean, pass) => {
    const samples = [sample('2024-06-01', 40, 'K'), ...['02', '03', '04', '05'].map((d) => sample(`2024-06-${d}`, 40))];
    const survey = geomeanSurvey(samples, '2024-06-05', { threshold: 35, censoredRule });
    expect(survey.geomean).toBeCloseTo(geomean, 3);
    expect(survey.pass).toBe(pass);
  });

  it.each<[string, number, string]>([
    ['2024-06-30', 30, '2024-06-01'],
    ['2024-06-30', 7, '2024-06-24'],
    ['2024-06-30', 1, '2024-06-30'],
    // 2024 is a leap year: Feb 1 to Mar 1 is 29 + 1 = 30 days.
    ['2024-03-01', 30, '2024-02-01'],
    // 2023 is not: 1 day of January's end + 28 of February + 1 of March = 30.
    ['2023-03-01', 30, '2023-01-31'],
    ['2025-01-10', 30, '2024-12-12'],
  ])('a window ending %s of %s days starts %s', (endDate, windowDays, startDate) => {
    expect(geomeanSurvey([], endDate, { threshold: 35, windowDays }).startDate).toBe(startDate);
  });

  it.each([0, 1.5, Number.NaN])('refuses a window of %s days', (windowDays) => {
    expect(() => geomeanSurvey([], '2024-06-30', { threshold: 35, windowDays })).toThrow(RangeError);
  });

  it.each(['2024-6-1', '06/01/2024', '2024-02-30', '2023-02-29', ''])('refuses the date %j', (bad) => {
    expect(() => geomeanSurvey([], bad, options)).toThrow(RangeError);
    expect(() => geomeanSurvey([sample(bad, 10)], '2024-06-30', options)).toThrow(RangeError);
  });
});

describe('rollingGeomeans', () => {
  it('slides the window over every sample date, oldest first', () => {
    const samples = [
      sample('2024-07-25', 100),
      sample('2024-06-10', 100),
      sample('2024-06-01', 10),
      sample('2024-06-20', 1000),
      sample('2024-07-05', 10),
      sample('2024-07-05', 10),
      sample('2024-07-10', null, 'NS'),
    ];
    const rolling = rollingGeomeans(samples, { threshold: 35, minSamples: 2 });
    expect(rolling.map((s) => [s.endDate, s.startDate, s.count, s.geomean === null ? null : Number(s.geomean.toFixed(4)), s.pass])).toEqual([
      // Only 10.
      ['2024-06-01', '2024-05-03', 1, 10, null],
      // sqrt(10 * 100) = sqrt(1000) = 31.6228.
      ['2024-06-10', '2024-05-12', 2, 31.6228, true],
      // cube root of 10 * 100 * 1000 = 10^6 is 100.
      ['2024-06-20', '2024-05-22', 3, 100, false],
      // June 1 has left: 100 * 1000 * 10 * 10 = 10^7, and (10^7)^(1/4) = 10^1.75 = 56.2341.
      ['2024-07-05', '2024-06-06', 4, 56.2341, false],
      // July 10 had no number, so no point there. Window June 26 - July 25: 10, 10, 100 -> (10^4)^(1/3) = 21.5443.
      ['2024-07-25', '2024-06-26', 3, 21.5443, true],
    ]);
  });

  it('is empty without samples', () => {
    expect(rollingGeomeans([], { threshold: 35 })).toEqual([]);
  });

  it('defaults to 30 days and at least 5 samples', () => {
    const samples = ['01', '02', '03', '04', '05'].map((d) => sample(`2024-06-${d}`, 20));
    expect(rollingGeomeans(samples, { threshold: 35 }).map((s) => s.pass)).toEqual([null, null, null, null, true]);
  });
});
