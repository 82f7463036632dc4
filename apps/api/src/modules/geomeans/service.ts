import {
  addDays,
  DEFAULT_WATER_QUALITY_THRESHOLDS,
  effectiveValue,
  GEOMEAN_MIN_SAMPLES,
  GEOMEAN_WINDOW_DAYS,
  geomeanDefaultDay,
  geomeanSurvey,
  latestBegunSeason,
  localDate,
  rollingGeomeans,
  WATER_PARAMETERS,
  type CensoredRule,
  type GeomeanDefaultDay,
  type GeomeanSurvey,
  type NotEvaluatedRemarkCode,
  type RollingGeomeanCreate,
  type UserProfile,
  type WaterParameter,
} from '@beach/domain';
import type { AppDeps } from '../../deps';
import { invalidFields, notFound } from '../../lib/http';
import { listProgramSeasons } from '../beach-status/repository';
import { requireScreen } from '../results/access';
import * as ref from '../results/repository/reference';
import { writeAuditRows } from '../results/repository/writes';
import * as repo from './repository';

/**
 * Geomean Surveys and Rolling Geomeans (DESIGN 4, decision 0004): a station's verified samples in the
 * 30 days ending on a date (at least 5 to pass or fail), their geometric mean against the program's
 * geomean threshold, censored values per the program's rule (programs.censored_rule), FA and CG results
 * only when the program counts them (programs.geomean_counted_remarks, decision 0023). The screens need
 * SANITARY_SURVEYS USER or ADMIN in the program (SPEC 6: Geomean Surveys, Rolling Geomeans).
 */

const GEOMEANS_SCREEN = '/portal/beaches/geomeans';
const SAVED_LIMIT = 200;

function requireSurveys(profile: UserProfile, programId: number): void {
  requireScreen(profile, programId, GEOMEANS_SCREEN, 'You need sanitary surveys user access in this program.');
}

interface Basis {
  program: ref.ProgramRecord;
  parameter: { parameter_id: number; code: string; name: string };
  threshold: number;
  censoredRule: CensoredRule;
  countedRemarks: NotEvaluatedRemarkCode[];
  asOf: string;
}

/** The program, parameter (the requested code, else the program's), its geomean threshold and the as-of day. */
async function basisFor(deps: AppDeps, programId: number, query: { date?: string; parameter?: string }): Promise<Basis> {
  const db = deps.database.db;
  const program = await ref.findProgram(db, programId);
  if (!program) throw notFound('Program');
  const [thresholds, parameters] = await Promise.all([ref.listProgramThresholds(db, [programId]), ref.listParameters(db)]);
  const parameter = query.parameter
    ? parameters.find((p) => p.code === query.parameter)
    : (parameters.find((p) => p.parameter_id === thresholds[0]?.parameter_id) ?? parameters.find((p) => p.code === 'ENTEROCOCCUS'));
  if (!parameter) throw invalidFields([{ field: 'parameter', message: `Unknown parameter; use one of ${parameters.map((p) => p.code).join(', ')}` }]);
  const own = thresholds.find((t) => t.parameter_id === parameter.parameter_id)?.geomean_threshold;
  const fallback = (WATER_PARAMETERS as readonly string[]).includes(parameter.code)
    ? DEFAULT_WATER_QUALITY_THRESHOLDS[parameter.code as WaterParameter].geomean
    : undefined;
  const threshold = own ?? fallback;
  if (threshold === undefined) throw notFound('Geomean threshold for this parameter');
  return {
    program,
    parameter: { parameter_id: parameter.parameter_id, code: parameter.code, name: parameter.name },
    threshold,
    censoredRule: program.censored_rule,
    countedRemarks: program.geomean_counted_remarks,
    asOf: query.date ?? localDate(new Date(), deps.config.programTimeZone),
  };
}

const options = (b: Basis) => ({
  windowDays: GEOMEAN_WINDOW_DAYS,
  minSamples: GEOMEAN_MIN_SAMPLES,
  threshold: b.threshold,
  censoredRule: b.censoredRule,
  countedRemarks: b.countedRemarks,
});

function surveyOut(s: GeomeanSurvey) {
  return {
    start_date: s.startDate,
    end_date: s.endDate,
    count: s.count,
    geomean: s.geomean,
    pass: s.pass,
    /** True when the survey fails (enough samples and a geomean above the threshold). */
    exceeds: s.pass === null ? null : !s.pass,
  };
}

function header(b: Basis) {
  return {
    program: { program_id: b.program.program_id, name: b.program.name, abbv: b.program.abbv, color: b.program.color },
    parameter: b.parameter,
    as_of: b.asOf,
    threshold: b.threshold,
    window_days: GEOMEAN_WINDOW_DAYS,
    min_samples: GEOMEAN_MIN_SAMPLES,
    censored_rule: b.censoredRule,
    geomean_counted_remarks: b.countedRemarks,
  };
}

const stationOut = (s: ref.StationRecord) => ({
  beach_station_id: s.beach_station_id,
  station_name: s.station_name,
  station_type: s.station_type,
  primary_station_id: s.primary_station_id,
  beach_name: s.beach_name,
});

async function stationAndBasis(deps: AppDeps, profile: UserProfile, stationId: number, query: { date?: string; parameter?: string }) {
  const [station] = await ref.listStationsById(deps.database.db, [stationId]);
  if (!station) throw notFound('Beach station');
  requireSurveys(profile, station.program_id);
  return { station, basis: await basisFor(deps, station.program_id, query) };
}

const toSamples = (rows: readonly repo.SampleRecord[]) => rows.map((r) => ({ sampleDate: r.sample_date, value: r.value, remark: r.remark_code }));

/** GET geomean/program/{id}: every active station's survey ending on the as-of day, and the stored surveys. */
export async function programGeomeans(deps: AppDeps, profile: UserProfile, programId: number, query: { date?: string; parameter?: string }) {
  const db = deps.database.db;
  if (!(await ref.findProgram(db, programId))) throw notFound('Program');
  requireSurveys(profile, programId);
  const basis = await basisFor(deps, programId, query);
  const stations = (await ref.listProgramStations(db, programId)).filter((s) => s.active);
  const samples = await repo.listVerifiedSamples(db, {
    stationIds: stations.map((s) => s.beach_station_id),
    parameterId: basis.parameter.parameter_id,
    from: addDays(basis.asOf, -(GEOMEAN_WINDOW_DAYS - 1)),
    to: basis.asOf,
  });
  return {
    ...header(basis),
    stations: stations.map((s) => ({
      ...stationOut(s),
      ...surveyOut(geomeanSurvey(toSamples(samples.filter((x) => x.beach_station_id === s.beach_station_id)), basis.asOf, options(basis))),
    })),
    saved: await repo.listSavedSurveys(db, { programId, limit: SAVED_LIMIT }),
  };
}

/** GET beach/{id}/geomean: the station's survey ending on the as-of day, with the samples in its window. */
export async function stationGeomean(deps: AppDeps, profile: UserProfile, stationId: number, query: { date?: string; parameter?: string }) {
  const { station, basis } = await stationAndBasis(deps, profile, stationId, query);
  const samples = await repo.listVerifiedSamples(deps.database.db, {
    stationIds: [stationId],
    parameterId: basis.parameter.parameter_id,
    from: addDays(basis.asOf, -(GEOMEAN_WINDOW_DAYS - 1)),
    to: basis.asOf,
  });
  return {
    ...header(basis),
    station: stationOut(station),
    survey: surveyOut(geomeanSurvey(toSamples(samples), basis.asOf, options(basis))),
    samples: samples.map((s) => {
      const counted = effectiveValue(s.value, s.remark_code, basis.censoredRule, basis.countedRemarks);
      return { ...s, counted_value: counted !== null && counted > 0 ? counted : null };
    }),
  };
}

/** The season the as-of day belongs to (the latest begun), as the window of a series. */
async function seriesRange(deps: AppDeps, programId: number, asOf: string) {
  const seasons = await listProgramSeasons(deps.database.db, programId);
  const season = latestBegunSeason(seasons, asOf);
  const from = season?.preseasonStart ?? `${asOf.slice(0, 4)}-01-01`;
  const to = season && season.endDate < asOf ? season.endDate : asOf;
  return {
    season: season ? { year: season.year, preseason_start: season.preseasonStart, start_date: season.startDate, end_date: season.endDate } : null,
    from,
    to,
  };
}

function series(samples: readonly repo.SampleRecord[], b: Basis, from: string) {
  return rollingGeomeans(toSamples(samples), options(b))
    .filter((p) => p.endDate >= from)
    .map(surveyOut);
}

/** GET beach/{id}/geomeans: the station's rolling series over the season, and its stored surveys. */
export async function stationGeomeans(deps: AppDeps, profile: UserProfile, stationId: number, query: { date?: string; parameter?: string }) {
  const { station, basis } = await stationAndBasis(deps, profile, stationId, query);
  const range = await seriesRange(deps, station.program_id, basis.asOf);
  const samples = await repo.listVerifiedSamples(deps.database.db, {
    stationIds: [stationId],
    parameterId: basis.parameter.parameter_id,
    from: addDays(range.from, -(GEOMEAN_WINDOW_DAYS - 1)),
    to: range.to,
  });
  return {
    ...header(basis),
    ...range,
    station: stationOut(station),
    series: series(samples, basis, range.from),
    saved: await repo.listSavedSurveys(deps.database.db, { stationId, limit: SAVED_LIMIT }),
  };
}

/**
 * GET geomean/rolling?program_id: each active station's 30-day geomean ending on the as-of day (sample
 * count, threshold, exceedance) and its series over the season (one point per sample date).
 */
export async function programRollingGeomeans(deps: AppDeps, profile: UserProfile, query: { program_id: number; date?: string; parameter?: string }) {
  const db = deps.database.db;
  if (!(await ref.findProgram(db, query.program_id))) throw notFound('Program');
  requireSurveys(profile, query.program_id);
  const basis = await basisFor(deps, query.program_id, query);
  const range = await seriesRange(deps, query.program_id, basis.asOf);
  const stations = (await ref.listProgramStations(db, query.program_id)).filter((s) => s.active);
  const samples = await repo.listVerifiedSamples(db, {
    stationIds: stations.map((s) => s.beach_station_id),
    parameterId: basis.parameter.parameter_id,
    from: addDays(range.from < basis.asOf ? range.from : basis.asOf, -(GEOMEAN_WINDOW_DAYS - 1)),
    to: basis.asOf,
  });
  const byStation = new Map<number, repo.SampleRecord[]>();
  for (const s of samples) byStation.set(s.beach_station_id, [...(byStation.get(s.beach_station_id) ?? []), s]);
  return {
    ...header(basis),
    ...range,
    stations: stations.map((s) => {
      const own = byStation.get(s.beach_station_id) ?? [];
      return {
        ...stationOut(s),
        current: surveyOut(geomeanSurvey(toSamples(own), basis.asOf, options(basis))),
        series: series(own.filter((x) => x.sample_date <= range.to), basis, range.from),
      };
    }),
  };
}

/** POST geomean/rolling/create: stores the station's rolling geomean survey ending on the as-of day (audited). */
export async function createRollingGeomean(deps: AppDeps, profile: UserProfile, input: RollingGeomeanCreate) {
  const { station, basis } = await stationAndBasis(deps, profile, input.beach_id, input);
  const db = deps.database.db;
  const id = await db.transaction(async (tx) => {
    const samples = await repo.listVerifiedSamples(tx, {
      stationIds: [station.beach_station_id],
      parameterId: basis.parameter.parameter_id,
      from: addDays(basis.asOf, -(GEOMEAN_WINDOW_DAYS - 1)),
      to: basis.asOf,
    });
    const survey = geomeanSurvey(toSamples(samples), basis.asOf, options(basis));
    const surveyId = await repo.insertSurvey(tx, {
      beachStationId: station.beach_station_id,
      parameterId: basis.parameter.parameter_id,
      endDate: basis.asOf,
      windowDays: GEOMEAN_WINDOW_DAYS,
      sampleCount: survey.count,
      geomean: survey.geomean,
      threshold: basis.threshold,
      pass: survey.pass,
      isRolling: true,
      createdBy: profile.user_id,
    });
    await writeAuditRows(tx, [
      {
        userId: profile.user_id,
        action: 'CREATE',
        tableName: 'geomean_surveys',
        recordId: surveyId,
        programId: station.program_id,
        after: { beach_station_id: station.beach_station_id, end_date: basis.asOf, sample_count: survey.count, geomean: survey.geomean, pass: survey.pass },
      },
    ]);
    return surveyId;
  });
  return { ...header(basis), station: stationOut(station), survey: (await repo.findSavedSurvey(db, id))! };
}

/**
 * GET geomean/program/{id}/defaultDay (issue 28 item 2): the day the geomean screens open on - the
 * program's last sampled day while it monitors, the last day of the latest season out of season - and why.
 */
export async function programGeomeanDefaultDay(deps: AppDeps, profile: UserProfile, programId: number, now = new Date()): Promise<GeomeanDefaultDay> {
  const db = deps.database.db;
  // As GET geomean/program/{id}: an unknown program is a 404, a known one without the level a 403.
  if (!(await ref.findProgram(db, programId))) throw notFound('Program');
  requireSurveys(profile, programId);
  const today = localDate(now, deps.config.programTimeZone);
  const [seasons, lastSampledDay] = await Promise.all([listProgramSeasons(db, programId), repo.findLastSampledDay(db, programId, today)]);
  const found = geomeanDefaultDay({ today, seasons, lastSampledDay });
  return {
    program_id: programId,
    today,
    date: found.date,
    reason: found.reason,
    last_sampled_day: lastSampledDay,
    monitoring: found.monitoring,
    season: found.season
      ? { year: found.season.year, preseason_start: found.season.preseasonStart, start_date: found.season.startDate, end_date: found.season.endDate }
      : null,
  };
}
