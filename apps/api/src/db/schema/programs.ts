import { sql } from 'drizzle-orm';
import { boolean, check, date, doublePrecision, index, integer, pgTable, primaryKey, serial, text, unique } from 'drizzle-orm/pg-core';
import { beachStatuses, parameters, remarkCodes, resultUnits } from './reference';

export const programs = pgTable(
  'programs',
  {
    programId: serial('program_id').primaryKey(),
    name: text('name').notNull().unique(),
    abbv: text('abbv').notNull().unique(),
    color: text('color').notNull(),
    desc: text('desc').notNull().default(''),
    /** How censored (below reporting limit) values enter geomeans: at the limit, or at half of it. */
    censoredRule: text('censored_rule').notNull().default('AT_LIMIT'),
    /** Days a beach must have been Open before the daily job auto-closes its incident. */
    incidentAutoCloseDays: integer('incident_auto_close_days').notNull().default(3),
    /** Remark codes not evaluated by default (FA, CG) that this program counts in its geomeans (migration 0011). */
    geomeanCountedRemarks: text('geomean_counted_remarks').array().notNull().default(sql`'{}'`),
  },
  (t) => [check('programs_censored_rule', sql`${t.censoredRule} in ('AT_LIMIT','HALF_LIMIT')`)],
);

/** One swim season per program and year; out of season the public sees Not Monitored. */
export const programSeasons = pgTable(
  'program_seasons',
  {
    programId: integer('program_id')
      .notNull()
      .references(() => programs.programId, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    preseasonStart: date('preseason_start', { mode: 'string' }).notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.programId, t.year] })],
);

/** Thresholds per program and parameter (marine Enterococcus: geomean 35, STV 130, BAV 104). */
export const programThresholds = pgTable(
  'program_thresholds',
  {
    programId: integer('program_id')
      .notNull()
      .references(() => programs.programId, { onDelete: 'cascade' }),
    parameterId: integer('parameter_id')
      .notNull()
      .references(() => parameters.parameterId),
    resultUnitId: integer('result_unit_id')
      .notNull()
      .references(() => resultUnits.resultUnitId),
    geomeanThreshold: doublePrecision('geomean_threshold').notNull(),
    statisticalThreshold: doublePrecision('statistical_threshold').notNull(),
    beachActionValue: doublePrecision('beach_action_value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.programId, t.parameterId] })],
);

/** A program logic rule (SPEC 3). Rules are evaluated in position order; the first match fires. */
export const programBeachLogic = pgTable(
  'program_beach_logic',
  {
    programBeachLogicId: serial('program_beach_logic_id').primaryKey(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.programId, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    desc: text('desc').notNull().default(''),
    previousBeachStatusId: integer('previous_beach_status_id')
      .notNull()
      .references(() => beachStatuses.beachStatusId),
    setToBeachStatusId: integer('set_to_beach_status_id')
      .notNull()
      .references(() => beachStatuses.beachStatusId),
    remarkCodeId: integer('remark_code_id').references(() => remarkCodes.remarkCodeId),
    useCompareValueAsBav: boolean('use_compare_value_as_bav').notNull().default(false),
    isLessThanValue: boolean('is_less_than_value').notNull().default(false),
    compareValue: doublePrecision('compare_value'),
    resultUnitId: integer('result_unit_id').references(() => resultUnits.resultUnitId),
    setToResamplePrimary: boolean('set_to_resample_primary').notNull().default(false),
    setToResampleBrackets: boolean('set_to_resample_brackets').notNull().default(false),
    setRequireSanitarySurvey: boolean('set_require_sanitary_survey').notNull().default(false),
    triggersBeachStatusEmail: boolean('triggers_beach_status_email').notNull().default(false),
  },
  (t) => [unique('program_beach_logic_position').on(t.programId, t.position), index('program_beach_logic_program_idx').on(t.programId)],
);
