import { sql } from 'drizzle-orm';
import { boolean, check, date, doublePrecision, index, integer, pgTable, serial, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { beachStations } from './beaches';
import { organizations, uploadedFiles, users } from './people';
import { programs } from './programs';
import { beaconReasons, beaconSources, incidentTypes, parameters, remarkCodes, resultUnits } from './reference';

/** A laboratory result for one station and sample. */
export const results = pgTable(
  'results',
  {
    resultId: serial('result_id').primaryKey(),
    beachStationId: integer('beach_station_id')
      .notNull()
      .references(() => beachStations.beachStationId),
    /** The organization (lab or health department) that entered the result. */
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.organizationId),
    sampleDate: date('sample_date', { mode: 'string' }).notNull(),
    sampleTimeHh: text('sample_time_hh').notNull().default(''),
    sampleTimeMm: text('sample_time_mm').notNull().default(''),
    parameterId: integer('parameter_id')
      .notNull()
      .references(() => parameters.parameterId),
    /** Null when the remark code carries no value (not sampled, lab failure). */
    value: doublePrecision('value'),
    remarkCodeId: integer('remark_code_id').references(() => remarkCodes.remarkCodeId),
    resultUnitId: integer('result_unit_id')
      .notNull()
      .references(() => resultUnits.resultUnitId),
    isResample: boolean('is_resample').notNull().default(false),
    labName: text('lab_name').notNull().default(''),
    comments: text('comments').notNull().default(''),
    verificationState: text('verification_state').notNull().default('UNVERIFIED'),
    enteredBy: integer('entered_by').references(() => users.userId),
    enteredAt: timestamp('entered_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    verifiedBy: integer('verified_by').references(() => users.userId),
    verifiedAt: timestamp('verified_at', { withTimezone: true, mode: 'date' }),
    secondaryVerifiedBy: integer('secondary_verified_by').references(() => users.userId),
    secondaryVerifiedAt: timestamp('secondary_verified_at', { withTimezone: true, mode: 'date' }),
    /** Natural key of an imported row, so re-importing the same file adds nothing. */
    importKey: text('import_key'),
    /** Raised by every change (edit, verification): an edit sent with an older version is refused (decision 0018). */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    check('results_verification_state', sql`${t.verificationState} in ('UNVERIFIED','VERIFIED','SECONDARY_VERIFIED')`),
    check('results_hh', sql`${t.sampleTimeHh} ~ '^([01][0-9]|2[0-3])?$'`),
    check('results_mm', sql`${t.sampleTimeMm} ~ '^([0-5][0-9])?$'`),
    unique('results_import_key').on(t.importKey),
    /** One sample of one parameter at one station and time (decision 0018; migration 0008). */
    unique('results_natural_key').on(t.beachStationId, t.sampleDate, t.sampleTimeHh, t.sampleTimeMm, t.parameterId, t.isResample),
    index('results_station_date_idx').on(t.beachStationId, t.sampleDate),
    index('results_date_idx').on(t.sampleDate),
    index('results_unverified_idx').on(t.verificationState, t.sampleDate).where(sql`${t.verificationState} <> 'SECONDARY_VERIFIED'`),
  ],
);

export const incidents = pgTable(
  'incidents',
  {
    incidentId: serial('incident_id').primaryKey(),
    beachStationId: integer('beach_station_id')
      .notNull()
      .references(() => beachStations.beachStationId),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    /** OPEN, CLOSED (by a user with final comments) or AUTO_CLOSED (by the daily job). */
    state: text('state').notNull().default('OPEN'),
    isManual: boolean('is_manual').notNull().default(true),
    /** What kind of incident (incident_types), chosen when it is opened by hand; migration 0012. */
    incidentTypeId: integer('incident_type_id').references(() => incidentTypes.incidentTypeId),
    reasonCode: text('reason_code').references(() => beaconReasons.code),
    sourceCode: text('source_code').references(() => beaconSources.code),
    additionalOverallComments: text('additional_overall_comments').notNull().default(''),
    finalComments: text('final_comments'),
    createdBy: integer('created_by').references(() => users.userId),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('incidents_state', sql`${t.state} in ('OPEN','CLOSED','AUTO_CLOSED')`),
    index('incidents_station_idx').on(t.beachStationId, t.startDate),
    index('incidents_start_idx').on(t.startDate),
    // A rule opens an incident only when none is open: one open rule-opened incident per station (migration 0017).
    uniqueIndex('incidents_one_open_by_rule').on(t.beachStationId).where(sql`${t.state} = 'OPEN' and not ${t.isManual}`),
  ],
);

export const incidentDailyEntries = pgTable(
  'incident_daily_entries',
  {
    dailyIncidentId: serial('daily_incident_id').primaryKey(),
    incidentId: integer('incident_id')
      .notNull()
      .references(() => incidents.incidentId, { onDelete: 'cascade' }),
    entryDate: date('entry_date', { mode: 'string' }).notNull(),
    beachStatusId: integer('beach_status_id'),
    actions: text('actions').notNull().default(''),
    comments: text('comments').notNull().default(''),
  },
  (t) => [unique('incident_daily_one_per_day').on(t.incidentId, t.entryDate)],
);

export const sanitarySurveys = pgTable(
  'sanitary_surveys',
  {
    sanitarySurveyId: serial('sanitary_survey_id').primaryKey(),
    beachStationId: integer('beach_station_id')
      .notNull()
      .references(() => beachStations.beachStationId),
    incidentId: integer('incident_id').references(() => incidents.incidentId),
    dailyIncidentId: integer('daily_incident_id').references(() => incidentDailyEntries.dailyIncidentId),
    surveyDate: date('survey_date', { mode: 'string' }).notNull(),
    weather: text('weather').notNull().default('N/A'),
    waterConditions: text('water_conditions').notNull().default('N/A'),
    potentialSources: text('potential_sources').notNull().default('N/A'),
    observations: text('observations').notNull().default('N/A'),
    isLegacy: boolean('is_legacy').notNull().default(false),
    createdBy: integer('created_by').references(() => users.userId),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    // EPA's marine sanitary survey fields (migration 0014, decision 0027); absent measures are null, absent text 'N/A'.
    surveyTimeHh: text('survey_time_hh').notNull().default(''),
    surveyTimeMm: text('survey_time_mm').notNull().default(''),
    surveyor: text('surveyor').notNull().default('N/A'),
    skyCondition: text('sky_condition'),
    rainfall24hIn: doublePrecision('rainfall_24h_in'),
    rainfall48hIn: doublePrecision('rainfall_48h_in'),
    rainfall72hIn: doublePrecision('rainfall_72h_in'),
    tide: text('tide'),
    windSpeedMph: doublePrecision('wind_speed_mph'),
    windDirection: text('wind_direction'),
    waveHeightFt: doublePrecision('wave_height_ft'),
    waterTempF: doublePrecision('water_temp_f'),
    airTempF: doublePrecision('air_temp_f'),
    turbidity: text('turbidity'),
    batherLoad: integer('bather_load'),
    debrisLevel: text('debris_level'),
    debris: text('debris').notNull().default('N/A'),
    algaeLevel: text('algae_level'),
    algae: text('algae').notNull().default('N/A'),
    odour: text('odour').notNull().default('N/A'),
    /** OPEN while the surveyor fills it in; COMPLETED clears the station's requires_sanitary_survey flag. */
    status: text('status').notNull().default('COMPLETED'),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    completedBy: integer('completed_by').references(() => users.userId),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('sanitary_surveys_station_idx').on(t.beachStationId, t.surveyDate),
    index('sanitary_surveys_open_idx').on(t.beachStationId).where(sql`${t.status} = 'OPEN'`),
    index('sanitary_surveys_incident_idx').on(t.incidentId, t.surveyDate),
    check('sanitary_surveys_hh', sql`${t.surveyTimeHh} ~ '^([01][0-9]|2[0-3])?$'`),
    check('sanitary_surveys_mm', sql`${t.surveyTimeMm} ~ '^([0-5][0-9])?$'`),
    check('sanitary_surveys_status', sql`${t.status} in ('OPEN','COMPLETED')`),
    check('sanitary_surveys_sky', sql`${t.skyCondition} in ('SUNNY','PARTLY_CLOUDY','OVERCAST','FOG','RAIN','STORM')`),
    check('sanitary_surveys_tide', sql`${t.tide} in ('HIGH','LOW','EBB','FLOOD','SLACK')`),
    check('sanitary_surveys_wind_direction', sql`${t.windDirection} in ('N','NE','E','SE','S','SW','W','NW','VARIABLE')`),
    check('sanitary_surveys_turbidity', sql`${t.turbidity} in ('CLEAR','SLIGHTLY_TURBID','TURBID','OPAQUE')`),
    check('sanitary_surveys_debris_level', sql`${t.debrisLevel} in ('NONE','LOW','MODERATE','HIGH')`),
    check('sanitary_surveys_algae_level', sql`${t.algaeLevel} in ('NONE','LOW','MODERATE','HIGH')`),
    check(
      'sanitary_surveys_measures',
      sql`coalesce(${t.rainfall24hIn}, 0) >= 0 and coalesce(${t.rainfall48hIn}, 0) >= 0 and coalesce(${t.rainfall72hIn}, 0) >= 0 and coalesce(${t.windSpeedMph}, 0) >= 0 and coalesce(${t.waveHeightFt}, 0) >= 0 and coalesce(${t.batherLoad}, 0) >= 0`,
    ),
  ],
);

/** Birds and animals seen during a survey, by kind and count. */
export const sanitarySurveyAnimals = pgTable(
  'sanitary_survey_animals',
  {
    sanitarySurveyAnimalId: serial('sanitary_survey_animal_id').primaryKey(),
    sanitarySurveyId: integer('sanitary_survey_id')
      .notNull()
      .references(() => sanitarySurveys.sanitarySurveyId, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    count: integer('count').notNull(),
    description: text('description').notNull().default('N/A'),
  },
  (t) => [
    index('sanitary_survey_animals_survey_idx').on(t.sanitarySurveyId),
    check('sanitary_survey_animals_kind', sql`${t.kind} in ('GULLS','GEESE','DUCKS','SHOREBIRDS','OTHER_BIRDS','DOGS','HORSES','DEER','OTHER_ANIMALS')`),
    check('sanitary_survey_animals_count', sql`${t.count} >= 0`),
  ],
);

/** Outfalls and pipes seen during a survey, flowing or not. */
export const sanitarySurveyOutfalls = pgTable(
  'sanitary_survey_outfalls',
  {
    sanitarySurveyOutfallId: serial('sanitary_survey_outfall_id').primaryKey(),
    sanitarySurveyId: integer('sanitary_survey_id')
      .notNull()
      .references(() => sanitarySurveys.sanitarySurveyId, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    isFlowing: boolean('is_flowing').notNull(),
  },
  (t) => [index('sanitary_survey_outfalls_survey_idx').on(t.sanitarySurveyId)],
);

/** Potential pollution sources a survey names, one row per BEACON source code. */
export const sanitarySurveySources = pgTable(
  'sanitary_survey_sources',
  {
    sanitarySurveySourceId: serial('sanitary_survey_source_id').primaryKey(),
    sanitarySurveyId: integer('sanitary_survey_id')
      .notNull()
      .references(() => sanitarySurveys.sanitarySurveyId, { onDelete: 'cascade' }),
    sourceCode: text('source_code')
      .notNull()
      .references(() => beaconSources.code),
    description: text('description').notNull().default('N/A'),
  },
  (t) => [unique('sanitary_survey_sources_one_per_code').on(t.sanitarySurveyId, t.sourceCode), index('sanitary_survey_sources_code_idx').on(t.sourceCode)],
);

/** Photos taken during a survey (files through the upload pipeline). */
export const sanitarySurveyPhotos = pgTable(
  'sanitary_survey_photos',
  {
    sanitarySurveyPhotoId: serial('sanitary_survey_photo_id').primaryKey(),
    sanitarySurveyId: integer('sanitary_survey_id')
      .notNull()
      .references(() => sanitarySurveys.sanitarySurveyId, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => uploadedFiles.fileId),
    caption: text('caption').notNull().default('N/A'),
  },
  (t) => [index('sanitary_survey_photos_survey_idx').on(t.sanitarySurveyId)],
);

export const geomeanSurveys = pgTable(
  'geomean_surveys',
  {
    geomeanSurveyId: serial('geomean_survey_id').primaryKey(),
    beachStationId: integer('beach_station_id')
      .notNull()
      .references(() => beachStations.beachStationId),
    parameterId: integer('parameter_id')
      .notNull()
      .references(() => parameters.parameterId),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    windowDays: integer('window_days').notNull(),
    sampleCount: integer('sample_count').notNull(),
    geomean: doublePrecision('geomean'),
    threshold: doublePrecision('threshold').notNull(),
    pass: boolean('pass'),
    isRolling: boolean('is_rolling').notNull().default(false),
    createdBy: integer('created_by').references(() => users.userId),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('geomean_surveys_station_idx').on(t.beachStationId, t.endDate)],
);

export const sourceTrackdowns = pgTable(
  'source_trackdowns',
  {
    sourceTrackdownId: serial('source_trackdown_id').primaryKey(),
    beachStationId: integer('beach_station_id')
      .notNull()
      .references(() => beachStations.beachStationId),
    identifiedProblems: text('identified_problems').notNull().default(''),
    suggestedSolutions: text('suggested_solutions').notNull().default(''),
    description: text('description').notNull().default(''),
    isApplyingForLoanOrGrant: boolean('is_applying_for_loan_or_grant').notNull().default(false),
    hasReceivedLoanOrGrant: boolean('has_received_loan_or_grant').notNull().default(false),
    waterQualityFileId: integer('water_quality_file_id')
      .references(() => uploadedFiles.fileId)
      .unique('source_trackdowns_water_quality_file_unique'),
    createdBy: integer('created_by').references(() => users.userId),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    // Who changed it last and when (migration 0018).
    updatedBy: integer('updated_by').references(() => users.userId),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    // The incident of the same station the trackdown follows up (migration 0027, issue 28).
    incidentId: integer('incident_id').references(() => incidents.incidentId, { onDelete: 'set null' }),
  },
  (t) => [index('source_trackdowns_station_idx').on(t.beachStationId), index('source_trackdowns_incident_idx').on(t.incidentId)],
);

export const sourceAttemptedFixes = pgTable(
  'source_attempted_fixes',
  {
    sourceAttemptedFixId: serial('source_attempted_fix_id').primaryKey(),
    sourceTrackdownId: integer('source_trackdown_id')
      .notNull()
      .references(() => sourceTrackdowns.sourceTrackdownId, { onDelete: 'cascade' }),
    attemptedOn: date('attempted_on', { mode: 'string' }).notNull(),
    comments: text('comments').notNull().default(''),
    wasImproved: boolean('was_improved').notNull().default(false),
  },
  (t) => [index('source_attempted_fixes_trackdown_idx').on(t.sourceTrackdownId, t.attemptedOn)],
);

/** A trackdown's files: `name` is the uploaded file's name, `type` its content type as sniffed (never the browser's claim). */
export const sourceTrackdownFiles = pgTable(
  'source_trackdown_files',
  {
    sourceTrackdownFileId: serial('source_trackdown_file_id').primaryKey(),
    sourceTrackdownId: integer('source_trackdown_id')
      .notNull()
      .references(() => sourceTrackdowns.sourceTrackdownId, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => uploadedFiles.fileId)
      .unique('source_trackdown_files_file_unique'),
    name: text('name').notNull(),
    type: text('type').notNull(),
    description: text('description').notNull().default(''),
  },
  (t) => [index('source_trackdown_files_trackdown_idx').on(t.sourceTrackdownId)],
);

export const seriousAccidentReports = pgTable(
  'serious_accident_reports',
  {
    seriousAccidentReportId: serial('serious_accident_report_id').primaryKey(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.programId),
    beachStationId: integer('beach_station_id').references(() => beachStations.beachStationId),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull(),
    isFatal: boolean('is_fatal').notNull().default(false),
    /** DROWNING, NEAR_DROWNING, SPINAL_INJURY or OTHER (packages/domain ACCIDENT_TYPES). */
    accidentType: text('accident_type').notNull().default('OTHER'),
    /** CHILD, TEEN, ADULT, SENIOR or UNKNOWN (packages/domain AGE_GROUPS). */
    ageGroup: text('age_group').notNull().default('UNKNOWN'),
    lifeguardOnDuty: boolean('lifeguard_on_duty').notNull().default(false),
    description: text('description').notNull(),
    /** Who saw or reported the accident, and how to reach them (not necessarily a portal user). */
    reporterName: text('reporter_name').notNull().default(''),
    reporterContact: text('reporter_contact').notNull().default(''),
    /** The portal user who filed the report. */
    reportedBy: integer('reported_by').references(() => users.userId),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('serious_accident_reports_program_idx').on(t.programId, t.occurredAt),
    check('serious_accident_reports_type_check', sql`${t.accidentType} IN ('DROWNING', 'NEAR_DROWNING', 'SPINAL_INJURY', 'OTHER')`),
    check('serious_accident_reports_age_group_check', sql`${t.ageGroup} IN ('CHILD', 'TEEN', 'ADULT', 'SENIOR', 'UNKNOWN')`),
  ],
);
