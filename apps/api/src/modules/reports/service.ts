import { REPORT_MESSAGES, reportFormSchema, type ReportForm, type ReportRecord } from '@beach/domain';
import type { Tx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { writeAudit } from '../../lib/audit';
import { badRequest, invalidFields, notFound, type FieldIssue } from '../../lib/http';
import { publicReadCache } from '../../lib/public-cache';
import { formMethod, type ReceivedForm } from '../../lib/uploads/form';
import { DOCUMENT_POLICY, prepareUpload, type PreparedUpload, type UploadPolicy } from '../../lib/uploads/prepare';
import { fileTransaction } from '../files/service';
import { lockRankedList } from '../ranking/repository';
import { fileUrl } from '../public-site/schemas/common';
import { parseFormFields, singleFile } from './form-fields';
import * as repo from './repository';

/**
 * Reports and Publications (SPEC 3, 7): organization admins keep the list the public Reports page shows. A
 * report is a file (the one upload pipeline), a web address, or both. Every write is audited in its
 * transaction with the file bytes it adds or drops, and empties the public read cache.
 */
const TABLE = 'reports_and_publications';
const FOLDER = 'reports';
/** Report files: documents (PDF, sheets, Word) and pictures, by the shared document rule. */
export const REPORT_FILE_POLICY: UploadPolicy = { ...DOCUMENT_POLICY, label: 'Report file' };
const FILE_FIELD = 'file';

const out = (row: repo.ReportRow): ReportRecord => ({ ...row, upload_file: row.file_id === null ? null : fileUrl(row.file_id) });

export const listReports = async (deps: AppDeps) => (await repo.listReports(deps.database.db)).map(out);

export async function getReport(deps: AppDeps, id: number): Promise<ReportRecord> {
  const row = await repo.findReport(deps.database.db, id);
  if (!row) throw notFound('Report', 'REPORT_NOT_FOUND');
  return out(row);
}

/** GET beach/{id}/reportsAndPublications: the station's reports, then its municipality's and county's. */
export async function stationReports(deps: AppDeps, stationId: number): Promise<ReportRecord[]> {
  const place = await repo.findStationPlace(deps.database.db, stationId);
  if (!place) throw notFound('Beach station', 'BEACH_NOT_FOUND');
  return (await repo.listStationReports(deps.database.db, place)).map(out);
}

/**
 * The linked county, municipality, station and program exist and agree: a municipality in the county, a
 * station in the municipality, county and program named.
 */
async function checkLinks(tx: Tx, input: ReportForm): Promise<void> {
  const facts = await repo.linkFacts(tx, {
    countyId: input.county_id,
    municipalityId: input.municipality_id,
    stationId: input.beach_station_id,
    programId: input.program_id,
  });
  const issues: FieldIssue[] = [];
  if (input.county_id !== null && !facts.county) issues.push({ field: 'county_id', message: 'There is no such county' });
  if (input.program_id !== null && !facts.program) issues.push({ field: 'program_id', message: 'There is no such program' });
  if (input.municipality_id !== null) {
    if (!facts.municipality) issues.push({ field: 'municipality_id', message: 'There is no such municipality' });
    else if (input.county_id !== null && facts.municipality.county_id !== input.county_id)
      issues.push({ field: 'municipality_id', message: 'This municipality is not in the chosen county' });
  }
  if (input.beach_station_id !== null) {
    const station = facts.station;
    if (!station) issues.push({ field: 'beach_station_id', message: 'There is no such beach station' });
    else if (input.municipality_id !== null && station.municipality_id !== input.municipality_id)
      issues.push({ field: 'beach_station_id', message: 'This station is not in the chosen municipality' });
    else if (input.county_id !== null && station.county_id !== input.county_id)
      issues.push({ field: 'beach_station_id', message: 'This station is not in the chosen county' });
    else if (input.program_id !== null && station.program_id !== input.program_id)
      issues.push({ field: 'beach_station_id', message: 'This station is not in the chosen program' });
  }
  if (issues.length) throw invalidFields(issues);
}

/** The name a download is saved under: an image was re-encoded, so its name takes the new extension. */
function storedName(prepared: PreparedUpload): string {
  const base = prepared.originalName.replace(/\.[A-Za-z0-9]{1,8}$/, '');
  return prepared.originalName.toLowerCase().endsWith(`.${prepared.extension}`) ? prepared.originalName : `${base}.${prepared.extension}`;
}

function values(input: ReportForm, file: { fileId: number | null; type: string | null; name: string | null }): repo.ReportValues {
  return {
    title: input.title,
    description: input.description,
    date: input.date,
    url: input.url,
    isPublication: input.is_publication,
    countyId: input.county_id,
    municipalityId: input.municipality_id,
    beachStationId: input.beach_station_id,
    programId: input.program_id,
    ...file,
  };
}

/** The form's fields and its checked file (400/413 before anything is written). */
async function readReportForm(form: ReceivedForm): Promise<{ input: ReportForm; prepared: PreparedUpload | null }> {
  const input = parseFormFields(reportFormSchema, form.fields);
  const upload = singleFile(form, [FILE_FIELD]);
  const prepared = upload ? await prepareUpload(upload, REPORT_FILE_POLICY) : null;
  return { input, prepared };
}

const fileOrUrl = () => invalidFields([{ field: FILE_FIELD, message: REPORT_MESSAGES.fileOrUrl }, { field: 'url', message: REPORT_MESSAGES.fileOrUrl }]);

/** POST reportAndPublication: a new report at the end of the list. */
export async function createReport(deps: AppDeps, userId: number, form: ReceivedForm): Promise<ReportRecord> {
  const { input, prepared } = await readReportForm(form);
  if (!prepared && !input.url) throw fileOrUrl();
  const created = await fileTransaction(deps, FOLDER, async (tx, files) => {
    await checkLinks(tx, input);
    await lockRankedList(tx, 'reports');
    const fileId = prepared ? await files.add(prepared, userId) : null;
    const id = await repo.insertReport(
      tx,
      values(input, prepared ? { fileId, type: prepared.mimeType, name: storedName(prepared) } : { fileId: null, type: null, name: null }),
    );
    const after = out((await repo.findReport(tx, id))!);
    await writeAudit(tx, { userId, action: 'CREATE', tableName: TABLE, recordId: id, programId: input.program_id, after });
    return after;
  });
  publicReadCache(deps).invalidate();
  return created;
}

/**
 * POST reportAndPublication/{id} with `_method=PUT`: the fields replace the report's; a new file replaces the
 * stored one (whose bytes go once the save commits), `delete_file=1` drops it, no file keeps it. The rank
 * stays.
 */
export async function updateReport(deps: AppDeps, userId: number, id: number, form: ReceivedForm): Promise<ReportRecord> {
  if (formMethod(form) !== 'PUT') throw badRequest('METHOD_REQUIRED', REPORT_MESSAGES.method, [{ field: '_method', message: REPORT_MESSAGES.method }]);
  const { input, prepared } = await readReportForm(form);
  const saved = await fileTransaction(deps, FOLDER, async (tx, files) => {
    const before = await repo.findReport(tx, id, true);
    if (!before) throw notFound('Report', 'REPORT_NOT_FOUND');
    await checkLinks(tx, input);
    const dropsFile = before.file_id !== null && (prepared !== null || input.delete_file);
    const file = prepared
      ? { fileId: await files.add(prepared, userId), type: prepared.mimeType, name: storedName(prepared) }
      : dropsFile
        ? { fileId: null, type: null, name: null }
        : { fileId: before.file_id, type: before.type, name: before.name };
    if (file.fileId === null && !input.url) throw fileOrUrl();
    await repo.updateReport(tx, id, values(input, file));
    if (dropsFile) await files.discard([before.file_id]);
    const after = out((await repo.findReport(tx, id))!);
    await writeAudit(tx, { userId, action: 'UPDATE', tableName: TABLE, recordId: id, programId: input.program_id, before: out(before), after });
    return after;
  });
  publicReadCache(deps).invalidate();
  return saved;
}

/** DELETE reportAndPublication/{id}: the report, its file's bytes (after the commit) and its place in the list. */
export async function deleteReport(deps: AppDeps, userId: number, id: number): Promise<void> {
  await fileTransaction(deps, FOLDER, async (tx, files) => {
    await lockRankedList(tx, 'reports');
    const before = await repo.findReport(tx, id, true);
    if (!before) throw notFound('Report', 'REPORT_NOT_FOUND');
    await repo.deleteReport(tx, id, before.rank);
    await files.discard([before.file_id]);
    await writeAudit(tx, { userId, action: 'DELETE', tableName: TABLE, recordId: id, programId: before.program_id, before: out(before) });
  });
  publicReadCache(deps).invalidate();
}
