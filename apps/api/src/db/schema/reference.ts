import { boolean, index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';

/** Reference tables: small, rarely changed lists the screens choose from. */

export const counties = pgTable('counties', {
  countyId: serial('county_id').primaryKey(),
  name: text('name').notNull().unique(),
  fips: text('fips'),
  /** Retired places keep their history and leave the pickers (decision 0051). */
  retiredAt: timestamp('retired_at', { withTimezone: true }),
});

export const municipalities = pgTable(
  'municipalities',
  {
    municipalityId: serial('municipality_id').primaryKey(),
    countyId: integer('county_id').notNull().references(() => counties.countyId),
    name: text('name').notNull(),
    /** FIPS place code or GNIS id. */
    code: text('code'),
    /** MUNICIPALITY_TYPES. */
    type: text('type'),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [unique('municipalities_county_name').on(t.countyId, t.name), index('municipalities_county_idx').on(t.countyId)],
);

/** Beach statuses are data: colour and legend order drive the map; marker_symbol keeps colour from being the only signal. */
export const beachStatuses = pgTable('beach_statuses', {
  beachStatusId: serial('beach_status_id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  color: text('color').notNull(),
  markerSymbol: text('marker_symbol').notNull(),
  markerShape: text('marker_shape').notNull(),
  legendOrder: integer('legend_order').notNull(),
  description: text('description').notNull().default(''),
});

export const remarkCodes = pgTable('remark_codes', {
  remarkCodeId: serial('remark_code_id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  /** No numeric value accompanies the result (not sampled, lab failure). Such results never fire a rule. */
  isNoValue: boolean('is_no_value').notNull().default(false),
  /** Value is a reporting limit: the true value is below it (K, "<"). */
  isCensoredLow: boolean('is_censored_low').notNull().default(false),
  /** Value is a limit: the true value is above it (L, ">", TNTC). */
  isCensoredHigh: boolean('is_censored_high').notNull().default(false),
});

export const resultUnits = pgTable('result_units', {
  resultUnitId: serial('result_unit_id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  wqxCode: text('wqx_code').notNull(),
});

export const parameters = pgTable('parameters', {
  parameterId: serial('parameter_id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  wqxCharacteristicName: text('wqx_characteristic_name').notNull(),
});

export const organizationGroups = pgTable('organization_groups', {
  organizationGroupId: serial('organization_group_id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const organizationCategories = pgTable('organization_categories', {
  organizationCategoryId: serial('organization_category_id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const incidentTypes = pgTable('incident_types', {
  incidentTypeId: serial('incident_type_id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
});

/** EPA BEACON advisory/closure reason codes. */
export const beaconReasons = pgTable('beacon_reasons', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
});

/** EPA BEACON pollution source codes. */
export const beaconSources = pgTable('beacon_sources', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
});
