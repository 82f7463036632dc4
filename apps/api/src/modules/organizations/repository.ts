import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { OrganizationProgramRules, OrganizationRef, OrganizationSave } from '@beach/domain';
import type { DbOrTx } from '../../db/client';
import {
  counties,
  localHealthAuthorities,
  organizationCategories,
  organizationGroups,
  organizationPrograms,
  organizations,
  programs,
  users,
} from '../../db/schema';

const rulesColumns = {
  beach_access_level: organizationPrograms.beachAccessLevel,
  has_secondary_verification: organizationPrograms.hasSecondaryVerification,
  data_interaction_level: organizationPrograms.dataInteractionLevel,
  category_manage_users: organizationPrograms.categoryManageUsers,
  category_results: organizationPrograms.categoryResults,
  category_beaches: organizationPrograms.categoryBeaches,
  category_incidents: organizationPrograms.categoryIncidents,
  category_surveys: organizationPrograms.categorySurveys,
  category_logs: organizationPrograms.categoryLogs,
};

const organizationColumns = {
  organization_id: organizations.organizationId,
  name: organizations.name,
  abbv: organizations.abbv,
  desc: organizations.desc,
  email: organizations.email,
  phone: organizations.phone,
  organization_group_id: organizations.organizationGroupId,
  organization_category_id: organizations.organizationCategoryId,
  local_health_authority_id: organizations.localHealthAuthorityId,
  county_id: organizations.countyId,
  is_admin_organization: organizations.isAdminOrganization,
};

export interface OrganizationProgramWithRules {
  program_id: number;
  name: string;
  abbv: string;
  color: string;
  rules: OrganizationProgramRules;
}

export interface OrganizationRecord {
  organization_id: number;
  name: string;
  abbv: string;
  desc: string | null;
  email: string | null;
  phone: string | null;
  organization_group_id: number | null;
  organization_category_id: number | null;
  local_health_authority_id: number | null;
  county_id: number | null;
  is_admin_organization: boolean;
}

export interface OrganizationDetail extends OrganizationRecord {
  organization_group: { organization_group_id: number; name: string } | null;
  organization_category: { organization_category_id: number; name: string } | null;
  local_health_authority: { local_health_authority_id: number; name: string } | null;
  county: { county_id: number; name: string } | null;
  programs: OrganizationProgramWithRules[];
  user_count: number;
}

export interface OrganizationListItem extends OrganizationRecord {
  programs: { program_id: number; name: string; abbv: string; color: string }[];
  user_count: number;
}

async function programsWithRules(db: DbOrTx, organizationIds: number[]) {
  if (organizationIds.length === 0) return new Map<number, OrganizationProgramWithRules[]>();
  const rows = await db
    .select({
      organization_id: organizationPrograms.organizationId,
      program_id: programs.programId,
      name: programs.name,
      abbv: programs.abbv,
      color: programs.color,
      rules: rulesColumns,
    })
    .from(organizationPrograms)
    .innerJoin(programs, eq(programs.programId, organizationPrograms.programId))
    .where(inArray(organizationPrograms.organizationId, organizationIds))
    .orderBy(asc(programs.name));
  const byOrganization = new Map<number, OrganizationProgramWithRules[]>();
  for (const { organization_id, ...program } of rows) {
    const list = byOrganization.get(organization_id) ?? [];
    list.push(program);
    byOrganization.set(organization_id, list);
  }
  return byOrganization;
}

async function userCounts(db: DbOrTx, organizationIds: number[]) {
  if (organizationIds.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ organization_id: users.organizationId, n: count() })
    .from(users)
    .where(inArray(users.organizationId, organizationIds))
    .groupBy(users.organizationId);
  return new Map(rows.map((r) => [r.organization_id, Number(r.n)]));
}

/** Organizations by name; `onlyIds` limits the list (a manager of one organization sees that one). */
export async function listOrganizations(db: DbOrTx, onlyIds: number[] | null): Promise<OrganizationListItem[]> {
  if (onlyIds && onlyIds.length === 0) return [];
  const rows = await db
    .select(organizationColumns)
    .from(organizations)
    .where(onlyIds ? inArray(organizations.organizationId, onlyIds) : undefined)
    .orderBy(asc(organizations.name));
  const ids = rows.map((r) => r.organization_id);
  const [programsByOrg, counts] = await Promise.all([programsWithRules(db, ids), userCounts(db, ids)]);
  return rows.map((r) => ({
    ...r,
    programs: (programsByOrg.get(r.organization_id) ?? []).map(({ program_id, name, abbv, color }) => ({ program_id, name, abbv, color })),
    user_count: counts.get(r.organization_id) ?? 0,
  }));
}

/** The organization row alone, locked for the rest of the transaction when `forUpdate`. */
export async function findOrganizationRecord(db: DbOrTx, organizationId: number, forUpdate = false): Promise<OrganizationRecord | null> {
  const query = db.select(organizationColumns).from(organizations).where(eq(organizations.organizationId, organizationId));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/** One organization with its programs and their rules, LHA, county, group and category. */
export async function findOrganizationDetail(db: DbOrTx, organizationId: number): Promise<OrganizationDetail | null> {
  const [row] = await db
    .select({
      ...organizationColumns,
      group_name: organizationGroups.name,
      category_name: organizationCategories.name,
      lha_name: localHealthAuthorities.name,
      county_name: counties.name,
    })
    .from(organizations)
    .leftJoin(organizationGroups, eq(organizationGroups.organizationGroupId, organizations.organizationGroupId))
    .leftJoin(organizationCategories, eq(organizationCategories.organizationCategoryId, organizations.organizationCategoryId))
    .leftJoin(localHealthAuthorities, eq(localHealthAuthorities.localHealthAuthorityId, organizations.localHealthAuthorityId))
    .leftJoin(counties, eq(counties.countyId, organizations.countyId))
    .where(eq(organizations.organizationId, organizationId));
  if (!row) return null;
  const [programsByOrg, counts] = await Promise.all([programsWithRules(db, [organizationId]), userCounts(db, [organizationId])]);
  const { group_name, category_name, lha_name, county_name, ...record } = row;
  return {
    ...record,
    organization_group:
      record.organization_group_id !== null && group_name !== null
        ? { organization_group_id: record.organization_group_id, name: group_name }
        : null,
    organization_category:
      record.organization_category_id !== null && category_name !== null
        ? { organization_category_id: record.organization_category_id, name: category_name }
        : null,
    local_health_authority:
      record.local_health_authority_id !== null && lha_name !== null
        ? { local_health_authority_id: record.local_health_authority_id, name: lha_name }
        : null,
    county: record.county_id !== null && county_name !== null ? { county_id: record.county_id, name: county_name } : null,
    programs: programsByOrg.get(organizationId) ?? [],
    user_count: counts.get(organizationId) ?? 0,
  };
}

/** The organization as the permission model reads it (flag and programs with rules). */
export async function findOrganizationRef(db: DbOrTx, organizationId: number): Promise<OrganizationRef | null> {
  const record = await findOrganizationRecord(db, organizationId);
  if (!record) return null;
  const programsByOrg = await programsWithRules(db, [organizationId]);
  return {
    organization_id: record.organization_id,
    name: record.name,
    abbv: record.abbv,
    is_admin_organization: record.is_admin_organization,
    programs: programsByOrg.get(organizationId) ?? [],
  };
}

/** Several organizations as the permission model reads them, by name. */
export async function listOrganizationRefs(db: DbOrTx, onlyIds: number[] | null): Promise<OrganizationRef[]> {
  if (onlyIds && onlyIds.length === 0) return [];
  const rows = await db
    .select({
      organization_id: organizations.organizationId,
      name: organizations.name,
      abbv: organizations.abbv,
      is_admin_organization: organizations.isAdminOrganization,
    })
    .from(organizations)
    .where(onlyIds ? inArray(organizations.organizationId, onlyIds) : undefined)
    .orderBy(asc(organizations.name));
  const programsByOrg = await programsWithRules(
    db,
    rows.map((r) => r.organization_id),
  );
  return rows.map((r) => ({ ...r, programs: programsByOrg.get(r.organization_id) ?? [] }));
}

/** Another organization already uses this name or abbreviation (case-insensitive). */
export async function findNameClash(
  db: DbOrTx,
  name: string,
  abbv: string,
  exceptId: number | null,
): Promise<'name' | 'abbv' | null> {
  const rows = await db
    .select({ name: organizations.name, abbv: organizations.abbv })
    .from(organizations)
    .where(
      and(
        sql`(lower(${organizations.name}) = lower(${name}) or lower(${organizations.abbv}) = lower(${abbv}))`,
        exceptId === null ? undefined : ne(organizations.organizationId, exceptId),
      ),
    );
  if (rows.some((r) => r.name.toLowerCase() === name.toLowerCase())) return 'name';
  if (rows.length > 0) return 'abbv';
  return null;
}

type OrganizationFields = Omit<OrganizationSave, 'programs'>;

function toColumns(input: OrganizationFields) {
  return {
    name: input.name,
    abbv: input.abbv,
    desc: input.desc,
    email: input.email,
    phone: input.phone,
    organizationGroupId: input.organization_group_id,
    organizationCategoryId: input.organization_category_id,
    localHealthAuthorityId: input.local_health_authority_id,
    countyId: input.county_id,
    isAdminOrganization: input.is_admin_organization,
  };
}

export async function insertOrganization(db: DbOrTx, input: OrganizationFields): Promise<number> {
  const [row] = await db.insert(organizations).values(toColumns(input)).returning({ id: organizations.organizationId });
  return row!.id;
}

export async function updateOrganization(db: DbOrTx, organizationId: number, input: OrganizationFields): Promise<void> {
  await db.update(organizations).set(toColumns(input)).where(eq(organizations.organizationId, organizationId));
}

/** The organization's programs become exactly `list` (rules included). */
export async function replaceOrganizationPrograms(
  db: DbOrTx,
  organizationId: number,
  list: { program_id: number; rules: OrganizationProgramRules }[],
): Promise<void> {
  await db.delete(organizationPrograms).where(eq(organizationPrograms.organizationId, organizationId));
  if (list.length === 0) return;
  await db.insert(organizationPrograms).values(
    list.map(({ program_id, rules }) => ({
      organizationId,
      programId: program_id,
      beachAccessLevel: rules.beach_access_level,
      hasSecondaryVerification: rules.has_secondary_verification,
      dataInteractionLevel: rules.data_interaction_level,
      categoryManageUsers: rules.category_manage_users,
      categoryResults: rules.category_results,
      categoryBeaches: rules.category_beaches,
      categoryIncidents: rules.category_incidents,
      categorySurveys: rules.category_surveys,
      categoryLogs: rules.category_logs,
    })),
  );
}

/** What the organization form chooses from. */
export async function organizationFilterLists(db: DbOrTx) {
  const [groups, categories, lhas, countyList, programList] = await Promise.all([
    db
      .select({ organization_group_id: organizationGroups.organizationGroupId, name: organizationGroups.name })
      .from(organizationGroups)
      .orderBy(asc(organizationGroups.name)),
    db
      .select({ organization_category_id: organizationCategories.organizationCategoryId, name: organizationCategories.name })
      .from(organizationCategories)
      .orderBy(asc(organizationCategories.name)),
    db
      .select({
        local_health_authority_id: localHealthAuthorities.localHealthAuthorityId,
        name: localHealthAuthorities.name,
        county_id: localHealthAuthorities.countyId,
      })
      .from(localHealthAuthorities)
      .orderBy(asc(localHealthAuthorities.name)),
    db.select({ county_id: counties.countyId, name: counties.name }).from(counties).orderBy(asc(counties.name)),
    db
      .select({ program_id: programs.programId, name: programs.name, abbv: programs.abbv, color: programs.color })
      .from(programs)
      .orderBy(asc(programs.name)),
  ]);
  return { groups, categories, lhas, counties: countyList, programs: programList };
}

/** Which of the referenced ids do not exist, per reference. */
export async function missingReferences(
  db: DbOrTx,
  refs: { groupId: number | null; categoryId: number | null; lhaId: number | null; countyId: number | null; programIds: number[] },
) {
  const exists = async (table: 'group' | 'category' | 'lha' | 'county', id: number | null) => {
    if (id === null) return true;
    const query =
      table === 'group'
        ? db.select({ id: organizationGroups.organizationGroupId }).from(organizationGroups).where(eq(organizationGroups.organizationGroupId, id))
        : table === 'category'
          ? db
              .select({ id: organizationCategories.organizationCategoryId })
              .from(organizationCategories)
              .where(eq(organizationCategories.organizationCategoryId, id))
          : table === 'lha'
            ? db
                .select({ id: localHealthAuthorities.localHealthAuthorityId })
                .from(localHealthAuthorities)
                .where(eq(localHealthAuthorities.localHealthAuthorityId, id))
            : db.select({ id: counties.countyId }).from(counties).where(eq(counties.countyId, id));
    return (await query).length > 0;
  };
  const [group, category, lha, county, found] = await Promise.all([
    exists('group', refs.groupId),
    exists('category', refs.categoryId),
    exists('lha', refs.lhaId),
    exists('county', refs.countyId),
    refs.programIds.length
      ? db.select({ id: programs.programId }).from(programs).where(inArray(programs.programId, refs.programIds))
      : Promise.resolve([]),
  ]);
  const foundIds = new Set(found.map((r) => r.id));
  return { group: !group, category: !category, lha: !lha, county: !county, programIds: refs.programIds.filter((id) => !foundIds.has(id)) };
}
