import {
  BUILT_IN_MAPPING_ID,
  can,
  importMappingSchema,
  LEGACY_IMPORT_CODES,
  LEGACY_MAPPING_NAME,
  parseMappings,
  type ImportJob,
  type ImportMapping,
  type ImportMappingRef,
  type LegacyImportQuery,
  type LegacyImportReportPayload,
  type UserProfile,
} from '@beach/domain';
import type { AppDeps } from '../../../deps';
import type { DbOrTx } from '../../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../../lib/http';
import { publicReadCache } from '../../../lib/public-cache';
import * as jobs from '../repository/import-jobs';
import * as ref from '../repository/reference';
import { getMapping } from '../../import-mappings/service';
import { previewMappingOf } from '../../import-mappings/preview';
import { importResults } from './import-pipeline/run';
import { ImportError, LEGACY_WORDS, type ImportOptions } from './import-pipeline/types';
import { legacyMappingOf, reportPayload, type ImportProgress } from './legacy-import';

/**
 * The legacy import from the portal (decision 0021): an organization admin posts a file, which is checked
 * by a dry run (the same service function as `npm run import:results --dry-run`) and kept as a CHECKED job
 * with its report; running it queues the job, and a runner in the api process imports it (one transaction)
 * and records progress and the report.
 */

/** Runs a call's database reads now, or (a progress read on the embedded database during an import) at the import's next pause. */
export type DbReader = <T>(read: (db: DbOrTx) => Promise<T>) => Promise<T>;

/** What a job keeps of its check: the query, and the mapping the file was read with (a saved or inline one whole, as checked). */
interface JobOptions extends LegacyImportQuery {
  mapping?: { id: ImportMappingRef | null; name: string };
  /** The mapping itself, for any but the built-in legacy layout (which map_remark and map_program adjust). */
  mapping_json?: ImportMapping;
}

/** The mapping a job's file is read with. */
function mappingOfJob(options: JobOptions): { id: ImportMappingRef | null; mapping: ImportMapping; legacy: boolean } {
  if (options.mapping_json) return { id: options.mapping?.id ?? null, mapping: importMappingSchema.parse(options.mapping_json), legacy: false };
  return { id: BUILT_IN_MAPPING_ID, mapping: legacyMappingOf({ remarkMappings: options.map_remark, programMappings: options.map_program }), legacy: true };
}

/** The import's options as the pipeline takes them. */
function importOptions(options: JobOptions): Pick<ImportOptions, 'programAbbv' | 'organizationAbbv' | 'verified' | 'replayRules' | 'mapping' | 'mappingId' | 'words'> {
  const chosen = mappingOfJob(options);
  return {
    programAbbv: options.program,
    organizationAbbv: options.organization,
    verified: options.verified,
    replayRules: options.replay_rules,
    mapping: chosen.mapping,
    mappingId: chosen.id,
    words: chosen.legacy ? LEGACY_WORDS : undefined,
  };
}

/**
 * The caller must hold DATA_EDITING ADMIN in every program the file's rows go into (--program and the
 * mapped ones, by map_program or the mapping's program map): importing is entering and verifying results
 * there. Unknown programs are left to the import, which names them (400).
 */
export async function checkImportAccess(deps: AppDeps, profile: UserProfile, query: JobOptions): Promise<void> {
  const db = deps.database.db;
  const mapped = query.mapping_json ? query.mapping_json.maps.programs.entries.map((e) => e.to) : parseMappings(query.map_program, 'map_program').map((m) => m.to);
  for (const abbv of new Set([query.program, ...mapped].map((a) => a.toLowerCase()))) {
    const program = await ref.findProgramByAbbv(db, abbv);
    if (program && !can(profile, program.program_id, 'DATA_EDITING', 'ADMIN')) {
      throw forbidden(`You need data editing admin access in ${program.abbv} to import its results.`, 'PROGRAM_PERMISSION_REQUIRED');
    }
  }
}

/**
 * The mapping a check reads its file with: the form's inline mapping (400 naming its fields), else the
 * query's mapping_id, a saved mapping of the caller's organization (404 otherwise), else the legacy layout.
 */
async function checkedMapping(deps: AppDeps, profile: UserProfile, query: LegacyImportQuery, inline: string | undefined): Promise<JobOptions> {
  if (inline === undefined && query.mapping_id === BUILT_IN_MAPPING_ID) return { ...query, mapping: { id: BUILT_IN_MAPPING_ID, name: LEGACY_MAPPING_NAME } };
  const chosen =
    inline !== undefined
      ? await previewMappingOf(deps, profile, undefined, inline)
      : { id: query.mapping_id, mapping: (await getMapping(deps, profile, query.mapping_id)).mapping };
  return { ...query, mapping: { id: chosen.id, name: chosen.mapping.name }, mapping_json: chosen.mapping };
}

function toJob(row: jobs.ImportJobRow, progress?: ImportProgress): ImportJob {
  const options = JSON.parse(row.options) as JobOptions;
  const parse = (text: string | null) => (text === null ? null : (JSON.parse(text) as LegacyImportReportPayload));
  const stored = row.progress === null ? null : (JSON.parse(row.progress) as ImportProgress);
  return {
    import_job_id: row.import_job_id,
    file_name: row.file_name,
    state: row.state,
    options: {
      program: options.program,
      organization: options.organization ?? null,
      verified: options.verified,
      replay_rules: options.replay_rules,
      map_remark: options.map_remark,
      map_program: options.map_program,
      // Jobs from before mapped imports kept no mapping: they read the legacy layout.
      mapping: options.mapping ?? null,
    },
    created_by: row.created_by,
    created_at: row.created_at,
    started_at: row.started_at,
    finished_at: row.finished_at,
    progress: row.state === 'RUNNING' ? (progress ?? stored ?? null) : null,
    dry_run: parse(row.dry_run),
    report: parse(row.report),
    error: row.error,
  };
}

/**
 * POST results/import/check: the dry run of an uploaded file, kept as a CHECKED job with its report. A
 * file that cannot be imported at all (missing columns, an unknown program or mapping) is 400
 * IMPORT_REFUSED with the reason, and nothing is kept.
 */
export async function checkImportFile(
  deps: AppDeps,
  profile: UserProfile,
  query: LegacyImportQuery,
  file: { name: string; text: string },
  inlineMapping?: string,
): Promise<ImportJob> {
  const options = await checkedMapping(deps, profile, query, inlineMapping);
  await checkImportAccess(deps, profile, options);
  const db = deps.database.db;
  let report;
  try {
    report = await importResults(db, {
      ...importOptions(options),
      dryRun: true,
      fileName: file.name,
      text: file.text,
      timeZone: deps.config.programTimeZone,
      userId: profile.user_id,
    });
  } catch (err) {
    if (err instanceof ImportError) throw badRequest(LEGACY_IMPORT_CODES.IMPORT_REFUSED, `Nothing can be imported from ${file.name}: ${err.message}`);
    throw err;
  }
  await jobs.expireCheckedJobs(db, new Date(Date.now() - 24 * 3600_000));
  const id = await jobs.insertCheckedJob(db, {
    fileName: file.name,
    fileText: file.text,
    options: JSON.stringify(options),
    createdBy: profile.user_id,
    dryRun: JSON.stringify(reportPayload(report)),
  });
  return toJob((await jobs.findJob(db, id))!);
}

/** The runner of this app instance, by its deps (tests build one app per deps). */
const runners = new WeakMap<AppDeps, ImportJobRunner>();

/** POST results/import/{id}/run: a CHECKED job is queued (409 otherwise) and the runner woken. */
export async function runImportJob(deps: AppDeps, profile: UserProfile, id: number): Promise<ImportJob> {
  const db = deps.database.db;
  const row = await jobs.findJob(db, id);
  if (!row) throw notFound('Import');
  await checkImportAccess(deps, profile, JSON.parse(row.options) as JobOptions);
  if (!(await jobs.queueJob(db, id))) {
    throw conflict(`This import is ${row.state.toLowerCase()}, not a checked file waiting to be run: check the file again to import it.`, LEGACY_IMPORT_CODES.IMPORT_JOB_NOT_RUNNABLE);
  }
  runners.get(deps)?.wake();
  return toJob((await jobs.findJob(db, id))!);
}

/**
 * GET results/import/{id}: the job, with the progress of this process's run when it is the one running it.
 * `db` is what the runner's read gives (the import's transaction, between two pieces of its work, on the
 * embedded database).
 */
export async function getImportJob(deps: AppDeps, id: number, db: DbOrTx = deps.database.db): Promise<ImportJob> {
  const row = await jobs.findJob(db, id);
  if (!row) throw notFound('Import');
  return toJob(row, runners.get(deps)?.progressOf(id));
}

/** GET results/import: the latest imports, newest first. */
export async function listImportJobs(deps: AppDeps, db: DbOrTx = deps.database.db): Promise<{ jobs: ImportJob[] }> {
  const runner = runners.get(deps);
  return { jobs: (await jobs.listJobs(db, 20)).map((row) => toJob(row, runner?.progressOf(row.import_job_id))) };
}

/** The import runner of an app's deps (the routes create it), for its reads. */
export function importJobRunnerOf(deps: AppDeps): ImportJobRunner | undefined {
  return runners.get(deps);
}

export interface ImportJobRunner {
  /** Looks for queued jobs now (after a job is queued). */
  wake(): void;
  progressOf(id: number): ImportProgress | undefined;
  /**
   * Runs the reads of a progress call (its login check and the job): at once, or while an import holds the
   * embedded database, at that import's next pause, inside its transaction, read-only.
   */
  read: DbReader;
  /** Finds jobs left running by a stopped process, then runs what is queued. */
  start(): Promise<void>;
  /** Stops taking jobs and waits (a few seconds at most) for the one running. */
  close(): Promise<void>;
}

const ABANDONED = 'The server stopped while this import ran. Nothing was imported (an import is one transaction): check the file again and run it.';

/** A read's way out of its savepoint, which is always rolled back, carrying what it read. */
class ReadDone {
  constructor(readonly value: unknown) {}
}

/**
 * A read inside the import's transaction: in a savepoint made read-only and always rolled back, so the read
 * can change nothing and a failing read leaves the import's work as it was.
 */
async function readInside<T>(tx: DbOrTx, read: (db: DbOrTx) => Promise<T>): Promise<T> {
  try {
    await tx.transaction(async (savepoint) => {
      await jobs.readOnlyFromHere(savepoint);
      throw new ReadDone(await read(savepoint));
    });
  } catch (err) {
    if (err instanceof ReadDone) return err.value as T;
    throw err;
  }
  throw new Error('A read inside an import ended without its value');
}

/** Rounds of reads served at one pause of an import, at most. */
const SERVE_ROUNDS = 4;

/** Lets pending I/O (requests arriving) run. */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Runs queued imports one at a time in this process. Progress is kept in memory (served by GET while it
 * runs) and, on PostgreSQL, written to the job row every second for other api processes.
 *
 * The embedded database has one connection, which the import's transaction holds from its first check to
 * its last write; every other query waits for it. So that the screen still sees progress, the progress calls
 * read through `read`: while an import runs, their reads (the login check and the job) are queued, and the
 * import serves them at each pause between pieces of its work (about every tenth of a second), inside its
 * own transaction in a read-only savepoint. Nothing else can commit meanwhile (one connection, one process:
 * decision 0017), so those reads see the committed state a read of their own would: the import's own
 * uncommitted rows are in tables those reads do not touch. The file stays one transaction, all or nothing.
 */
export function createImportJobRunner(deps: AppDeps): ImportJobRunner {
  const db = deps.database.db;
  const embedded = deps.database.kind === 'pglite';
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;
  const progress = new Map<number, ImportProgress>();
  /** Reads waiting for the running import's next pause (embedded database only). */
  let held = false;
  const waiting: { read: (db: DbOrTx) => Promise<unknown>; resolve: (value: unknown) => void; reject: (err: unknown) => void }[] = [];
  const serve = async (holder: DbOrTx) => {
    // A call reads a few times in turn (its session, its profile, then the job): a few rounds let the
    // next read of a call served here come in before the import goes on.
    for (let round = 0; round < SERVE_ROUNDS; round++) {
      await breathe();
      if (waiting.length === 0) return;
      while (waiting.length) {
        const next = waiting.shift()!;
        try {
          next.resolve(holder === db ? await next.read(db) : await readInside(holder, next.read));
        } catch (err) {
          next.reject(err);
        }
      }
    }
  };
  const release = () => {
    held = false;
    for (const next of waiting.splice(0)) next.read(db).then(next.resolve, next.reject);
  };

  const runOne = async (job: NonNullable<Awaited<ReturnType<typeof jobs.claimNextJob>>>) => {
    const query = JSON.parse(job.options) as JobOptions;
    let written = '';
    let pending: Promise<void> | null = null;
    // On the embedded database this process is the only one: progress is served from memory, and a write
    // of it would only wait for the import's transaction.
    const flush = setInterval(() => {
      if (embedded) return;
      const now = progress.get(job.id);
      const text = now ? JSON.stringify(now) : '';
      if (!text || text === written || pending) return;
      written = text;
      pending = jobs
        .saveProgress(db, job.id, text)
        .catch(() => undefined)
        .finally(() => (pending = null));
    }, 1000);
    held = embedded;
    try {
      const report = await importResults(db, {
        ...importOptions(query),
        fileName: job.fileName,
        text: job.fileText,
        timeZone: deps.config.programTimeZone,
        userId: job.createdBy,
        onProgress: (p) => progress.set(job.id, p),
        pause: embedded ? serve : undefined,
      });
      clearInterval(flush);
      await pending;
      if (report.inserted > 0) publicReadCache(deps).invalidate();
      await jobs.finishJob(db, job.id, { report: JSON.stringify(reportPayload(report)) });
    } catch (err) {
      clearInterval(flush);
      await pending;
      const message = err instanceof ImportError ? err.message : `The import failed and nothing was imported: ${(err as Error).message}`;
      await jobs.finishJob(db, job.id, { error: message }).catch(() => undefined);
    } finally {
      release();
      progress.delete(job.id);
    }
  };

  const loop = async () => {
    do {
      again = false;
      for (let job = await jobs.claimNextJob(db); job && !closed; job = await jobs.claimNextJob(db)) await runOne(job);
    } while (again && !closed);
  };

  const runner: ImportJobRunner = {
    wake() {
      if (closed) return;
      if (running) {
        again = true;
        return;
      }
      running = loop()
        .catch(() => undefined)
        .finally(() => (running = null));
    },
    progressOf: (id) => progress.get(id),
    read: <T>(read: (db: DbOrTx) => Promise<T>): Promise<T> => {
      if (!held) return read(db);
      return new Promise<T>((resolve, reject) => waiting.push({ read, resolve: resolve as (value: unknown) => void, reject }));
    },
    async start() {
      // The embedded database has one process (decision 0017): whatever it shows running was cut off. On
      // PostgreSQL another api process may be running it: only a job started hours ago counts as abandoned.
      const before = deps.database.kind === 'pglite' ? new Date() : new Date(Date.now() - 6 * 3600_000);
      await jobs.failAbandonedJobs(db, before, ABANDONED);
      runner.wake();
    },
    async close() {
      closed = true;
      if (running) await Promise.race([running, new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
    },
  };
  runners.set(deps, runner);
  return runner;
}
