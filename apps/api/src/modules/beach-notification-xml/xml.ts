import {
  BEACH_NOTIFICATION_NAMESPACE,
  CRITERION_INDICATOR,
  isBeachActBeach,
  monitoringFrequencyOf,
  POLLUTION_SOURCES,
  stateOfCountyFips,
  WATER_BODY_NAME,
  WATER_BODY_TYPE,
  waterTypeOf,
  xmlChars,
  xmlDecimal,
  xmlElement as el,
  type NotificationAction,
} from '@beach/domain';
import type { BeachRow, CriterionRow, ProgramRow, StationRow } from './repository';

/**
 * The pieces of a BEACH notification 2.4 document (schemas/epa/beaches-2.4, decision 0033), in the
 * schema's order. Each function returns the text of one element; every value goes through xmlElement
 * (escaped) and free text through xmlChars (cut to the schema's length).
 */

export function documentStart(program: ProgramRow): string {
  const org = [
    el('OrganizationIdentifier', xmlChars(program.abbv, 12)),
    '<OrganizationNameDetail>',
    el('OrganizationTypeCode', 'STATE'),
    el('OrganizationName', xmlChars(program.name, 60)),
    el('OrganizationDescriptionText', xmlChars(program.desc, 255)),
    el('OrganizationAbbreviationText', xmlChars(program.abbv, 30)),
    '</OrganizationNameDetail>',
  ].join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<BeachDataSubmission xmlns="${BEACH_NOTIFICATION_NAMESPACE}">\n<OrganizationDetail>${org}</OrganizationDetail>\n`;
}

export const documentEnd = '</BeachDataSubmission>\n';

export interface BeachContext {
  program: ProgramRow;
  year: number;
  criteria: readonly CriterionRow[];
  programSeason: { start_date: string; end_date: string } | undefined;
}

export interface ActionOfStation extends NotificationAction {
  station: StationRow;
}

/** One <BeachDetail>: name, attributes for the year, its actions, and a coordinate per monitoring station. */
export function beachDetail(ctx: BeachContext, beach: BeachRow, stations: readonly StationRow[], actions: readonly ActionOfStation[]): string {
  const parts: string[] = ['<BeachDetail>', el('BeachIdentifier', beach.epa_beach_id!.trim())];
  parts.push(beachNameDetail(beach), beachAttributeDetail(ctx, beach));
  for (const action of actions) parts.push(activityDetail(action));
  for (const station of stations) parts.push(stationCoordinate(station));
  parts.push('</BeachDetail>\n');
  return parts.join('');
}

function beachNameDetail(beach: BeachRow): string {
  const description = xmlChars(beach.description, 255) ?? xmlChars(`${beach.name}, ${beach.municipality}, ${beach.county} County`, 255);
  return [
    '<BeachNameDetail>',
    el('ProgramInterestName', xmlChars(beach.name, 60)),
    el('ProgramInterestDescriptionText', description),
    el('ProgramInterestCommentText', xmlChars(beach.water_body_name ? `Water body: ${beach.water_body_name}` : null, 255)),
    el('ProgramInterestStateCode', stateOfCountyFips(beach.county_fips)),
    el('ProgramInterestFIPSCountyCode', beach.county_fips),
    el('WaterBodyNameCode', WATER_BODY_NAME[beach.category]),
    el('WaterBodyTypeCode', WATER_BODY_TYPE[beach.category]),
    '<BeachAccessibilityDetail>',
    el('BeachAccessibilityType', 'PUB_PUB_ACC'),
    el('BeachAccessibilityComment', xmlChars(beach.access_notes, 255)),
    '</BeachAccessibilityDetail>',
    '</BeachNameDetail>',
  ].join('');
}

/** The swim season of the year: the beach's own month-days when set, else the program's season. */
function seasonOf(ctx: BeachContext, beach: BeachRow): { start: string; end: string } | null {
  const md = /^\d{2}-\d{2}$/;
  if (beach.swim_season_start && beach.swim_season_end && md.test(beach.swim_season_start) && md.test(beach.swim_season_end)) {
    const start = `${ctx.year}-${beach.swim_season_start}`;
    const end = `${ctx.year}-${beach.swim_season_end}`;
    if (start <= end && !Number.isNaN(Date.parse(start)) && !Number.isNaN(Date.parse(end))) return { start, end };
  }
  return ctx.programSeason ? { start: ctx.programSeason.start_date, end: ctx.programSeason.end_date } : null;
}

function beachAttributeDetail(ctx: BeachContext, beach: BeachRow): string {
  const season = seasonOf(ctx, beach);
  const frequency = monitoringFrequencyOf(beach.monitoring_frequency);
  const sources = [...new Set(beach.pollution_sources.filter((s) => POLLUTION_SOURCES.includes(s)))];
  const water = waterTypeOf(beach.category);
  const parts = [
    '<BeachAttributeDetail>',
    el('AttributeEffectiveYear', ctx.year),
    '<BeachExtentDetail>',
    el('ExtentLengthMeasure', xmlDecimal(beach.length_miles ?? 0, 2)),
    el('ExtentUnitOfMeasureCode', 'MI'),
    '</BeachExtentDetail>',
    '<BeachSwimSeasonLengthDetail>',
    season
      ? // SwimSeasonDayMeasure is the length of a swim-season day in hours (XSD), which the portal does not record: left out.
        el('SwimSeasonStartDate', season.start) + el('SwimSeasonEndDate', season.end)
      : el('SwimSeasonLengthMeasure', 0) + el('SwimSeasonUnitOfMeasureCode', 'DAYS'),
    '</BeachSwimSeasonLengthDetail>',
    '<MonitoringFrequencyDetail>',
    el('SwimSeasonFrequencyMeasure', frequency.measure),
    el('OffSeasonFrequencyMeasure', 0),
    el('MonitoringFrequencyUnitOfMeasureCode', frequency.unit),
    el('MonitoredIrregularly', frequency.irregular),
    el('MonitoredIrregularlyComment', frequency.comment),
    '</MonitoringFrequencyDetail>',
    '<BeachPollutionSourceDetail>',
    sources.length ? sources.map((code) => `<BeachPollutionSource>${el('BeachPollutionSourceCode', code)}</BeachPollutionSource>`).join('') : el('PollutionSourcesUninvestigatedIndicator', true),
    '</BeachPollutionSourceDetail>',
    // BEACON tiers 1-3; a beach without one is written as tier 3 (decision 0033).
    el('BeachTierRanking', beach.tier ?? 3),
    el('BeachActBeachIndicator', isBeachActBeach({ category: beach.category, epaBeachId: beach.epa_beach_id })),
  ];
  for (const c of ctx.criteria) {
    const indicator = CRITERION_INDICATOR[c.parameter_code] ?? 'OTHER';
    const unit = xmlChars(c.unit_name, 12);
    const criterion = (type: string, value: number, comment: string) =>
      `<BeachCriterionDetail>${el('IndicatorName', indicator)}${el('WaterTypeName', water)}<CriterionMeasure>${el('MeasureTypeName', type)}${el('MeasureValue', xmlDecimal(value, 4))}${el('MeasureUnitCode', unit)}</CriterionMeasure>${el('CriterionComment', comment)}</BeachCriterionDetail>`;
    parts.push(
      criterion('BNT', c.beach_action_value, 'Beach action value (single sample)'),
      criterion('GM', c.geomean_threshold, 'Geometric mean threshold'),
      criterion('STV', c.statistical_threshold, 'Statistical threshold value'),
    );
  }
  parts.push('</BeachAttributeDetail>');
  return parts.join('');
}

const STATION_ID_MAX = 65;

export function stationIdentifier(station: StationRow): string {
  return xmlChars(station.epa_station_id, STATION_ID_MAX) ?? xmlChars(station.station_name, STATION_ID_MAX) ?? String(station.beach_station_id);
}

function activityDetail(action: ActionOfStation): string {
  const label = action.type === 'ADVISORY' ? 'Advisory' : 'Closure';
  const detail = (wrapper: string, type: string, text: string, items: { code: string; text: string | null }[]) =>
    items.map((i) => `<${wrapper}>${el(type, i.code)}${el(text, i.text)}</${wrapper}>`).join('');
  return [
    '<BeachActivityDetail>',
    el('ActivityTypeCode', action.type),
    el('ActivityName', xmlChars(`${label} from ${action.start} at ${action.station.station_name}`, 60)),
    el('ActivityActualStartDate', `${action.start}T00:00:00`),
    el('ActivityActualStopDate', `${action.stop}T00:00:00`),
    detail('ActivityReasonDetail', 'ActivityReasonType', 'ActivityReasonDescriptionText', action.reasons),
    detail('ActivitySourceDetail', 'ActivitySourceType', 'ActivitySourceDescriptionText', action.sources),
    detail('ActivityIndicatorDetail', 'ActivityIndicatorType', 'ActivityIndicatorDescriptionText', action.indicators),
    el('ActivityMonitoringStationIdentifier', stationIdentifier(action.station)),
    el('ActivityCommentText', stopComment(action)),
    '</BeachActivityDetail>',
  ].join('');
}

/** Why an action stops where it does, when no change lifted it (decision 0053). */
export function stopComment(action: Pick<NotificationAction, 'stop' | 'stopReason'>): string | null {
  switch (action.stopReason) {
    case 'IN_FORCE':
      return `Still in force on ${action.stop}`;
    case 'SEASON_END':
      return `In force until the swim season ended on ${action.stop}; not posted after the season`;
    default:
      return null;
  }
}

/** A monitoring station as a point (start and end the same) described by its id, name and type. */
function stationCoordinate(station: StationRow): string {
  const point = `${el('LatitudeMeasure', xmlDecimal(station.latitude))}${el('LongitudeMeasure', xmlDecimal(station.longitude))}${el('HorizontalCollectionMethodName', 'GPS-UNSPECIFIED')}${el('HorizontalCoordinateReferenceSystemDatumName', 'WGS84')}`;
  const kind = station.station_type === 'PRIMARY' ? 'primary' : 'bracket';
  const description = xmlChars(`Monitoring station ${stationIdentifier(station)} (${kind}${station.active ? '' : ', inactive'}): ${station.station_name}`, 255);
  return `<BeachCoordinateDetail><BeachCoordinateStartPointDetail>${point}</BeachCoordinateStartPointDetail><BeachCoordinateEndPointDetail>${point}</BeachCoordinateEndPointDetail>${el('BeachCoordinateDescriptionText', description)}</BeachCoordinateDetail>`;
}
