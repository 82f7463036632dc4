import { describe, expect, it } from 'vitest';
import { DEFAULT_WATER_QUALITY_THRESHOLDS, thresholdsFor } from './thresholds';

describe('water-quality thresholds', () => {
  it('defaults to the demo program values', () => {
    expect(DEFAULT_WATER_QUALITY_THRESHOLDS.ENTEROCOCCUS).toEqual({ geomean: 35, statisticalThresholdValue: 130, beachActionValue: 104 });
    expect(DEFAULT_WATER_QUALITY_THRESHOLDS.E_COLI).toEqual({ geomean: 126, statisticalThresholdValue: 410, beachActionValue: 235 });
  });

  it.each([
    ['ENTEROCOCCUS', undefined, { geomean: 35, statisticalThresholdValue: 130, beachActionValue: 104 }],
    ['ENTEROCOCCUS', { ENTEROCOCCUS: { beachActionValue: 70 } }, { geomean: 35, statisticalThresholdValue: 130, beachActionValue: 70 }],
    ['E_COLI', { ENTEROCOCCUS: { beachActionValue: 70 } }, { geomean: 126, statisticalThresholdValue: 410, beachActionValue: 235 }],
  ] as const)('%s with program values %j', (parameter, program, expected) => {
    expect(thresholdsFor(parameter, program)).toEqual(expected);
  });
});
