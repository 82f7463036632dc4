/** Indicator bacteria a result can measure. */
export const WATER_PARAMETERS = ['ENTEROCOCCUS', 'E_COLI'] as const;
export type WaterParameter = (typeof WATER_PARAMETERS)[number];

/** Per 100 mL, in the result's unit (CFU or MPN count the same for these criteria). */
export interface WaterQualityThresholds {
  /** A 30-day geometric mean above this fails the survey. */
  geomean: number;
  /** Statistical threshold value: no more than 10% of samples in the window should exceed it. */
  statisticalThresholdValue: number;
  /** Single-sample beach action value used by the logic rules. */
  beachActionValue: number;
}

/**
 * The demo program's thresholds. Marine Enterococcus follows New Jersey (geomean 35, STV 130, BAV 104);
 * fresh-water E. coli follows EPA's 2012 criteria (geomean 126, STV 410, BAV 235).
 */
export const DEFAULT_WATER_QUALITY_THRESHOLDS: Readonly<Record<WaterParameter, Readonly<WaterQualityThresholds>>> = {
  ENTEROCOCCUS: { geomean: 35, statisticalThresholdValue: 130, beachActionValue: 104 },
  E_COLI: { geomean: 126, statisticalThresholdValue: 410, beachActionValue: 235 },
};

/** A program's own thresholds, overriding the defaults where set. */
export type ProgramWaterQualityThresholds = Partial<Record<WaterParameter, Partial<WaterQualityThresholds>>>;

export function thresholdsFor(
  parameter: WaterParameter,
  program: ProgramWaterQualityThresholds = {},
): WaterQualityThresholds {
  return { ...DEFAULT_WATER_QUALITY_THRESHOLDS[parameter], ...program[parameter] };
}
