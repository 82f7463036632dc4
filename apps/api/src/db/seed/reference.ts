import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import {
  beachStatuses,
  beaconReasons,
  beaconSources,
  incidentTypes,
  organizationCategories,
  organizationGroups,
  parameters,
  remarkCodes,
  resultUnits,
  websiteToggles,
} from '../schema';

/**
 * Code lists every database needs, demo or not. seedReference runs at every start-up: it inserts what
 * is missing and refreshes names and descriptions, but never touches what staff edit (a toggle's value).
 */

/**
 * Marker colours were chosen for contrast (WCAG): the letter on the marker meets 4.5:1 and the marker
 * against the base map meets 3:1, except amber, which carries a dark letter and a dark outline.
 */
export const BEACH_STATUSES = [
  {
    code: 'OPEN',
    name: 'Open',
    color: '#1a7f37',
    markerSymbol: 'O',
    markerShape: 'circle',
    legendOrder: 1,
    description:
      'Water quality meets the standard; swimming is permitted. Marker: white letter O on a green circle (#1a7f37, contrast 5.1:1).',
  },
  {
    code: 'ADVISORY',
    name: 'Advisory',
    color: '#ffbe2e',
    markerSymbol: 'A',
    markerShape: 'triangle',
    legendOrder: 2,
    description:
      'A sample exceeded the beach action value; swimming is not recommended until a resample meets the standard. ' +
      'Marker: dark letter A (#1b1b1b, contrast 10.4:1) on an amber triangle with a dark outline; white text is not used on amber.',
  },
  {
    code: 'CLOSED',
    name: 'Closed',
    color: '#b50909',
    markerSymbol: 'C',
    markerShape: 'square',
    legendOrder: 3,
    description:
      'Closed to swimming after consecutive exceedances or a known pollution event. Marker: white letter C on a red square (#b50909, contrast 7.0:1).',
  },
  {
    code: 'NOT_MONITORED',
    name: 'Not Monitored',
    color: '#565c65',
    markerSymbol: 'N',
    markerShape: 'diamond',
    legendOrder: 4,
    description:
      'Outside the swimming season or not currently sampled; no water-quality information is available. ' +
      'Marker: white letter N on a grey diamond (#565c65, contrast 6.7:1).',
  },
] as const;

export const REMARK_CODES = [
  { code: 'K', name: 'Less than reporting limit', description: 'The true value is below the reported value, which is the reporting limit.', isCensoredLow: true },
  { code: '<', name: 'Less than', description: 'Same meaning as K; accepted from laboratory files that write "<".', isCensoredLow: true },
  { code: 'L', name: 'Greater than', description: 'The true value is above the reported value, the upper limit of the method.', isCensoredHigh: true },
  { code: '>', name: 'Greater than (symbol)', description: 'Same meaning as L; accepted from laboratory files that write ">".', isCensoredHigh: true },
  { code: 'TNTC', name: 'Too numerous to count', description: 'Colonies too numerous to count; the reported value is the upper limit of the dilution used.', isCensoredHigh: true },
  { code: 'NS', name: 'Not sampled', description: 'No sample was taken (e.g. unsafe surf, no access); no value.', isNoValue: true },
  { code: 'LF', name: 'Lab failure', description: 'The analysis failed (e.g. incubator out of range, holding time exceeded); no value.', isNoValue: true },
  { code: 'LA', name: 'Lab accident', description: 'The sample was lost or broken in the laboratory; no value.', isNoValue: true },
  // Agencies' files (issue 9): stored with their value or none, counted in neither geomeans nor rules (isEvaluatedRemark).
  { code: 'FA', name: 'Failed analysis', description: 'The analysis failed or the sample met an accident in the laboratory; any value is no measurement and is not evaluated.' },
  { code: 'CG', name: 'Confluent growth', description: 'Colonies grew together and could not be counted; any value is no measurement and is not evaluated.' },
] as const;

export const RESULT_UNITS = [
  { code: 'CFU_100ML', name: 'CFU/100mL', wqxCode: 'cfu/100ml' },
  { code: 'MPN_100ML', name: 'MPN/100mL', wqxCode: 'MPN/100ml' },
] as const;

/** Codes match the domain's WaterParameter ('ENTEROCOCCUS', 'E_COLI'), which the rule engine keys BAVs by. */
export const PARAMETERS = [
  { code: 'ENTEROCOCCUS', name: 'Enterococcus', wqxCharacteristicName: 'Enterococcus' },
  { code: 'E_COLI', name: 'E. coli', wqxCharacteristicName: 'Escherichia coli' },
] as const;

export const ORGANIZATION_GROUPS = [
  'State Government',
  'County Government',
  'Municipal Government',
  'Federal Government',
  'Private Sector',
  'Academic and Non-profit',
] as const;

export const ORGANIZATION_CATEGORIES = [
  'State Agency',
  'County Health Department',
  'Local Health Authority',
  'Laboratory',
  'Municipality',
  'Federal Agency',
  'Monitoring Partner',
] as const;

export const INCIDENT_TYPES = [
  { code: 'ADVISORY', name: 'Swimming advisory' },
  { code: 'CLOSURE', name: 'Beach closure' },
  { code: 'PREEMPTIVE', name: 'Pre-emptive advisory (rainfall)' },
  { code: 'SPILL', name: 'Sewage or chemical spill' },
  { code: 'HAB', name: 'Harmful algal bloom' },
  { code: 'FLOATABLES', name: 'Floatables or debris wash-up' },
  { code: 'OTHER', name: 'Other' },
] as const;

/** EPA BEACON 2.0 action reasons (DESIGN 4). */
export const BEACON_REASONS = [
  { code: 'ELEV_BACT', name: 'Elevated bacteria' },
  { code: 'RAINFALL', name: 'Rainfall (pre-emptive)' },
  { code: 'SEWAGE', name: 'Sewage spill or overflow' },
  { code: 'CHEM_OIL', name: 'Chemical or oil spill' },
  { code: 'MODEL', name: 'Predictive model' },
  { code: 'POLICY', name: 'Policy (pre-emptive)' },
  { code: 'OTHER', name: 'Other' },
] as const;

/** EPA BEACON 2.0 pollution sources (DESIGN 4). */
export const BEACON_SOURCES = [
  { code: 'STORM', name: 'Storm-related runoff' },
  { code: 'SEWER_LINE', name: 'Sewer line problem' },
  { code: 'SEPTIC', name: 'Septic system leakage' },
  { code: 'WILDLIFE', name: 'Wildlife' },
  { code: 'RUNOFF', name: 'Non-storm runoff' },
  { code: 'BOAT', name: 'Boat discharge' },
  { code: 'POTW', name: 'Publicly owned treatment works' },
  { code: 'CSO', name: 'Combined sewer overflow' },
  { code: 'SSO', name: 'Sanitary sewer overflow' },
  { code: 'ALGAE', name: 'Algae' },
  { code: 'AGRICULTURAL', name: 'Agricultural runoff' },
  { code: 'UNKNOWN', name: 'Unknown' },
  { code: 'OTHER', name: 'Other' },
] as const;

/**
 * Every public behaviour that can be turned off (All Switches). Each one is followed by the public site and, where
 * the behaviour is a read, by the api too: WELCOME_MODAL (the welcome pop-up), NEWS_BANNER (the banner on public
 * pages), AIRCRAFT_DATA (the aircraft readings on Daily Flights, GET public/aircraft/*), DOWNLOADS (Beach Data's
 * panel and GET public/data/download/*), MAINTENANCE_NOTICE (the site notice on every public page).
 */
export const WEBSITE_TOGGLES = [
  { code: 'WELCOME_MODAL', name: 'Welcome pop-up', description: 'Show the welcome pop-up to first-time visitors of the public site.', value: true },
  { code: 'NEWS_BANNER', name: 'News banner', description: 'Show the news item marked as banner across the top of public pages.', value: true },
  { code: 'AIRCRAFT_DATA', name: 'Aircraft data', description: 'Show the latest aircraft chlorophyll and phycocyanin readings on the Daily Flights page.', value: true },
  { code: 'DOWNLOADS', name: 'Data downloads', description: 'Offer the water-quality and incident downloads (Beach Data) on the public site.', value: true },
  { code: 'MAINTENANCE_NOTICE', name: 'Site notice', description: 'Warn public visitors on every page that data may be briefly unavailable during maintenance.', value: false },
] as const;
export type WebsiteToggleCode = (typeof WEBSITE_TOGGLES)[number]['code'];

export async function seedReference(db: DbOrTx): Promise<void> {
  await db
    .insert(beachStatuses)
    .values([...BEACH_STATUSES])
    .onConflictDoUpdate({
      target: beachStatuses.code,
      set: {
        name: sql`excluded.name`,
        color: sql`excluded.color`,
        markerSymbol: sql`excluded.marker_symbol`,
        markerShape: sql`excluded.marker_shape`,
        legendOrder: sql`excluded.legend_order`,
        description: sql`excluded.description`,
      },
    });
  await db
    .insert(remarkCodes)
    .values(REMARK_CODES.map((r) => ({ isNoValue: false, isCensoredLow: false, isCensoredHigh: false, ...r })))
    .onConflictDoUpdate({
      target: remarkCodes.code,
      set: {
        name: sql`excluded.name`,
        description: sql`excluded.description`,
        isNoValue: sql`excluded.is_no_value`,
        isCensoredLow: sql`excluded.is_censored_low`,
        isCensoredHigh: sql`excluded.is_censored_high`,
      },
    });
  await db
    .insert(resultUnits)
    .values([...RESULT_UNITS])
    .onConflictDoUpdate({ target: resultUnits.code, set: { name: sql`excluded.name`, wqxCode: sql`excluded.wqx_code` } });
  await db
    .insert(parameters)
    .values([...PARAMETERS])
    .onConflictDoUpdate({
      target: parameters.code,
      set: { name: sql`excluded.name`, wqxCharacteristicName: sql`excluded.wqx_characteristic_name` },
    });
  await db
    .insert(organizationGroups)
    .values(ORGANIZATION_GROUPS.map((name) => ({ name })))
    .onConflictDoNothing();
  await db
    .insert(organizationCategories)
    .values(ORGANIZATION_CATEGORIES.map((name) => ({ name })))
    .onConflictDoNothing();
  await db
    .insert(incidentTypes)
    .values([...INCIDENT_TYPES])
    .onConflictDoUpdate({ target: incidentTypes.code, set: { name: sql`excluded.name` } });
  await db
    .insert(beaconReasons)
    .values([...BEACON_REASONS])
    .onConflictDoUpdate({ target: beaconReasons.code, set: { name: sql`excluded.name` } });
  await db
    .insert(beaconSources)
    .values([...BEACON_SOURCES])
    .onConflictDoUpdate({ target: beaconSources.code, set: { name: sql`excluded.name` } });
  // A toggle's value belongs to the website administrators once it exists: only name and text refresh.
  await db
    .insert(websiteToggles)
    .values([...WEBSITE_TOGGLES])
    .onConflictDoUpdate({
      target: websiteToggles.code,
      set: { name: sql`excluded.name`, description: sql`excluded.description` },
    });
}

/** Ids of the reference rows the generators need, looked up by code. */
export interface ReferenceIds {
  status: Record<'OPEN' | 'ADVISORY' | 'CLOSED' | 'NOT_MONITORED', number>;
  remark: Record<string, number>;
  unit: Record<'CFU_100ML' | 'MPN_100ML', number>;
  parameter: Record<'ENTEROCOCCUS' | 'E_COLI', number>;
  group: Record<string, number>;
  category: Record<string, number>;
}

export async function loadReferenceIds(db: DbOrTx): Promise<ReferenceIds> {
  // One after another: on a single connection (a transaction) queries cannot overlap.
  const statusRows = await db.select({ id: beachStatuses.beachStatusId, code: beachStatuses.code }).from(beachStatuses);
  const remarkRows = await db.select({ id: remarkCodes.remarkCodeId, code: remarkCodes.code }).from(remarkCodes);
  const unitRows = await db.select({ id: resultUnits.resultUnitId, code: resultUnits.code }).from(resultUnits);
  const parameterRows = await db.select({ id: parameters.parameterId, code: parameters.code }).from(parameters);
  const groupRows = await db.select({ id: organizationGroups.organizationGroupId, code: organizationGroups.name }).from(organizationGroups);
  const categoryRows = await db
    .select({ id: organizationCategories.organizationCategoryId, code: organizationCategories.name })
    .from(organizationCategories);
  const byCode = (rows: { id: number; code: string }[]) => Object.fromEntries(rows.map((r) => [r.code, r.id]));
  const need = <K extends string>(rows: { id: number; code: string }[], codes: readonly K[]): Record<K, number> => {
    const map = byCode(rows);
    for (const code of codes) if (map[code] === undefined) throw new Error(`Reference row ${code} is missing: run seedReference first`);
    return map as Record<K, number>;
  };
  return {
    status: need(statusRows, ['OPEN', 'ADVISORY', 'CLOSED', 'NOT_MONITORED']),
    remark: byCode(remarkRows),
    unit: need(unitRows, ['CFU_100ML', 'MPN_100ML']),
    parameter: need(parameterRows, ['ENTEROCOCCUS', 'E_COLI']),
    group: byCode(groupRows),
    category: byCode(categoryRows),
  };
}
