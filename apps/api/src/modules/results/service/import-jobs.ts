import {
  can,
  LEGACY_IMPORT_CODES,
  parseMappings,
  type ImportJob,
  type LegacyImportQuery,
  type LegacyImportReportPayload,
  type UserProfile,
} from '@beach/domain';
import type { AppDeps } from '../../../deps';
import { badRequest, conflict, forbidden, notFound } from '../../../lib/http';
import { publicReadCache } from '../../../lib/public-cache';
import * as jobs from '../repository/import-jobs';
import * as ref from '../repository/reference';
import { ImportError, importLegacyResults, reportPayload, type ImportProgress, type LegacyImportOptions } from './legacy-import';

/**
 * The legacy import from the portal (decision 0021): an organization admin posts a file, which is checked
 * by a dry run (the same service function as `npm run import:results --dry-run`) and kept as a CHECKED job
 * with its report; running it queues the job, and a runner in the api process imports it (one transaction)
 * and records progress and the report.
 */

/** The import's options as the service function takes them. */
function importOptions(query: LegacyImportQuery): Pick<
  LegacyImportOptions,
  'programAbbv' | 'organizationAbbv' | 'verified' | 'replayRules' | 'remarkMappings' | 'programMappings'
> {
  return {
    programAbbv: query.program,
    organizationAbbv: query.organization,
    verified: query.verified,
    replayRules: query.replay_rules,
    remarkMappings: query.map_remark,
    programMappings: query.map_program,
  };
}

/**
 * The caller must hold DATA_EDITING ADMIN in every program the file's rows go into (--program and the
 * mapped ones): importing is entering and verifying results there. Unknown programs are left to the
 * import, which names them (400).
 */
export async function checkImportAccess(deps: AppDeps, profile: UserProfile, query: LegacyImportQuery): Promise<void> {
  const db = deps.database.db;
  const abbvs = [query.program, ...parseMappings(query.map_program, 'map_program').map((m) => m.to)];
  for (const abbv of new Set(abbvs.map((a) => a.toLowerCase()))) {
    const program = await ref.findProgramByAbbv(db, abbv);
    if (program && !can(profile, program.program_id, 'DATA_EDITING', 'ADMIN')) {
      throw forbidden(`You need data editing admin access in ${program.abbv} to import its results.`, 'PROGRAM_PERMISSION_REQUIRED');
    }
  }
}

function toJob(row: jobs.ImportJobRow, progress?: ImportProgress): ImportJob {
  const options = JSON.parse(row.options) as LegacyImportQuery;
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
export async function checkImportFile(deps: AppDeps, profile: UserProfile, query: LegacyImportQuery, file: { name: string; text: string }): Promise<ImportJob> {
  await checkImportAccess(deps, profile, query);
  const db = deps.database.db;
  let report;
  try {
    report = await importLegacyResults(db, {
      ...importOptions(query),
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
    options: JSON.stringify(query),
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
  await checkImportAccess(deps, profile, JSON.parse(row.options) as LegacyImportQuery);
  if (!(await jobs.queueJob(db, id))) {
    throw conflict(`This import is ${row.state.toLowerCase()}, not a checked file waiting to be run: check the file again to import it.`, LEGACY_IMPORT_CODES.IMPORT_JOB_NOT_RUNNABLE);
  }
  runners.get(deps)?.wake();
  return toJob((await jobs.findJob(db, id))!);
}

/** GET results/import/{id}: the job, with the progress of this process's run when it is the one running it. */
export async function getImportJob(deps: AppDeps, id: number): Promise<ImportJob> {
  const row = await jobs.findJob(deps.database.db, id);
  if (!row) throw notFound('Import');
  return toJob(row, runners.get(deps)?.progressOf(id));
}

/** GET results/import: the latest imports, newest first. */
export async function listImportJobs(deps: AppDeps): Promise<{ jobs: ImportJob[] }> {
  const runner = runners.get(deps);
  return { jobs: (await jobs.listJobs(deps.database.db, 20)).map((row) => toJob(row, runner?.progressOf(row.import_job_id))) };
}

export interface ImportJobRunner {
  /** Looks for queued jobs now (after a job is queued). */
  wake(): void;
  progressOf(id: number): ImportProgress | undefined;
  /** Finds jobs left running by a stopped process, then runs what is queued. */
  start(): Promise<void>;
  /** Stops taking jobs and waits (a few seconds at most) for the one running. */
  close(): Promise<void>;
}

const ABANDONED = 'The server stopped while this import ran. Nothing was imported (an import is one transaction): check the file again and run it.';

/**
 * Runs queued imports one at a time in this process. Progress is kept in memory (served by GET while it
 * runs) and written to the job row every second; on the embedded database those writes wait for the
 * import's transaction (one connection), so there GET shows the progress only once the import ends.
 */
export function createImportJobRunner(deps: AppDeps): ImportJobRunner {
  const db = deps.database.db;
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;
  const progress = new Map<number, ImportProgress>();

  const runOne = async (job: NonNullable<Awaited<ReturnType<typeof jobs.claimNextJob>>>) => {
    const query = JSON.parse(job.options) as LegacyImportQuery;
    let written = '';
    let pending: Promise<void> | null = null;
    const flush = setInterval(() => {
      const now = progress.get(job.id);
      const text = now ? JSON.stringify(now) : '';
      if (!text || text === written || pending) return;
      written = text;
      pending = jobs
        .saveProgress(db, job.id, text)
        .catch(() => undefined)
        .finally(() => (pending = null));
    }, 1000);
    try {
      const report = await importLegacyResults(db, {
        ...importOptions(query),
        fileName: job.fileName,
        text: job.fileText,
        timeZone: deps.config.programTimeZone,
        userId: job.createdBy,
        onProgress: (p) => progress.set(job.id, p),
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
