import { describe, expect, it } from 'vitest';
import { compareByRisk, DEFAULT_NOWCAST_COEFFICIENTS, nowcast, type NowcastCoefficients } from './model';

/** Round numbers so every value below can be checked by hand. */
const FIXTURE: NowcastCoefficients = { intercept: -2, rain_24h: 0.1, rain_48h: 0.05, rain_72h: 0.02, last_result: 1, threshold: 0.5 };

describe('nowcast model', () => {
  it('matches the hand-computed log-odds, probability and terms on a fixture with known coefficients', () => {
    // -2 + 0.1*10 + 0.05*20 + 0.02*30 + 1*log10(99+1) = -2 + 1 + 1 + 0.6 + 2 = 2.6; p = 1/(1+e^-2.6)
    const e = nowcast(FIXTURE, { h24: 10, h48: 20, h72: 30, last_result: 99 });
    expect(e.log_odds).toBeCloseTo(2.6, 12);
    expect(e.probability).toBeCloseTo(0.930861579656653, 12);
    expect(e.flagged).toBe(true);
    expect(e.terms.map((t) => [t.term, t.input, t.contribution])).toEqual([
      ['intercept', 1, -2],
      ['rain_24h', 10, 1],
      ['rain_48h', 20, 1],
      ['rain_72h', 30, expect.closeTo(0.6, 12)],
      ['last_result', 2, 2],
    ]);
  });

  it('leaves the last-result term out when the station has no result', () => {
    // -2 + 1 + 1 + 0.6 = 0.6; p = 1/(1+e^-0.6)
    const e = nowcast(FIXTURE, { h24: 10, h48: 20, h72: 30, last_result: null });
    expect(e.probability).toBeCloseTo(0.645656306225795, 12);
    expect(e.terms.map((t) => t.term)).toEqual(['intercept', 'rain_24h', 'rain_48h', 'rain_72h']);
  });

  it('flags from the threshold up, not below it', () => {
    // Dry, last result 0: log-odds -2, p = 1/(1+e^2) = 0.119202922022118
    const dry = nowcast(FIXTURE, { h24: 0, h48: 0, h72: 0, last_result: 0 });
    expect(dry.probability).toBeCloseTo(0.119202922022118, 12);
    expect(dry.flagged).toBe(false);
    expect(nowcast({ ...FIXTURE, threshold: 0.119 }, { h24: 0, h48: 0, h72: 0, last_result: 0 }).flagged).toBe(true);
  });

  it('gives no estimate without rainfall', () => {
    const e = nowcast(FIXTURE, { h24: null, h48: null, h72: null, last_result: 500 });
    expect(e).toEqual({ probability: null, log_odds: null, flagged: false, threshold: 0.5, terms: [] });
  });

  it('defaults: a dry day after a clean sample is unlikely, three wet days after a sample at the marine BAV likely', () => {
    expect(nowcast(DEFAULT_NOWCAST_COEFFICIENTS, { h24: 0, h48: 0, h72: 0, last_result: 10 }).probability).toBeCloseTo(0.0497, 4);
    expect(nowcast(DEFAULT_NOWCAST_COEFFICIENTS, { h24: 25, h48: 25, h72: 25, last_result: 104 }).probability).toBeCloseTo(0.773, 3);
  });

  it('orders by risk, unknown last, ties by name', () => {
    const rows = [
      { probability: null, beach_name: 'A', station_name: '1' },
      { probability: 0.2, beach_name: 'B', station_name: '1' },
      { probability: 0.9, beach_name: 'C', station_name: '1' },
      { probability: 0.2, beach_name: 'A', station_name: '2' },
    ];
    expect([...rows].sort(compareByRisk).map((r) => `${r.beach_name}${r.station_name}`)).toEqual(['C1', 'A2', 'B1', 'A1']);
  });
});
