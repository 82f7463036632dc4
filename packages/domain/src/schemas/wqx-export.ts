import { z } from 'zod';
import { boundedDateSchema, DATE_MIN, idOf } from './common';
import { latestAllowedDate } from './downloads';
import { madeHere } from './made';

/**
 * DEP IT: WQX (SPEC 2 "DEP IT: WQX", DESIGN 4 Exports, decision 0034). GET /depit/wqx?program_id&from&to:
 * one program's verified results of a period as a WQX 3.0 XML file for EPA; organization admins only.
 * The rules here are pure: which WQX domain values a stored result becomes.
 */

export interface WqxExportQueryOptions {
  /** Time zone whose "tomorrow" is the latest date allowed (the programs'; DESIGN 3). */
  timeZone?: string;
  now?: () => Date;
}

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/** The file's query: a program (its id) and a period, both ends included; From not after To. */
export function wqxExportQuerySchema({ timeZone = 'America/New_York', now = () => new Date() }: WqxExportQueryOptions = {}) {
  const date = (label: string) =>
    z.preprocess(
      blankToUndefined,
      boundedDateSchema({
        invalid: `${label} must be a YYYY-MM-DD date`,
        tooEarly: `${label} cannot be earlier than ${DATE_MIN}`,
        latest: () => latestAllowedDate(now(), timeZone),
        tooLate: `${label} cannot be later than tomorrow`,
      }),
    );
  return madeHere(
    z
      .object({
        program_id: z.preprocess(
          blankToUndefined,
          idOf({ type: 'Choose a program', whole: 'The program must be a whole number', positive: 'The program must be a positive id', tooLarge: 'No such program' }),
        ),
        from: date('From'),
        to: date('To'),
      })
      .refine((q) => q.from <= q.to, { path: ['to'], message: 'The To date is before the From date' }),
  );
}
export type WqxExportQuery = z.output<ReturnType<typeof wqxExportQuerySchema>>;
export type WqxExportQueryInput = z.input<ReturnType<typeof wqxExportQuerySchema>>;

/** The 200 answer: the XML document itself (application/xml), streamed as an attachment. */
export const wqxFileSchema = z.string().describe('WQX 3.0 XML document (application/xml), streamed as an attachment');

export type WqxBeachCategory = 'OCEAN' | 'BAY' | 'RIVER' | 'LAKE';

/** WQX MonitoringLocationTypeName of a beach station, by its beach's category (a bay beach is an estuary). */
export const WQX_LOCATION_TYPES: Readonly<Record<WqxBeachCategory, string>> = {
  OCEAN: 'BEACH Program Site-Ocean',
  BAY: 'BEACH Program Site-Estuary',
  RIVER: 'BEACH Program Site-River',
  LAKE: 'BEACH Program Site-Lake',
};

export function wqxLocationTypeName(category: string): string {
  return WQX_LOCATION_TYPES[category as WqxBeachCategory] ?? 'BEACH Program Site-Ocean';
}

/** What a remark code says about the value, as the remark_codes table flags it. */
export interface WqxRemark {
  code: string | null;
  isNoValue: boolean;
  isCensoredLow: boolean;
  isCensoredHigh: boolean;
}

export interface WqxResultValue {
  /** ResultDetectionConditionText, when the value is not a plain measurement. */
  detectionCondition: string | null;
  /** ResultMeasureValue: the stored value when it is a measurement. */
  measureValue: string | null;
  /** ResultDetectionQuantitationLimit: the limit a censored value was reported at. */
  limit: { typeName: string; value: string } | null;
}

/** Remarks that mean the value is no measurement (not evaluated: failed analysis, confluent growth). */
const NOT_MEASURED_REMARKS: ReadonlySet<string> = new Set(['FA', 'CG']);

/**
 * A stored result as WQX writes it. "<10" (K or "<") is Not Detected with a Lower Reporting Limit of 10;
 * ">2420" (L, ">" or TNTC) is Present Above Quantification Limit with an Upper Quantitation Limit of
 * 2420; a result without a measurement (lab failure, lab accident, failed analysis, confluent growth, or
 * no value) is Not Reported; anything else is the value itself.
 */
export function wqxResultValue(value: number | null, remark: WqxRemark): WqxResultValue {
  const text = value === null ? null : wqxNumber(value);
  if (remark.isCensoredLow && text !== null) {
    return { detectionCondition: 'Not Detected', measureValue: null, limit: { typeName: 'Lower Reporting Limit', value: text } };
  }
  if (remark.isCensoredHigh && text !== null) {
    return { detectionCondition: 'Present Above Quantification Limit', measureValue: null, limit: { typeName: 'Upper Quantitation Limit', value: text } };
  }
  if (text === null || remark.isNoValue || (remark.code !== null && NOT_MEASURED_REMARKS.has(remark.code))) {
    return { detectionCondition: 'Not Reported', measureValue: null, limit: null };
  }
  return { detectionCondition: null, measureValue: text, limit: null };
}

/** A number as WQX text: plain decimal notation, no exponent. */
export function wqxNumber(value: number): string {
  if (Number.isInteger(value)) return String(value);
  return String(Number(value.toPrecision(12)));
}

/**
 * The analytical method a result's parameter and unit imply (methods are not stored per result): colony
 * counts (CFU) are membrane filtration, EPA 1600 for Enterococcus and 1603 for E. coli; most probable
 * numbers (MPN) are IDEXX Enterolert and Colilert.
 */
export function wqxAnalyticalMethod(parameterCode: string, unitCode: string): { identifier: string; context: string; name: string } | null {
  const mpn = unitCode === 'MPN_100ML';
  if (parameterCode === 'ENTEROCOCCUS') {
    return mpn
      ? { identifier: 'ENTEROLERT', context: 'IDEXX', name: 'Enterococcus by Enterolert (most probable number)' }
      : { identifier: '1600', context: 'USEPA', name: 'Enterococci in water by membrane filtration (mEI agar)' };
  }
  if (parameterCode === 'E_COLI') {
    return mpn
      ? { identifier: 'COLILERT', context: 'IDEXX', name: 'E. coli by Colilert (most probable number)' }
      : { identifier: '1603', context: 'USEPA', name: 'E. coli in water by membrane filtration (modified mTEC agar)' };
  }
  return null;
}

/** WQX ActivityTypeCode: a resample is a routine resample. */
export const wqxActivityType = (isResample: boolean) => (isResample ? 'Sample-Routine Resample' : 'Sample-Routine');

/** The file's name: wqx_{programCode}_{from}_{to}.xml, the code kept to letters, digits, '-' and '_'. */
export function wqxFileName(programCode: string, from: string, to: string): string {
  const code = programCode.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'program';
  return `wqx_${code}_${from}_${to}.xml`;
}
