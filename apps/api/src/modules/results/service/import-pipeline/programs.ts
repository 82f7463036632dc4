import { programNameKey, type CsvRowError, type ImportMapping, type MappingField } from '@beach/domain';
import type { DbOrTx } from '../../../../db/client';
import * as ref from '../../repository/reference';
import { byNameOrCode, type ImportRow } from '../csv-rows';
import { ImportError, type MappingWords } from './types';

/**
 * The stage after reading: each row to its program. A row with no program, or naming --program's own (by
 * its name or abbreviation), goes there; one whose program the mapping's program map reads as another
 * program's abbreviation goes to that one; any other is refused, with how to map it.
 */

/** The programs the mapping's program map names, by their key (programNameKey); an unknown one refuses the file. */
export async function programTargets(db: DbOrTx, mapping: ImportMapping, words: MappingWords): Promise<Map<string, ref.ProgramRecord>> {
  const targets = new Map<string, ref.ProgramRecord>();
  for (const { from, to } of mapping.maps.programs.entries) {
    const target = await ref.findProgramByAbbv(db, to);
    if (!target) throw new ImportError(words.programTarget(from, to));
    targets.set(programNameKey(to), target);
  }
  return targets;
}

/** The remark map's targets must be stored remark codes (or '' for none): an unknown one refuses the file. */
export function checkRemarkTargets(mapping: ImportMapping, remarks: readonly ref.RemarkRecord[], words: MappingWords): void {
  for (const { from, to } of mapping.maps.remarks.entries) {
    if (to && !byNameOrCode(remarks, to)) throw new ImportError(words.remarkTarget(from, to, remarks.map((r) => r.code)));
  }
}

export interface ProgramRows {
  program: ref.ProgramRecord;
  rows: ImportRow[];
}

/** Rows by program (in the order programs first appear), and the refusals of rows of no program the import knows. */
export function routePrograms(
  rows: readonly ImportRow[],
  main: ref.ProgramRecord,
  targets: ReadonlyMap<string, ref.ProgramRecord>,
  labels: Record<MappingField, string>,
  words: MappingWords,
): { groups: ProgramRows[]; refused: CsvRowError[] } {
  const refused: CsvRowError[] = [];
  const groups = new Map<number, ProgramRows>();
  const mainKeys = new Set(['', programNameKey(main.name), programNameKey(main.abbv)]);
  for (const row of rows) {
    const key = programNameKey(row.names.program);
    const target = targets.get(key) ?? (mainKeys.has(key) ? main : undefined);
    if (!target) {
      const name = row.names.programText;
      const message = `${labels.program} '${name}' is not ${main.abbv} (${main.name})`;
      refused.push({ line: row.line, column: labels.program, message, reason: `${message}: ${words.unknownProgram(name)}` });
      continue;
    }
    const group = groups.get(target.program_id) ?? { program: target, rows: [] };
    group.rows.push(row);
    groups.set(target.program_id, group);
  }
  return { groups: [...groups.values()], refused };
}
