import { accessiblePrograms, isAdminOrganization, isProgramAccessible, type ProgramSave, type UserProfile } from '@beach/domain';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import { isUniqueViolation } from '../../lib/db-errors';
import { conflict, forbidden, invalidFields, notFound, type FieldIssue } from '../../lib/http';
import { publicReadCache } from '../../lib/public-cache';
import * as repo from './repository';

/** Organization admins see every program; everyone else the programs accessible to them (SPEC 6). */
export async function listPrograms(deps: AppDeps, caller: UserProfile) {
  const onlyIds = isAdminOrganization(caller.organization) ? null : accessiblePrograms(caller).map((p) => p.program_id);
  return repo.listPrograms(deps.database.db, onlyIds);
}

/** A program and its rules: for organization admins, and for users to whom the program is accessible. */
export async function getProgram(deps: AppDeps, caller: UserProfile, programId: number) {
  if (!isAdminOrganization(caller.organization) && !isProgramAccessible(caller, programId)) {
    throw forbidden('You do not have access to this program.', 'PROGRAM_ACCESS_REQUIRED');
  }
  const detail = await repo.findProgramDetail(deps.database.db, programId);
  if (!detail) throw notFound('Program');
  return detail;
}

export async function programDashboard(deps: AppDeps, programId: number) {
  const program = await repo.findProgramRecord(deps.database.db, programId);
  if (!program) throw notFound('Program');
  return { program, ...(await repo.programDashboard(deps.database.db, programId)) };
}

export async function ruleFilters(deps: AppDeps) {
  return repo.ruleFilterLists(deps.database.db);
}

export async function assertValid(db: DbOrTx, input: ProgramSave, programId: number | null) {
  const rules = input.logic_rules;
  const present = await repo.existingReferenceIds(db, {
    statuses: rules.flatMap((r) => [r.previous_beach_status_id, r.set_to_beach_status_id]),
    remarks: rules.flatMap((r) => (r.remark_code_id === null ? [] : [r.remark_code_id])),
    units: rules.flatMap((r) => (r.result_unit_id === null ? [] : [r.result_unit_id])),
  });
  const ownRuleIds = new Set(programId === null ? [] : await repo.findRuleIds(db, programId));
  const issues: FieldIssue[] = [];
  rules.forEach((r, i) => {
    const at = (field: string) => `logic_rules.${i}.${field}`;
    if (r.program_beach_logic_id !== null && !ownRuleIds.has(r.program_beach_logic_id)) {
      issues.push({ field: at('program_beach_logic_id'), message: 'This rule does not belong to the program' });
    }
    if (!present.statuses.has(r.previous_beach_status_id)) issues.push({ field: at('previous_beach_status_id'), message: 'Unknown beach status' });
    if (!present.statuses.has(r.set_to_beach_status_id)) issues.push({ field: at('set_to_beach_status_id'), message: 'Unknown beach status' });
    if (r.remark_code_id !== null && !present.remarks.has(r.remark_code_id)) issues.push({ field: at('remark_code_id'), message: 'Unknown remark code' });
    if (r.result_unit_id !== null && !present.units.has(r.result_unit_id)) issues.push({ field: at('result_unit_id'), message: 'Unknown unit' });
  });
  if (issues.length) throw invalidFields(issues);
  const clash = await repo.findProgramNameClash(db, input.name, input.abbv, programId);
  if (clash === 'name') throw conflict('Another program already has this name.', 'PROGRAM_NAME_TAKEN');
  if (clash === 'abbv') throw conflict('Another program already has this abbreviation.', 'PROGRAM_ABBV_TAKEN');
}

const asConflict = (err: unknown): never => {
  if (isUniqueViolation(err)) throw conflict('Another program already has this name or abbreviation.', 'PROGRAM_NAME_TAKEN');
  throw err;
};

/** Creates a program with its rules in list order (positions 1, 2, ...); one transaction, one audit row. */
export async function createProgram(deps: AppDeps, callerId: number, input: ProgramSave): Promise<number> {
  return deps.database.db
    .transaction(async (tx) => {
      await assertValid(tx, input, null);
      const { logic_rules, ...fields } = input;
      const programId = await repo.insertProgram(tx, fields);
      for (const [index, rule] of logic_rules.entries()) await repo.insertRule(tx, programId, rule, index + 1);
      await writeAudit(tx, {
        userId: callerId,
        action: 'CREATE',
        tableName: 'programs',
        recordId: programId,
        programId,
        after: await repo.findProgramDetail(tx, programId),
      });
      return programId;
    })
    .catch(asConflict);
}

/**
 * Saves a program and replaces its rule list in one transaction: rules with an id are updated, rules
 * with a null id inserted, rules missing from the list deleted; positions are 1, 2, ... in array order.
 * censored_rule and geomean_counted_remarks left out of the save stay as stored.
 */
export async function updateProgram(deps: AppDeps, callerId: number, programId: number, input: ProgramSave): Promise<void> {
  await deps.database.db
    .transaction(async (tx) => {
      if (!(await repo.findProgramRecord(tx, programId, true))) throw notFound('Program');
      await assertValid(tx, input, programId);
      const before = await repo.findProgramDetail(tx, programId);
      const { logic_rules, ...fields } = input;
      await repo.updateProgram(tx, programId, fields);
      const kept = new Set(logic_rules.flatMap((r) => (r.program_beach_logic_id === null ? [] : [r.program_beach_logic_id])));
      await repo.deleteRules(tx, (await repo.findRuleIds(tx, programId)).filter((id) => !kept.has(id)));
      // Positions are unique per program: park the kept rules out of the way before renumbering.
      await repo.parkRulePositions(tx, programId);
      for (const [index, rule] of logic_rules.entries()) {
        if (rule.program_beach_logic_id === null) await repo.insertRule(tx, programId, rule, index + 1);
        else await repo.updateRule(tx, rule.program_beach_logic_id, rule, index + 1);
      }
      await writeAudit(tx, {
        userId: callerId,
        action: 'UPDATE',
        tableName: 'programs',
        recordId: programId,
        programId,
        before,
        after: await repo.findProgramDetail(tx, programId),
      });
    })
    .catch(asConflict);
  // The public beach pages show the program's name and colour and its geomeans, which follow its
  // censored-value rule and counted remarks: none of that may outlive the save in the public read cache.
  publicReadCache(deps).invalidate();
}
