import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { compareBeachStations, DEFAULT_CENSORED_RULE, type CensoredRule, type NotEvaluatedRemarkCode, type ProgramDetail, type ProgramRecord, type ProgramSave } from '@beach/domain';
import { queryRows, type DbOrTx } from '../../db/client';
import { beachStatuses, programBeachLogic, programs, remarkCodes, resultUnits } from '../../db/schema';

export type { ProgramDetail, ProgramRecord, StoredLogicRule } from '@beach/domain';

const programColumns = {
  program_id: programs.programId,
  name: programs.name,
  abbv: programs.abbv,
  color: programs.color,
  desc: programs.desc,
  // The column's check constraint allows only the CensoredRule values.
  censored_rule: sql<CensoredRule>`${programs.censoredRule}`,
  // Written only through geomeanCountedRemarksSchema (FA, CG).
  geomean_counted_remarks: sql<NotEvaluatedRemarkCode[]>`${programs.geomeanCountedRemarks}`,
};

const ruleColumns = {
  program_beach_logic_id: programBeachLogic.programBeachLogicId,
  position: programBeachLogic.position,
  title: programBeachLogic.title,
  desc: programBeachLogic.desc,
  previous_beach_status_id: programBeachLogic.previousBeachStatusId,
  set_to_beach_status_id: programBeachLogic.setToBeachStatusId,
  remark_code_id: programBeachLogic.remarkCodeId,
  use_compare_value_as_bav: programBeachLogic.useCompareValueAsBav,
  is_less_than_value: programBeachLogic.isLessThanValue,
  compare_value: programBeachLogic.compareValue,
  result_unit_id: programBeachLogic.resultUnitId,
  set_to_resample_primary: programBeachLogic.setToResamplePrimary,
  set_to_resample_brackets: programBeachLogic.setToResampleBrackets,
  set_require_sanitary_survey: programBeachLogic.setRequireSanitarySurvey,
  triggers_beach_status_email: programBeachLogic.triggersBeachStatusEmail,
};

/** Programs by name; `onlyIds` limits the list. */
export async function listPrograms(db: DbOrTx, onlyIds: number[] | null): Promise<(ProgramRecord & { rule_count: number })[]> {
  if (onlyIds && onlyIds.length === 0) return [];
  return db
    .select({
      ...programColumns,
      rule_count: sql<number>`(select count(*)::int from program_beach_logic l where l.program_id = ${programs.programId})`,
    })
    .from(programs)
    .where(onlyIds ? inArray(programs.programId, onlyIds) : undefined)
    .orderBy(asc(programs.name));
}

export async function findProgramRecord(db: DbOrTx, programId: number, forUpdate = false): Promise<ProgramRecord | null> {
  const query = db.select(programColumns).from(programs).where(eq(programs.programId, programId));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/** The program with its logic rules in position order. */
export async function findProgramDetail(db: DbOrTx, programId: number): Promise<ProgramDetail | null> {
  const program = await findProgramRecord(db, programId);
  if (!program) return null;
  const rules = await db
    .select(ruleColumns)
    .from(programBeachLogic)
    .where(eq(programBeachLogic.programId, programId))
    .orderBy(asc(programBeachLogic.position), asc(programBeachLogic.programBeachLogicId));
  return { ...program, logic_rules: rules };
}

/** Programs by abbreviation (case as stored), for resolving programRules keys. */
export async function findProgramsByAbbv(db: DbOrTx, abbvs: string[]): Promise<ProgramRecord[]> {
  if (abbvs.length === 0) return [];
  return db.select(programColumns).from(programs).where(inArray(programs.abbv, abbvs));
}

export async function findProgramNameClash(
  db: DbOrTx,
  name: string,
  abbv: string,
  exceptId: number | null,
): Promise<'name' | 'abbv' | null> {
  const rows = await db
    .select({ name: programs.name, abbv: programs.abbv })
    .from(programs)
    .where(
      and(
        sql`(lower(${programs.name}) = lower(${name}) or lower(${programs.abbv}) = lower(${abbv}))`,
        exceptId === null ? undefined : ne(programs.programId, exceptId),
      ),
    );
  if (rows.some((r) => r.name.toLowerCase() === name.toLowerCase())) return 'name';
  return rows.length > 0 ? 'abbv' : null;
}

type ProgramFields = Omit<ProgramSave, 'logic_rules'>;

export async function insertProgram(db: DbOrTx, input: ProgramFields): Promise<number> {
  const [row] = await db
    .insert(programs)
    .values({
      name: input.name,
      abbv: input.abbv,
      color: input.color,
      desc: input.desc,
      censoredRule: input.censored_rule ?? DEFAULT_CENSORED_RULE,
      geomeanCountedRemarks: input.geomean_counted_remarks ?? [],
    })
    .returning({ id: programs.programId });
  return row!.id;
}

export async function updateProgram(db: DbOrTx, programId: number, input: ProgramFields): Promise<void> {
  await db
    .update(programs)
    .set({
      name: input.name,
      abbv: input.abbv,
      color: input.color,
      desc: input.desc,
      // Left out of the save: the stored rule stays.
      ...(input.censored_rule === undefined ? {} : { censoredRule: input.censored_rule }),
      ...(input.geomean_counted_remarks === undefined ? {} : { geomeanCountedRemarks: input.geomean_counted_remarks }),
    })
    .where(eq(programs.programId, programId));
}

export async function findRuleIds(db: DbOrTx, programId: number): Promise<number[]> {
  const rows = await db
    .select({ id: programBeachLogic.programBeachLogicId })
    .from(programBeachLogic)
    .where(eq(programBeachLogic.programId, programId));
  return rows.map((r) => r.id);
}

export async function deleteRules(db: DbOrTx, ids: number[]): Promise<void> {
  if (ids.length) await db.delete(programBeachLogic).where(inArray(programBeachLogic.programBeachLogicId, ids));
}

/** Moves every rule of the program to a negative position so new positions can be written without clashes. */
export async function parkRulePositions(db: DbOrTx, programId: number): Promise<void> {
  await db
    .update(programBeachLogic)
    .set({ position: sql`-1 - ${programBeachLogic.position}` })
    .where(eq(programBeachLogic.programId, programId));
}

type RuleValues = ProgramSave['logic_rules'][number];

function ruleColumnsFor(rule: RuleValues, position: number) {
  return {
    position,
    title: rule.title,
    desc: rule.desc,
    previousBeachStatusId: rule.previous_beach_status_id,
    setToBeachStatusId: rule.set_to_beach_status_id,
    remarkCodeId: rule.remark_code_id,
    useCompareValueAsBav: rule.use_compare_value_as_bav,
    isLessThanValue: rule.is_less_than_value,
    compareValue: rule.compare_value,
    resultUnitId: rule.result_unit_id,
    setToResamplePrimary: rule.set_to_resample_primary,
    setToResampleBrackets: rule.set_to_resample_brackets,
    setRequireSanitarySurvey: rule.set_require_sanitary_survey,
    triggersBeachStatusEmail: rule.triggers_beach_status_email,
  };
}

export async function updateRule(db: DbOrTx, ruleId: number, rule: RuleValues, position: number): Promise<void> {
  await db.update(programBeachLogic).set(ruleColumnsFor(rule, position)).where(eq(programBeachLogic.programBeachLogicId, ruleId));
}

export async function insertRule(db: DbOrTx, programId: number, rule: RuleValues, position: number): Promise<void> {
  await db.insert(programBeachLogic).values({ programId, ...ruleColumnsFor(rule, position) });
}

/** Statuses, remark codes and units a logic rule chooses from. */
export async function ruleFilterLists(db: DbOrTx) {
  const [statuses, remarks, units] = await Promise.all([
    db
      .select({
        beach_status_id: beachStatuses.beachStatusId,
        code: beachStatuses.code,
        name: beachStatuses.name,
        color: beachStatuses.color,
        legend_order: beachStatuses.legendOrder,
      })
      .from(beachStatuses)
      .orderBy(asc(beachStatuses.legendOrder)),
    db
      .select({
        remark_code_id: remarkCodes.remarkCodeId,
        code: remarkCodes.code,
        name: remarkCodes.name,
        description: remarkCodes.description,
      })
      .from(remarkCodes)
      .orderBy(asc(remarkCodes.code)),
    db
      .select({ result_unit_id: resultUnits.resultUnitId, code: resultUnits.code, name: resultUnits.name })
      .from(resultUnits)
      .orderBy(asc(resultUnits.name)),
  ]);
  return { statuses, remark_codes: remarks, units };
}

/** The ids among the given ones that exist, per reference list. */
export async function existingReferenceIds(db: DbOrTx, ids: { statuses: number[]; remarks: number[]; units: number[] }) {
  const [statuses, remarks, units] = await Promise.all([
    ids.statuses.length
      ? db.select({ id: beachStatuses.beachStatusId }).from(beachStatuses).where(inArray(beachStatuses.beachStatusId, ids.statuses))
      : [],
    ids.remarks.length
      ? db.select({ id: remarkCodes.remarkCodeId }).from(remarkCodes).where(inArray(remarkCodes.remarkCodeId, ids.remarks))
      : [],
    ids.units.length
      ? db.select({ id: resultUnits.resultUnitId }).from(resultUnits).where(inArray(resultUnits.resultUnitId, ids.units))
      : [],
  ]);
  return {
    statuses: new Set(statuses.map((r) => r.id)),
    remarks: new Set(remarks.map((r) => r.id)),
    units: new Set(units.map((r) => r.id)),
  };
}

export interface ProgramDashboard {
  stations_by_status: { beach_status_id: number | null; code: string | null; name: string; color: string | null; count: number }[];
  primary_station_count: number;
  results_awaiting_verification: number;
  results_awaiting_secondary_validation: number;
  secondary_verification_in_use: boolean;
  open_incidents: number;
  open_sanitary_surveys: number;
  stations_flagged: {
    resample: number;
    sanitary_survey: number;
    list: { beach_station_id: number; station_name: string; beach_name: string; needs_resample: boolean; requires_sanitary_survey: boolean }[];
  };
  unread_accident_reports: number;
}

/** Flagged stations listed on the dashboard at most (the counts are complete). */
const FLAGGED_LIST_LIMIT = 50;

/** The dashboard's counts for one program, read in a handful of aggregate queries. */
export async function programDashboard(db: DbOrTx, programId: number): Promise<ProgramDashboard> {
  const [statusRows, resultRow, incidentRow, openSurveyRow, flaggedCounts, flaggedList, accidentRow, secondaryRow] = await Promise.all([
    queryRows<{ beach_status_id: number | null; code: string | null; name: string | null; color: string | null; n: number }>(
      db,
      sql`select s.beach_status_id, s.code, s.name, s.color, s.legend_order, coalesce(c.n, 0)::int as n
            from beach_statuses s
            left join (select st.current_status_id, count(*)::int as n
                         from beach_stations st join beaches b on b.beach_id = st.beach_id
                        where b.program_id = ${programId} and st.station_type = 'PRIMARY' and st.active
                        group by st.current_status_id) c on c.current_status_id = s.beach_status_id
           union all
          select null, null, null, null, null, count(*)::int
            from beach_stations st join beaches b on b.beach_id = st.beach_id
           where b.program_id = ${programId} and st.station_type = 'PRIMARY' and st.active and st.current_status_id is null
           order by legend_order nulls last`,
    ),
    queryRows<{ unverified: number; verified: number }>(
      db,
      sql`select count(*) filter (where r.verification_state = 'UNVERIFIED')::int as unverified,
                 count(*) filter (where r.verification_state = 'VERIFIED')::int as verified
            from results r
            join beach_stations st on st.beach_station_id = r.beach_station_id
            join beaches b on b.beach_id = st.beach_id
           where b.program_id = ${programId} and r.verification_state <> 'SECONDARY_VERIFIED'`,
    ),
    queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from incidents i
            join beach_stations st on st.beach_station_id = i.beach_station_id
            join beaches b on b.beach_id = st.beach_id
           where b.program_id = ${programId} and i.state = 'OPEN'`,
    ),
    queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from sanitary_surveys v
            join beach_stations st on st.beach_station_id = v.beach_station_id
            join beaches b on b.beach_id = st.beach_id
           where b.program_id = ${programId} and v.status = 'OPEN'`,
    ),
    queryRows<{ resample: number; survey: number }>(
      db,
      sql`select count(*) filter (where st.needs_resample)::int as resample,
                 count(*) filter (where st.requires_sanitary_survey)::int as survey
            from beach_stations st join beaches b on b.beach_id = st.beach_id
           where b.program_id = ${programId} and st.active`,
    ),
    queryRows<{
      beach_station_id: number;
      station_name: string;
      beach_name: string;
      needs_resample: boolean;
      requires_sanitary_survey: boolean;
    }>(
      db,
      sql`select st.beach_station_id, st.station_name, b.name as beach_name, st.needs_resample, st.requires_sanitary_survey
            from beach_stations st join beaches b on b.beach_id = st.beach_id
           where b.program_id = ${programId} and st.active and (st.needs_resample or st.requires_sanitary_survey)
           order by b.name, st.station_name
           limit ${FLAGGED_LIST_LIMIT}`,
    ),
    queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from serious_accident_reports where program_id = ${programId} and not is_read`,
    ),
    queryRows<{ used: boolean }>(
      db,
      sql`select exists(select 1 from organization_programs
                         where program_id = ${programId} and has_secondary_verification > 0) as used`,
    ),
  ]);
  const withoutStatus = statusRows.find((r) => r.beach_status_id === null)?.n ?? 0;
  const byStatus = statusRows
    .filter((r) => r.beach_status_id !== null)
    .map((r) => ({ beach_status_id: r.beach_status_id, code: r.code, name: r.name ?? '', color: r.color, count: Number(r.n) }));
  return {
    stations_by_status: withoutStatus
      ? [...byStatus, { beach_status_id: null, code: null, name: 'No status', color: null, count: withoutStatus }]
      : byStatus,
    primary_station_count: byStatus.reduce((sum, r) => sum + r.count, 0) + withoutStatus,
    results_awaiting_verification: Number(resultRow[0]?.unverified ?? 0),
    results_awaiting_secondary_validation: Number(resultRow[0]?.verified ?? 0),
    secondary_verification_in_use: Boolean(secondaryRow[0]?.used),
    open_incidents: Number(incidentRow[0]?.n ?? 0),
    open_sanitary_surveys: Number(openSurveyRow[0]?.n ?? 0),
    stations_flagged: {
      resample: Number(flaggedCounts[0]?.resample ?? 0),
      sanitary_survey: Number(flaggedCounts[0]?.survey ?? 0),
      // The first FLAGGED_LIST_LIMIT by the query, shown in natural order of names.
      list: [...flaggedList].sort(compareBeachStations),
    },
    unread_accident_reports: Number(accidentRow[0]?.n ?? 0),
  };
}
