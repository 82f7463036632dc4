import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userProfileSchema, type UserProfile } from '@beach/domain';
import { queryRows, type DbOrTx } from '../src/db/client';
import { findUserProfile } from '../src/modules/users/repository';
import { createTestContext, DATABASE_KIND, type TestContext } from './helpers';

/**
 * findUserProfile builds the profile as one JSON value in the database (decision 0077). The expected profile here is
 * put together from plain row queries, the way the repository read it before, for every user of the demo agency.
 */
async function profileFromRows(db: DbOrTx, userId: number): Promise<UserProfile | null> {
  const [user] = await queryRows<Omit<UserProfile, 'organization' | 'program_permissions'> & { org_name: string; org_abbv: string; org_admin: boolean }>(
    db,
    sql`select u.user_id, u.first_name, u.last_name, u.primary_email, u.email, u.organization_id, u.active, u.force_password_reset,
               o.name as org_name, o.abbv as org_abbv, o.is_admin_organization as org_admin
          from users u join organizations o on o.organization_id = u.organization_id where u.user_id = ${userId}`,
  );
  if (!user) return null;
  const programs = await queryRows<{ program_id: number; name: string; abbv: string; color: string } & Record<string, number>>(
    db,
    sql`select p.program_id, p.name, p.abbv, p.color, op.beach_access_level, op.has_secondary_verification, op.data_interaction_level,
               op.category_manage_users, op.category_results, op.category_beaches, op.category_incidents, op.category_surveys, op.category_logs
          from organization_programs op join programs p on p.program_id = op.program_id
         where op.organization_id = ${user.organization_id} order by p.name`,
  );
  const permissions = await queryRows<{ program_id: number; name: string; abbv: string; color: string; code: string; level: string }>(
    db,
    sql`select p.program_id, p.name, p.abbv, p.color, upp.permission_code as code, upp.access_level as level
          from user_program_permissions upp join programs p on p.program_id = upp.program_id
         where upp.user_id = ${userId} order by p.name, upp.permission_code`,
  );
  const { org_name, org_abbv, org_admin, ...person } = user;
  return userProfileSchema.parse({
    ...person,
    organization: {
      organization_id: user.organization_id,
      name: org_name,
      abbv: org_abbv,
      is_admin_organization: org_admin,
      programs: programs.map(({ program_id, name, abbv, color, ...rules }) => ({ program_id, name, abbv, color, rules })),
    },
    program_permissions: permissions.map((p) => ({
      program: { program_id: p.program_id, name: p.name, abbv: p.abbv, color: p.color },
      permission: { code: p.code },
      access_level: { code: p.level },
    })),
  });
}

describe(`the caller's profile in one query (${DATABASE_KIND})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  }, 240_000);
  afterAll(async () => {
    await ctx?.close();
  });

  it('is, for every demo user, the profile the row queries give, and passes the wire schema as it is', async () => {
    const users = await queryRows<{ user_id: number }>(ctx.database.db, sql`select user_id from users order by user_id`);
    expect(users.length).toBeGreaterThan(5);
    let withPermissions = 0;
    for (const { user_id } of users) {
      const profile = await findUserProfile(ctx.database.db, user_id);
      expect(profile).toEqual(await profileFromRows(ctx.database.db, user_id));
      expect(userProfileSchema.strict().parse(profile)).toEqual(profile);
      if (profile!.program_permissions.length > 1) withPermissions++;
    }
    expect(withPermissions, 'some users hold permissions in several programs').toBeGreaterThan(1);
  });

  it('gives empty lists for an organization without programs and a user without permissions, and null for no user', async () => {
    const [org] = await queryRows<{ organization_id: number }>(
      ctx.database.db,
      sql`insert into organizations (name, abbv) values ('Profile Test Agency', 'PTA') returning organization_id`,
    );
    const [user] = await queryRows<{ user_id: number }>(
      ctx.database.db,
      sql`insert into users (first_name, last_name, email, primary_email, organization_id, password_hash)
          values ('Pat', 'Empty', 'pat.empty@example.org', 'pat.empty@example.org', ${org!.organization_id}, 'x') returning user_id`,
    );
    const profile = await findUserProfile(ctx.database.db, user!.user_id);
    expect(profile).toMatchObject({ first_name: 'Pat', organization: { name: 'Profile Test Agency', programs: [] }, program_permissions: [] });
    expect(profile).toEqual(await profileFromRows(ctx.database.db, user!.user_id));
    expect(await findUserProfile(ctx.database.db, 2_147_483_647)).toBeNull();
  });
});
