import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
  emailSchema,
  isAdminOrganization,
  ORGANIZATION_RULE_MAX,
  organizationSaveSchema,
  PERMISSION_AREAS,
  programSaveSchema,
  requiredText,
  type OrganizationRef,
} from '@beach/domain';
import type { Db, DbOrTx } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import { invalidFields, type FieldIssue, type HttpError } from '../../lib/http';
import { hashPassword } from '../../lib/passwords';
import { newOneTimeToken } from '../../lib/tokens';
import { createResetToken } from '../auth/repository';
import * as organizationsRepo from '../organizations/repository';
import { assertValid as assertValidOrganization, snapshot as organizationSnapshot } from '../organizations/service';
import * as programsRepo from '../programs/repository';
import { assertValid as assertValidProgram } from '../programs/service';
import * as repo from './repository';
import { assertEmailFree, auditPicture, emailConflict, WELCOME_LINK_MS } from './service';

/**
 * The first agency administrator of a database that has none (decision 0042): `npm run admin -- create`.
 * There is no caller (the operator runs it on the server), so it is audited with no acting user.
 *
 * An organization administers only while it is flagged AND takes part in at least one program (SPEC 6,
 * isAdminOrganization), so an administrator of an organization without programs could open no management
 * screen at all, not even Program Management to create the first program. This therefore makes sure the
 * administrator's organization takes part in at least one program: a new (or programless) admin
 * organization takes part in every existing program with every rule at its highest, as the demo agency's
 * does, and on a database without programs the first program is created here (`program`).
 */

/** Default name of the admin organization when the database has none and none is named. */
export const DEFAULT_ADMIN_ORGANIZATION = { name: 'Agency Administration', abbv: 'ADMIN' } as const;
/** The first program's colour when it is created here; changed in Program Management. */
export const FIRST_PROGRAM_COLOR = '#005ea2';

export interface FirstAdministratorInput {
  email: string;
  /** "First Last": the last word is the last name. */
  name: string;
  organization?: { name: string; abbv?: string };
  /** The first program: required when the database has none, refused when it has some. */
  program?: { name: string; abbv: string };
}

export interface FirstAdministratorResult {
  userId: number;
  email: string;
  firstName: string;
  lastName: string;
  organization: { organizationId: number; name: string; abbv: string; created: boolean };
  /** The programs the administrator holds ADMIN in (every area). */
  programs: { programId: number; name: string; abbv: string; created: boolean }[];
  /** The one-time set-your-password token (/reset-password/<token>); only its hash is stored. */
  resetToken: string;
  resetExpiresAt: Date;
}

const fullNameSchema = requiredText('Name', 201).transform((name, ctx) => {
  const words = name.split(/\s+/);
  if (words.length < 2) {
    ctx.addIssue({ code: 'custom', message: 'Give the full name: first and last name, e.g. --name "Alex Morgan"' });
    return z.NEVER;
  }
  return { first: words.slice(0, -1).join(' '), last: words.at(-1)! };
});

/** Input problems as the api reports them: 400 with the fields (nothing is written). */
function parsed<T>(schema: z.ZodType<T>, value: unknown, field: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw invalidFields(result.error.issues.map((i) => ({ field: [field, ...i.path.map(String)].join('.'), message: i.message })));
}

/** Every rule at its highest: what the demo agency's administering organization holds (DESIGN 4). */
const FULL_RULES = { ...ORGANIZATION_RULE_MAX };

async function auditCreate(tx: DbOrTx, tableName: string, recordId: number, after: unknown, programId?: number) {
  await writeAudit(tx, { userId: null, action: 'CREATE', tableName, recordId, programId, after });
}

/** The admin organization the administrator joins: the one named, the only one there is, or a new one. */
async function adminOrganization(
  tx: DbOrTx,
  wanted: FirstAdministratorInput['organization'],
): Promise<{ existing: OrganizationRef | null; name: string; abbv: string }> {
  const all = await organizationsRepo.listOrganizationRefs(tx, null);
  if (!wanted) {
    const admins = all.filter((o) => o.is_admin_organization);
    if (admins.length === 0) return { existing: null, ...DEFAULT_ADMIN_ORGANIZATION };
    if (admins.length > 1) {
      throw invalidFields([
        {
          field: 'organization',
          message: `There are ${admins.length} admin organizations (${admins.map((o) => o.abbv).join(', ')}): name one with --organization.`,
        },
      ]);
    }
    return { existing: admins[0]!, name: admins[0]!.name, abbv: admins[0]!.abbv };
  }
  const key = wanted.name.toLowerCase();
  const found = all.find((o) => o.name.toLowerCase() === key || o.abbv.toLowerCase() === key);
  if (found) {
    if (!found.is_admin_organization) {
      throw invalidFields([
        {
          field: 'organization',
          message:
            `${found.name} (${found.abbv}) exists but is not an admin organization; this command does not make an existing ` +
            'organization an administering one. Name an admin organization or a new one.',
        },
      ]);
    }
    return { existing: found, name: found.name, abbv: found.abbv };
  }
  if (!wanted.abbv) {
    throw invalidFields([{ field: 'abbv', message: `There is no organization ${wanted.name}: give --abbv to create it.` }]);
  }
  return { existing: null, name: wanted.name, abbv: wanted.abbv };
}

/**
 * Creates, in one transaction, what a database without an administrator lacks: the admin organization (when
 * missing, or given its first programs when it has none), the first program (on a database without any),
 * and the user, with ADMIN in every area of the organization's programs, a random password nobody knows, a
 * forced password change and a one-time set-your-password token valid as long as a new user's welcome link
 * (users service WELCOME_LINK_MS). Refuses (HttpError, nothing written) a bad or taken e-mail address.
 */
export async function createFirstAdministrator(db: Db, input: FirstAdministratorInput): Promise<FirstAdministratorResult> {
  const email = parsed(emailSchema, input.email, 'email');
  const name = parsed(fullNameSchema, input.name, 'name');
  const programInput = input.program
    ? parsed(programSaveSchema, { name: input.program.name, abbv: input.program.abbv, color: FIRST_PROGRAM_COLOR }, 'program')
    : null;
  // Nobody knows this password: the administrator chooses one through the link (argon2 first: slow).
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  const { token, hash } = newOneTimeToken();
  const resetExpiresAt = new Date(Date.now() + WELCOME_LINK_MS);

  return db
    .transaction(async (tx) => {
      await assertEmailFree(tx, email, null);
      const target = await adminOrganization(tx, input.organization);

      const programs: FirstAdministratorResult['programs'] = [];
      const needsPrograms = !target.existing || !isAdminOrganization(target.existing);
      const existingPrograms = await programsRepo.listPrograms(tx, null);
      if (programInput) {
        if (existingPrograms.length > 0) {
          throw invalidFields([
            {
              field: 'program',
              message: `The database already has programs (${existingPrograms.map((p) => p.abbv).join(', ')}): create more in Program Management.`,
            },
          ]);
        }
        await assertValidProgram(tx, programInput, null);
        const { logic_rules: _none, ...fields } = programInput;
        const programId = await programsRepo.insertProgram(tx, fields);
        await auditCreate(tx, 'programs', programId, await programsRepo.findProgramDetail(tx, programId), programId);
        programs.push({ programId, name: fields.name, abbv: fields.abbv, created: true });
      } else if (needsPrograms && existingPrograms.length === 0) {
        throw invalidFields([
          {
            field: 'program',
            message:
              'The database has no program yet, and an organization administers only while it takes part in at least one ' +
              '(SPEC 6): name the first program with --program "<name>" --program-abbv <ABBV> (more are created in Program Management).',
          },
        ]);
      }
      if (needsPrograms) {
        for (const p of existingPrograms) programs.push({ programId: p.program_id, name: p.name, abbv: p.abbv, created: false });
      } else {
        for (const p of target.existing!.programs) programs.push({ programId: p.program_id, name: p.name, abbv: p.abbv, created: false });
      }

      let organizationId: number;
      const orgPrograms = programs.map((p) => ({ program_id: p.programId, rules: FULL_RULES }));
      if (!target.existing) {
        // The organization form's own rules (blank, lengths), then its checks (name and abbreviation free).
        const save = parsed(
          organizationSaveSchema,
          { name: target.name, abbv: target.abbv, is_admin_organization: true, programs: orgPrograms },
          'organization',
        );
        await assertValidOrganization(tx, save, null);
        const { programs: list, ...fields } = save;
        organizationId = await organizationsRepo.insertOrganization(tx, fields);
        await organizationsRepo.replaceOrganizationPrograms(tx, organizationId, list);
        await auditCreate(tx, 'organizations', organizationId, await organizationSnapshot(tx, organizationId));
      } else {
        organizationId = target.existing.organization_id;
        if (needsPrograms) {
          // Flagged but without programs: it administered nothing. It takes part in every program now.
          const before = await organizationSnapshot(tx, organizationId);
          await organizationsRepo.replaceOrganizationPrograms(tx, organizationId, orgPrograms);
          await writeAudit(tx, {
            userId: null,
            action: 'UPDATE',
            tableName: 'organizations',
            recordId: organizationId,
            before,
            after: await organizationSnapshot(tx, organizationId),
          });
        }
      }

      const userId = await repo.insertUser(tx, {
        first_name: name.first,
        last_name: name.last,
        email,
        primary_email: email,
        organization_id: organizationId,
        passwordHash,
        forcePasswordReset: true,
      });
      await repo.replaceUserPermissions(
        tx,
        userId,
        programs.flatMap((p) => PERMISSION_AREAS.map((code) => ({ program_id: p.programId, code, level: 'ADMIN' as const }))),
      );
      await createResetToken(tx, userId, hash, resetExpiresAt);
      await auditCreate(tx, 'users', userId, auditPicture(await repo.findUserRecord(tx, userId)));
      return {
        userId,
        email,
        firstName: name.first,
        lastName: name.last,
        organization: { organizationId, name: target.name, abbv: target.abbv, created: !target.existing },
        programs,
        resetToken: token,
        resetExpiresAt,
      };
    })
    .catch(emailConflict);
}

/** A refusal's text for a terminal: the message and every field problem. */
export function describeRefusal(err: HttpError): string {
  const issues = Array.isArray(err.payload) ? (err.payload as FieldIssue[]) : [];
  if (issues.length === 0) return err.message;
  return issues.map((i) => `${i.field}: ${i.message}`).join('\n');
}

export interface AdministratorListItem {
  email: string;
  name: string;
  organization: string;
  active: boolean;
  mustChangePassword: boolean;
}

/** The users of the admin organizations (`npm run admin -- list`). */
export async function listAdministrators(db: DbOrTx): Promise<AdministratorListItem[]> {
  const admins = (await organizationsRepo.listOrganizationRefs(db, null)).filter((o) => o.is_admin_organization);
  if (admins.length === 0) return [];
  const { list } = await repo.listUsers(db, { organizationIds: admins.map((o) => o.organization_id), page: 1, pageSize: 10_000 });
  return list.map((u) => ({
    email: u.email,
    name: `${u.first_name} ${u.last_name}`,
    organization: u.organization.abbv,
    active: u.active,
    mustChangePassword: u.force_password_reset,
  }));
}
