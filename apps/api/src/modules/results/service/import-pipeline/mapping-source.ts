import { readFileSync } from 'node:fs';
import { importMappingSchema, type ImportMapping, type ImportMappingRef } from '@beach/domain';
import type { DbOrTx } from '../../../../db/client';
import { findMappingByName } from '../../../import-mappings/service';
import * as ref from '../../repository/reference';
import { ImportError } from './types';

/**
 * Where the command line's mapping comes from: `--mapping NAME`, a saved mapping of the organization
 * (--organization, else the program's admin organization) found by its name, case blind; or
 * `--mapping-file mapping.json`, a mapping kept in version control, checked with the same schema as a saved one.
 */

export async function savedMappingByName(
  db: DbOrTx,
  options: { name: string; programAbbv: string; organizationAbbv?: string },
): Promise<{ id: ImportMappingRef; mapping: ImportMapping }> {
  let organization: ref.OrganizationRecord | null;
  if (options.organizationAbbv) {
    organization = await ref.findOrganizationByAbbv(db, options.organizationAbbv);
    if (!organization) throw new ImportError(`No organization with abbreviation '${options.organizationAbbv}'`);
  } else {
    const program = await ref.findProgramByAbbv(db, options.programAbbv);
    if (!program) throw new ImportError(`No program with abbreviation '${options.programAbbv}'`);
    organization = await ref.findAdminOrganizationOfProgram(db, program.program_id);
    if (!organization) throw new ImportError(`Program ${program.abbv} has no admin organization: name one with --organization`);
  }
  const saved = await findMappingByName(db, organization.organization_id, options.name);
  if (!saved) throw new ImportError(`${organization.abbv} has no saved mapping named '${options.name}' (save one in the portal's import screen, or use --mapping-file)`);
  return { id: saved.id, mapping: saved.mapping };
}

/** A mapping from a JSON file; ImportError naming the file and each refused field's path. */
export function mappingFromFile(file: string): ImportMapping {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new ImportError(`${file}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : `not JSON (${(err as Error).message})`}`);
  }
  const parsed = importMappingSchema.safeParse(json);
  if (!parsed.success) {
    throw new ImportError(`${file} is not a mapping:\n${parsed.error.issues.map((i) => `  ${i.path.join('.') || '(the file)'}: ${i.message}`).join('\n')}`);
  }
  return parsed.data;
}
