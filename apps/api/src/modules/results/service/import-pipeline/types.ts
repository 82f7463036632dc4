import type { CsvRowError, ImportMapping, ImportMappingRef } from '@beach/domain';
import type { DbOrTx } from '../../../../db/client';

/**
 * The results import as a pipeline of stages (issue 29, decision 0063): read the file through a mapping
 * (read.ts), route each row to its program (programs.ts), resolve and plan its stations and places
 * (stations.ts), check it against what is stored and write it in one transaction (write.ts), replay the
 * rules (rules.ts); run.ts runs them. The legacy layout is one built-in mapping (LEGACY_MAPPING), so the
 * command line and the portal share this one service. These are the types the stages share.
 */

export interface ImportProgress {
  phase: 'reading' | 'checking' | 'writing' | 'rules';
  done: number;
  total: number;
}

/** A file that cannot be imported at all (a bad header, an unknown program, a wrong mapping): nothing is written. */
export class ImportError extends Error {}

/** How the import's messages tell the person to fix what a mapping lacks: the command line's flags, or the mapping's maps. */
export interface MappingWords {
  unknownProgram(name: string): string;
  unknownRemark(text: string): string;
  remarkTarget(from: string, to: string, known: readonly string[]): string;
  programTarget(from: string, to: string): string;
}

export const LEGACY_WORDS: MappingWords = {
  unknownProgram: (name) => `to import its rows, map it with --map-program '${name}=ABBV'`,
  unknownRemark: (text) => `map it with --map-remark '${text}=CODE' (or '${text}=' for no remark)`,
  remarkTarget: (from, to, known) => `--map-remark '${from}=${to}': there is no remark code '${to}' (known: ${known.join(', ')})`,
  programTarget: (from, to) => `--map-program '${from}=${to}': no program with abbreviation '${to}'`,
};

export const MAPPING_WORDS: MappingWords = {
  unknownProgram: (name) => `to import its rows, add '${name}' to the mapping's program map`,
  unknownRemark: (text) => `add '${text}' to the mapping's remark map`,
  remarkTarget: (from, to, known) => `The mapping's remark map reads '${from}' as '${to}': there is no remark code '${to}' (known: ${known.join(', ')})`,
  programTarget: (from, to) => `The mapping's program map reads '${from}' as '${to}': no program with abbreviation '${to}'`,
};

export interface ImportOptions {
  programAbbv: string;
  /** Organization the results are entered under; default each program's admin organization. */
  organizationAbbv?: string;
  verified: boolean;
  replayRules: boolean;
  /** How the file reads (LEGACY_MAPPING, or legacyMappingWith the command line's pairs, or a saved or inline mapping). */
  mapping: ImportMapping;
  /** The saved mapping's id (`legacy` for the built-in one), null for one not saved; for the report and the job. */
  mappingId: ImportMappingRef | null;
  /** How messages tell what to add to the mapping (default: the mapping's maps; the legacy layout: the command line's flags). */
  words?: MappingWords;
  /** Check and count everything, keep nothing. */
  dryRun?: boolean;
  fileName: string;
  /** The file's text, whole or in chunks. */
  text: string | Iterable<string>;
  timeZone: string;
  now?: Date;
  /** Called as the import goes (at most a few times a second's worth of work apart). */
  onProgress?: (progress: ImportProgress) => void;
  /**
   * Called between pieces of the work with what holds the database at that moment: the database while the
   * file is read, the import's transaction from then on. The portal's job runner serves its progress reads
   * there on the embedded database, whose one connection the transaction holds (decision 0021).
   */
  pause?: (db: DbOrTx) => Promise<void>;
  /** Who runs it (the portal's user), for the audit log; null for the command line. */
  userId?: number | null;
  /**
   * Create a municipality a new beach's row names that its county lacks (the CLI's --create-places),
   * audited, in the import's transaction; the report lists them. Without it such rows are refused and the
   * report groups the unknown places (issue 25). Counties are never created here.
   */
  createPlaces?: boolean;
}

export interface UnknownPlaces {
  county_id: number;
  county: string;
  municipalities: string[];
}

/** Stations the import created (or would), by beach: at an existing beach (beachId), or a new one in its place. */
export interface NewStationsOfBeach {
  beachName: string;
  beachId: number | null;
  county: string | null;
  municipality: string | null;
  stations: string[];
}

export interface ImportReport {
  file: string;
  dryRun: boolean;
  /** The mapping the file was read with. */
  mapping: { id: ImportMappingRef | null; name: string };
  /** The program of --program and the organization its rows are entered under. */
  program: string;
  organization: string;
  programs: { abbv: string; name: string; organization: string; rows: number; inserted: number }[];
  rows: number;
  inserted: number;
  duplicates: number;
  /** Rows refused. */
  rejectedRows: number;
  /** Every problem of the refused rows, by line (a row may have several). */
  rejected: CsvRowError[];
  /** Rows imported with a remark (a bracket created without its primary, a station placed without coordinates). */
  warnings: CsvRowError[];
  created: { beaches: number; stations: number; inactiveStations: number; unlinkedBrackets: number };
  newStations: NewStationsOfBeach[];
  /** Municipalities new beaches need that their county lacks, by county (refused rows, without createPlaces). */
  unknownPlaces: UnknownPlaces[];
  /** Municipalities created with createPlaces. */
  createdPlaces: { county: string; municipality: string }[];
  statusChanges: number;
  ms: number;
}
