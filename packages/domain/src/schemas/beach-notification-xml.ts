import { z } from 'zod';
import { BEACH_ACT_LOCATION_TYPES } from '../rules/epa-statistics';
import { idOf } from './common';
import { madeHere } from './made';
import { notificationActionSpans, reportedStop, type MonitoringSeason, type ReportedStop } from '../rules/notification-actions';

/**
 * DEP IT: XML File (SPEC 6 Website Management, DESIGN 4 Exports; decision 0033). GET
 * /depit/xml/beachNotification?program_id={id}&year={yyyy}: one program's beach profiles, monitoring
 * stations, criteria and the year's advisories and closures as an EPA BEACH notification 2.4 file
 * (schemas/epa/beaches-2.4). Organization admins only. The pure rules the api's streaming writer uses
 * (escaping, code mappings, actions from the status history) live here.
 */

export const BEACH_NOTIFICATION_XML_PATH = '/portal/website-management/dep-it/xml';

/** The first year the form offers and the api accepts. */
export const BEACH_NOTIFICATION_FIRST_YEAR = 2000;

export const BEACH_NOTIFICATION_NAMESPACE = 'http://www.exchangenetwork.net/schema/BEACHES/2';

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '') || value === null ? undefined : value;

/** A value that must be given: a missing or blank one is refused with `message` before it is read. */
const required = (message: string) => z.unknown().refine((v): boolean => v !== undefined, { message, abort: true });

export interface BeachNotificationQueryOptions {
  /** The latest year allowed (this year in the programs' time zone). */
  latestYear?: () => number;
}

/** program_id and year, both required; the year from 2000 to this year. */
export function beachNotificationQuerySchema({ latestYear = () => new Date().getFullYear() }: BeachNotificationQueryOptions = {}) {
  return madeHere(z.object({
    program_id: z.preprocess(
      blankToUndefined,
      required('Choose a program').pipe(
        idOf({ type: 'Program must be a number', whole: 'Program must be a whole number', positive: 'Program must be a positive id', tooLarge: 'No such program' }),
      ),
    ),
    year: z.preprocess(
      blankToUndefined,
      required('Choose a year').pipe(
        z.coerce
          .number({ error: 'Year must be a four-digit year' })
          .int('Year must be a four-digit year')
          .min(BEACH_NOTIFICATION_FIRST_YEAR, `Year cannot be earlier than ${BEACH_NOTIFICATION_FIRST_YEAR}`)
          .refine((y) => y <= latestYear(), { message: 'Year cannot be later than this year' }),
      ),
    ),
  }));
}

export type BeachNotificationQuery = z.infer<ReturnType<typeof beachNotificationQuerySchema>>;

/** The 200 answer: the XML document itself, streamed (not an envelope). */
export const beachNotificationXmlSchema = z.string().describe('EPA BEACH notification 2.4 XML (application/xml), streamed');

/** beach-notification_{programCode}_{year}.xml, the program code reduced to file-name-safe characters. */
export function beachNotificationFileName(programCode: string, year: number): string {
  const code = programCode.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'program';
  return `beach-notification_${code}_${year}.xml`;
}

// ---------------------------------------------------------------------------------------------------
// XML text

/** Characters XML 1.0 cannot carry at all (C0 controls other than tab, LF, CR; lone surrogates; FFFE/FFFF). */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text for element content or an attribute: forbidden characters dropped, markup characters escaped. */
export function xmlEscape(text: string): string {
  return text.replace(NOT_XML, '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/**
 * Free text cut to the schema's length (CharN: 1 to N characters), whitespace collapsed; null when nothing
 * is left (an optional element is then left out). The cut counts characters, not UTF-16 units.
 */
export function xmlChars(text: string | null | undefined, max: number): string | null {
  if (text == null) return null;
  const clean = text.replace(NOT_XML, '').replace(/\s+/g, ' ').trim();
  if (!clean) return null;
  const chars = Array.from(clean);
  return chars.length <= max ? clean : `${chars.slice(0, max - 1).join('').trimEnd()}…`;
}

/** `<Name>escaped text</Name>`, or '' when the value is null (optional element left out). */
export function xmlElement(name: string, value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  return `<${name}>${xmlEscape(String(value))}</${name}>`;
}

/** A decimal with at most `fraction` decimals and no trailing zeros (xsd:decimal totalDigits). */
export function xmlDecimal(value: number, fraction = 6): string {
  const fixed = value.toFixed(fraction);
  return fixed.includes('.') ? fixed.replace(/0+$/, '').replace(/\.$/, '') : fixed;
}

// ---------------------------------------------------------------------------------------------------
// Code mappings (BEACH notification 2.4 enumerations)

type BeachCategory = 'OCEAN' | 'BAY' | 'RIVER' | 'LAKE';

/** WaterBodyTypeCode per location type. */
export const WATER_BODY_TYPE: Record<BeachCategory, string> = {
  OCEAN: 'OPEN_COAST',
  BAY: 'SND_BY_INLT',
  RIVER: 'FLOW_WATER',
  LAKE: 'STILL_WATER',
};

/** WaterBodyNameCode: the agency's coastal beaches are on the Atlantic; rivers and lakes are inland. */
export const WATER_BODY_NAME: Record<BeachCategory, string> = { OCEAN: 'ATLANTIC', BAY: 'ATLANTIC', RIVER: 'INLAND', LAKE: 'INLAND' };

/** WaterTypeName of a beach's criteria: marine for coastal recreation waters, fresh otherwise. */
export function waterTypeOf(category: string): 'MARINE' | 'FRESH' {
  return (BEACH_ACT_LOCATION_TYPES as readonly string[]).includes(category) ? 'MARINE' : 'FRESH';
}

/** IndicatorName (criteria) and ActivityIndicatorType (actions) per parameter code. */
export const CRITERION_INDICATOR: Record<string, string> = { ENTEROCOCCUS: 'ENTEROCOCCI', E_COLI: 'ECOLI' };
export const ACTIVITY_INDICATOR: Record<string, string> = { ENTEROCOCCUS: 'ENTERO', E_COLI: 'ECOLI' };

/** MonitoringFrequencyDetail per MONITORING_FREQUENCIES code: times per unit in season. */
export function monitoringFrequencyOf(code: string | null): { measure: number; unit: 'PER_DAY' | 'PER_WEEK' | 'PER_MONTH'; irregular: boolean; comment: string | null } {
  switch (code) {
    case 'DAILY':
      return { measure: 1, unit: 'PER_DAY', irregular: false, comment: null };
    case 'TWICE_WEEKLY':
      return { measure: 2, unit: 'PER_WEEK', irregular: false, comment: null };
    case 'WEEKLY':
      return { measure: 1, unit: 'PER_WEEK', irregular: false, comment: null };
    case 'BIWEEKLY':
      return { measure: 2, unit: 'PER_MONTH', irregular: false, comment: null };
    case 'MONTHLY':
      return { measure: 1, unit: 'PER_MONTH', irregular: false, comment: null };
    case 'NOT_MONITORED':
      return { measure: 0, unit: 'PER_WEEK', irregular: false, comment: 'Not monitored' };
    default:
      return { measure: 0, unit: 'PER_WEEK', irregular: true, comment: 'Monitoring frequency not recorded' };
  }
}

export const ACTIVITY_REASONS = ['ELEV_BACT', 'RAINFALL', 'SEWAGE', 'CHEM_OIL', 'MODEL', 'POLICY', 'OTHER', 'MODEL_VB'] as const;
export const ACTIVITY_SOURCES = ['AGRICULTURAL', 'ALGAE', 'BOAT', 'CAFO', 'CSO', 'POTW', 'RUNOFF', 'SEPTIC', 'SEWER_LINE', 'SSO', 'STORM', 'WILDLIFE', 'UNKNOWN', 'OTHER'] as const;
/** BeachPollutionSourceCode also allows TBD. */
export const POLLUTION_SOURCES: readonly string[] = [...ACTIVITY_SOURCES, 'TBD'];

/** USPS code per state FIPS code (the first two digits of a county's FIPS code). */
const STATE_BY_FIPS: Record<string, string> = {
  '01': 'AL', '02': 'AK', '04': 'AZ', '05': 'AR', '06': 'CA', '08': 'CO', '09': 'CT', '10': 'DE', '11': 'DC', '12': 'FL',
  '13': 'GA', '15': 'HI', '16': 'ID', '17': 'IL', '18': 'IN', '19': 'IA', '20': 'KS', '21': 'KY', '22': 'LA', '23': 'ME',
  '24': 'MD', '25': 'MA', '26': 'MI', '27': 'MN', '28': 'MS', '29': 'MO', '30': 'MT', '31': 'NE', '32': 'NV', '33': 'NH',
  '34': 'NJ', '35': 'NM', '36': 'NY', '37': 'NC', '38': 'ND', '39': 'OH', '40': 'OK', '41': 'OR', '42': 'PA', '44': 'RI',
  '45': 'SC', '46': 'SD', '47': 'TN', '48': 'TX', '49': 'UT', '50': 'VT', '51': 'VA', '53': 'WA', '54': 'WV', '55': 'WI',
  '56': 'WY', '60': 'AS', '66': 'GU', '69': 'MP', '72': 'PR', '78': 'VI',
};

export function stateOfCountyFips(fips: string | null): string | null {
  if (!fips || !/^\d{5}$/.test(fips)) return null;
  return STATE_BY_FIPS[fips.slice(0, 2)] ?? null;
}

/** A beach goes in the file only with an 8-character EPA beach id and a county FIPS code (both required by 2.4). */
export function isReportableBeach(beach: { epa_beach_id: string | null; county_fips: string | null }): boolean {
  return beach.epa_beach_id != null && beach.epa_beach_id.trim().length === 8 && stateOfCountyFips(beach.county_fips) !== null;
}

// ---------------------------------------------------------------------------------------------------
// Actions from the status history

/** One status change of a primary station, with what the history row says caused it. */
export interface NotificationStatusChange {
  /** 'YYYY-MM-DD'. */
  effectiveDate: string;
  /** OPEN, ADVISORY, CLOSED, NOT_MONITORED. */
  status: string;
  /** BEACON reason code, or null. */
  reasonCode: string | null;
  /** BEACON source code, or null. */
  sourceCode: string | null;
  reason: string;
  /** RULE, MANUAL, INCIDENT, SEASON, IMPORT. */
  source: string;
  /** Parameter code of the result that caused the change, or null. */
  parameterCode: string | null;
}

export interface NotificationAction {
  type: 'ADVISORY' | 'CLOSURE';
  /** 'YYYY-MM-DD': the day the first change of the action took effect. */
  start: string;
  /** 'YYYY-MM-DD': the day it was lifted, the last day of its swim season, or (still in force) the day the file was written. */
  stop: string;
  /** Why it stops on `stop`: LIFTED by a change, SEASON_END (still in force when the swim season ended), IN_FORCE on that day. */
  stopReason: ReportedStop['reason'];
  reasons: { code: string; text: string | null }[];
  sources: { code: string; text: string | null }[];
  indicators: { code: string; text: string | null }[];
}

/**
 * The advisories and closures in force on at least one day of `period`, counted as the EPA report counts
 * them (notificationActionSpans, decision 0053): an action starts on the day its status takes effect while
 * the program monitors and lasts through the day the next change takes effect, or through the last day of
 * its swim season when it is still in force then (it never runs on through the winter); successive changes
 * to the same status within a season are one action. A status set while the program does not monitor was
 * never posted and is no action. `history` holds every change from the last one before the period through
 * the first one after it; `seasons` the program's seasons that touch it; `today` the day the file is
 * written (no stop date after it).
 * Reasons and sources are the BEACON codes the history rows carry (a rule's change with none is
 * ELEV_BACT; a change with none is OTHER / UNKNOWN); the indicator is the parameter of the result that
 * caused it, the program's indicator for an elevated-bacteria action without a result, else PREEMPT.
 */
export function notificationActions(
  history: readonly NotificationStatusChange[],
  seasons: readonly MonitoringSeason[],
  period: { from: string; to: string },
  today: string,
  programIndicator: string | null,
): NotificationAction[] {
  const out: NotificationAction[] = [];
  for (const action of notificationActionSpans(history, seasons)) {
    const { stop, reason: stopReason } = reportedStop(action, today);
    if (action.start > period.to || stop < period.from || action.start > today) continue;

    const reasons = new Map<string, string | null>();
    const sources = new Map<string, string | null>();
    const indicators = new Map<string, string | null>();
    for (const c of action.changes) {
      const reasonCode = c.reasonCode && (ACTIVITY_REASONS as readonly string[]).includes(c.reasonCode) ? c.reasonCode : c.source === 'RULE' ? 'ELEV_BACT' : 'OTHER';
      if (!reasons.has(reasonCode)) reasons.set(reasonCode, xmlChars(c.reason, 255));
      const sourceCode = c.sourceCode && (ACTIVITY_SOURCES as readonly string[]).includes(c.sourceCode) ? c.sourceCode : 'UNKNOWN';
      if (!sources.has(sourceCode)) sources.set(sourceCode, null);
      const indicator =
        (c.parameterCode && ACTIVITY_INDICATOR[c.parameterCode]) ??
        (reasonCode === 'ELEV_BACT' && programIndicator ? ACTIVITY_INDICATOR[programIndicator] ?? 'OTHER' : 'PREEMPT');
      if (!indicators.has(indicator)) indicators.set(indicator, null);
    }
    // A known source makes the placeholder UNKNOWN redundant.
    if (sources.size > 1) sources.delete('UNKNOWN');
    const list = (m: Map<string, string | null>) => [...m].map(([code, text]) => ({ code, text }));
    out.push({
      type: action.status === 'ADVISORY' ? 'ADVISORY' : 'CLOSURE',
      start: action.start,
      stop,
      stopReason,
      reasons: list(reasons),
      sources: list(sources),
      indicators: list(indicators),
    });
  }
  return out;
}
