import { Readable } from 'node:stream';
import {
  wqxActivityType,
  wqxAnalyticalMethod,
  wqxFileName,
  wqxLocationTypeName,
  wqxResultValue,
  type WqxExportQuery,
} from '@beach/domain';
import type { AppDeps } from '../../deps';
import { invalidFields, notFound } from '../../lib/http';
import * as repo from './repository';
import { el, group } from './xml';

/**
 * GET /depit/wqx (decision 0034): one program's published results of a period as a WQX 3.0 document
 * (schemas/epa/wqx-3.0): the agency as Organization, the program as Project, its stations with results
 * as MonitoringLocations, then one Activity (a sample) with its Result per result row, station by station
 * in date order. The document is written as it is read: keyset pages of each station's results, turned into
 * text a few activities at a time and handed to the stream, so memory stays flat however many results.
 */

export const WQX_NAMESPACE = 'http://www.exchangenetwork.net/schema/wqx/3';

/** Results per keyset page (both databases): big enough to amortise a query, small enough to stay flat. */
export const WQX_PAGE_SIZE = 1000;

/** Activities per piece of text handed to the response (about 100 KB). */
const WQX_CHUNK_ROWS = 64;

export interface WqxFile {
  filename: string;
  stream: Readable;
  program: repo.WqxProgramRow;
}

/** How far the document is: stations whose results are written (of `stationsTotal`), results written, the station being written. */
export interface WqxProgress {
  stationsDone: number;
  stationsTotal: number;
  resultsDone: number;
  station: string | null;
}

/**
 * `afterPage` is called after each page of results is handed to the stream, and once the locations are
 * written (the queued export saves it, decision 0036).
 */
export async function openWqxExport(
  deps: AppDeps,
  query: WqxExportQuery,
  organizationId: number,
  pageSize = WQX_PAGE_SIZE,
  afterPage?: (progress: WqxProgress) => Promise<void>,
): Promise<WqxFile> {
  const db = deps.database.readDb;
  const program = await repo.findProgram(db, query.program_id);
  if (!program) throw invalidFields([{ field: 'program_id', message: `No program has the id ${query.program_id}` }]);
  const organization = await repo.findOrganization(db, organizationId);
  if (!organization) throw notFound('Organization');
  const window: repo.WqxWindow = { programId: program.program_id, from: query.from, to: query.to };
  const locations = await repo.listLocations(db, window);
  const zone = timeZoneCoder(deps.config.programTimeZone);
  const projectId = projectIdentifier(program);

  async function* document(): AsyncGenerator<string> {
    yield `<?xml version="1.0" encoding="UTF-8"?>\n<WQX xmlns="${WQX_NAMESPACE}">\n<Organization>\n`;
    yield group(
      'OrganizationDescription',
      el('OrganizationIdentifier', organization!.abbv, 35),
      el('OrganizationFormalName', organization!.name, 255),
      el('OrganizationDescriptionText', organization!.desc, 500),
    ) + '\n';
    yield group(
      'Project',
      el('ProjectIdentifier', projectId, 55),
      el('ProjectName', program!.name, 512),
      el('ProjectDescriptionText', program!.desc || `Beach water-quality monitoring: ${program!.name} (${program!.abbv}).`, 4000),
    ) + '\n';
    const locationIds = new Map<number, string>();
    for (const l of locations) {
      const id = locationIdentifier(program!, l);
      locationIds.set(l.beach_station_id, id);
      yield monitoringLocation(id, l) + '\n';
    }
    const progress: WqxProgress = { stationsDone: 0, stationsTotal: locations.length, resultsDone: 0, station: null };
    await afterPage?.({ ...progress });
    for (const l of locations) {
      const context = { program: program!, projectId, locationId: locationIds.get(l.beach_station_id)!, zone };
      progress.station = context.locationId;
      let after: repo.WqxPageKey | null = null;
      for (;;) {
        const rows = await repo.resultPage(db, window, l.beach_station_id, after, pageSize);
        // Handed on in small pieces: the response takes each before the next is built, so no page-sized text is held.
        let chunk = '';
        for (let i = 0; i < rows.length; i++) {
          chunk += activity(rows[i]!, context) + '\n';
          if ((i + 1) % WQX_CHUNK_ROWS === 0) {
            yield chunk;
            chunk = '';
          }
        }
        if (chunk) yield chunk;
        progress.resultsDone += rows.length;
        if (rows.length) await afterPage?.({ ...progress });
        if (rows.length < pageSize) break;
        const last = rows[rows.length - 1]!;
        after = { date: last.sample_date, id: last.result_id };
      }
      progress.stationsDone++;
    }
    await afterPage?.({ ...progress, station: null });
    yield '</Organization>\n</WQX>\n';
  }

  return { filename: wqxFileName(program.abbv, query.from, query.to), stream: Readable.from(document(), { objectMode: false }), program };
}

const projectIdentifier = (program: repo.WqxProgramRow) => `BEACH-${program.abbv}`;

/** The station's EPA station id when it has one, else the program's code and the station's id. */
function locationIdentifier(program: repo.WqxProgramRow, l: repo.WqxLocationRow): string {
  const epa = l.epa_station_id?.trim();
  return epa ? epa : `${program.abbv}-${l.beach_station_id}`;
}

/** A coordinate in plain decimal notation with at most `digits` decimals (the XSD allows 10 and 11). */
function coordinate(value: number, digits: number): string {
  const fixed = Number(value).toFixed(digits);
  return fixed.includes('.') ? fixed.replace(/0+$/, '').replace(/\.$/, '') : fixed;
}

function monitoringLocation(id: string, l: repo.WqxLocationRow): string {
  return group(
    'MonitoringLocation',
    group(
      'MonitoringLocationIdentity',
      el('MonitoringLocationIdentifier', id, 55),
      el('MonitoringLocationName', l.station_name, 255),
      el('MonitoringLocationTypeName', wqxLocationTypeName(l.category), 45),
      el('MonitoringLocationDescriptionText', l.beach_name, 4000),
    ),
    group(
      'MonitoringLocationGeospatial',
      el('LatitudeMeasure', coordinate(l.latitude, 8)),
      el('LongitudeMeasure', coordinate(l.longitude, 8)),
      el('HorizontalCollectionMethodName', 'Unknown'),
      el('HorizontalCoordinateReferenceSystemDatumName', 'WGS84'),
      el('CountryCode', 'US'),
    ),
  );
}

interface ActivityContext {
  program: repo.WqxProgramRow;
  projectId: string;
  locationId: string;
  zone: (date: string) => string | null;
}

function activity(r: repo.WqxResultRow, c: ActivityContext): string {
  const zone = r.sample_time_hh ? c.zone(r.sample_date) : null;
  const time = zone ? `${r.sample_time_hh}:${r.sample_time_mm || '00'}:00` : null;
  const value = wqxResultValue(r.value === null ? null : Number(r.value), {
    code: r.remark_code,
    isNoValue: r.is_no_value,
    isCensoredLow: r.is_censored_low,
    isCensoredHigh: r.is_censored_high,
  });
  const method = wqxAnalyticalMethod(r.parameter_code, r.unit_code);
  const remark = r.remark_code ? `Remark code ${r.remark_code}${r.remark_name ? `: ${r.remark_name}` : ''}.` : '';
  const comment = [r.comments.trim(), remark].filter(Boolean).join(' ');
  return group(
    'Activity',
    group(
      'ActivityDescription',
      el('ActivityIdentifier', `${c.program.abbv}-R${r.result_id}`, 55),
      el('ActivityTypeCode', wqxActivityType(r.is_resample), 70),
      el('ActivityMediaName', 'Water', 20),
      el('ActivityMediaSubdivisionName', 'Surface Water', 60),
      el('ActivityStartDate', r.sample_date),
      time && zone ? group('ActivityStartTime', el('Time', time), el('TimeZoneCode', zone, 4)) : '',
      el('ProjectIdentifier', c.projectId, 55),
      el('MonitoringLocationIdentifier', c.locationId, 55),
    ),
    group(
      'Result',
      group(
        'ResultDescription',
        el('ResultDetectionConditionText', value.detectionCondition, 35),
        el('CharacteristicName', r.characteristic_name, 255),
        value.measureValue === null ? '' : group('ResultMeasure', el('ResultMeasureValue', value.measureValue, 60), el('MeasureUnitCode', r.unit_wqx_code, 12)),
        el('ResultStatusIdentifier', 'Final', 12),
        value.measureValue === null ? '' : el('ResultValueTypeName', 'Actual', 20),
        el('ResultCommentText', comment, 4000),
      ),
      method
        ? group(
            'ResultAnalyticalMethod',
            el('MethodIdentifier', method.identifier, 35),
            el('MethodIdentifierContext', method.context, 120),
            el('MethodName', method.name, 250),
          )
        : '',
      group(
        'ResultLabInformation',
        el('LaboratoryName', r.lab_name, 60),
        value.limit
          ? group(
              'ResultDetectionQuantitationLimit',
              el('DetectionQuantitationLimitTypeName', value.limit.typeName, 35),
              group('DetectionQuantitationLimitMeasure', el('MeasureValue', value.limit.value, 60), el('MeasureUnitCode', r.unit_wqx_code, 12)),
            )
          : '',
      ),
    ),
  );
}

/**
 * WQX TimeZoneCode (EST, EDT, CST, ... at most 4 letters) of the program's time zone on a sample day,
 * from the zone's short name at noon; null when the zone has no such abbreviation (the time is then left out).
 */
function timeZoneCoder(timeZone: string): (date: string) => string | null {
  const format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' });
  const cache = new Map<string, string | null>();
  return (date) => {
    let code = cache.get(date);
    if (code === undefined) {
      const name = format.formatToParts(new Date(`${date}T12:00:00Z`)).find((p) => p.type === 'timeZoneName')?.value ?? '';
      code = name === 'GMT' || name === 'UTC' ? 'UTC' : /^[A-Z]{3,4}$/.test(name) ? name : null;
      cache.set(date, code);
    }
    return code;
  };
}
