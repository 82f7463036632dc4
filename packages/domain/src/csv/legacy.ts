/**
 * The vocabulary of agencies' own water-quality files (DESIGN 4 layout, as real downloads write it), read
 * by the legacy import: remark codes written `--`, station types `Archived` and `Historical`, county names
 * with the word County, municipality names with their form of government, bracket stations named after
 * their primary (`XX1020N1`, `South Bath N1`), and the command line's `NAME=VALUE` mappings. Pure.
 */

/** Remark_Code_Name text that means "no remark": empty, or the dashes older systems write. */
export function isNoRemarkText(text: string): boolean {
  return /^-*$/.test(text.trim());
}

/** The remark text as a code to look up: '' for no remark, else trimmed and upper-cased. */
export function remarkLookupText(text: string): string {
  return isNoRemarkText(text) ? '' : text.trim().toUpperCase();
}

/**
 * Station_Type_Name of the legacy files: Primary and Bracket, and Archived and Historical for stations no
 * longer sampled (their type then comes from the name: a bracket's name says so). Undefined when unknown.
 */
export function readLegacyStationType(text: string): { type: 'PRIMARY' | 'BRACKET' | null; archived: boolean } | undefined {
  switch (text.trim().toUpperCase()) {
    case '':
      return { type: null, archived: false };
    case 'PRIMARY':
      return { type: 'PRIMARY', archived: false };
    case 'BRACKET':
      return { type: 'BRACKET', archived: false };
    case 'ARCHIVED':
    case 'HISTORICAL':
      return { type: null, archived: true };
    default:
      return undefined;
  }
}

/** Lower case, one space between words, hyphens and dots as spaces: the spelling-blind form of a place name. */
export function placeKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/[.\u2019']/g, '')
    .replace(/[-\u2013,]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A county name without the word County (`Cape May County` and `County of Cape May` are `cape may`). */
export function countyKey(name: string): string {
  return placeKey(name)
    .replace(/^county of /, '')
    .replace(/ county$/, '')
    .trim();
}

/** Forms of government municipality names carry, in the words files use, by their one name. */
const FORMS: Record<string, string> = {
  borough: 'borough',
  boro: 'borough',
  city: 'city',
  town: 'town',
  township: 'township',
  twp: 'township',
  village: 'village',
};

/** A municipality name as its base name and its form of government, if it names one (`Avalon Borough` = avalon + borough). */
export function municipalityParts(name: string): { base: string; form: string | null } {
  const key = placeKey(name);
  const leading = /^(borough|boro|city|town|township|twp|village) of (.+)$/.exec(key);
  if (leading) return { base: leading[2]!, form: FORMS[leading[1]!]! };
  const trailing = /^(.+) (borough|boro|city|town|township|twp|village)$/.exec(key);
  if (trailing) return { base: trailing[1]!, form: FORMS[trailing[2]!]! };
  return { base: key, form: null };
}

export type PlaceMatch<T> = { match: T } | { ambiguous: T[] } | { none: true };

/**
 * The municipality a file's name means among a county's municipalities. The same name (any case, spacing
 * or punctuation) wins; else the same base name where the two do not name different forms of government:
 * `Avalon Borough` is `Avalon`, `Asbury Park City` is `Asbury Park`, `Ocean City` is `Ocean City`, but
 * `Neptune City` is not `Neptune Township` (two towns). Several candidates left is ambiguous, none is none.
 */
export function matchMunicipality<T extends { name: string }>(name: string, candidates: readonly T[]): PlaceMatch<T> {
  const key = placeKey(name);
  const exact = candidates.filter((c) => placeKey(c.name) === key);
  if (exact.length === 1) return { match: exact[0]! };
  if (exact.length > 1) return { ambiguous: exact };
  const wanted = municipalityParts(name);
  const near = candidates.filter((c) => {
    const parts = municipalityParts(c.name);
    return parts.base === wanted.base && (parts.form === null || wanted.form === null || parts.form === wanted.form);
  });
  if (near.length === 1) return { match: near[0]! };
  if (near.length > 1) return { ambiguous: near };
  return { none: true };
}

/** The county a file's name means (`Cape May County` = `Cape May`). */
export function matchCounty<T extends { name: string }>(name: string, candidates: readonly T[]): PlaceMatch<T> {
  const key = countyKey(name);
  const found = candidates.filter((c) => countyKey(c.name) === key);
  if (found.length === 1) return { match: found[0]! };
  if (found.length > 1) {
    const exact = found.filter((c) => placeKey(c.name) === placeKey(name));
    return exact.length === 1 ? { match: exact[0]! } : { ambiguous: found };
  }
  return { none: true };
}

/**
 * A bracket station's name: its primary's name with a side (N, S, E, W, or two of them) and a number
 * after it, with a space (`Town Beach N1`) or, after a primary name ending in a digit, without one
 * (`XX1020N1`, `XX1020S1`, `XX1185SN1`). Null for a name that does not read as a bracket's.
 */
export function bracketNameParts(stationName: string): { primary: string; suffix: string } | null {
  const name = stationName.trim();
  const spaced = /^(.*\S)\s+([NSEW]{1,2}\d+)$/i.exec(name);
  if (spaced) return { primary: spaced[1]!, suffix: spaced[2]! };
  const compact = /^(.*\d)([NSEW]{1,2}\d+)$/.exec(name);
  if (compact) return { primary: compact[1]!, suffix: compact[2]! };
  return null;
}

/**
 * The primary's beach name in a bracket's Beach_Name, which files write as the primary's beach name with
 * the bracket's side and number after it (`South Bath N1` -> `South Bath`). The name itself when it has
 * no such ending.
 */
export function bracketBeachBase(beachName: string, suffix: string | null): string {
  const name = beachName.trim();
  if (suffix && name.toLowerCase().endsWith(` ${suffix.toLowerCase()}`)) return name.slice(0, -suffix.length - 1).trim();
  const ending = /^(.*\S)\s+[NSEW]{1,2}\d+$/i.exec(name);
  return ending ? ending[1]! : name;
}

/**
 * `NAME=VALUE` pairs of the command line (`--map-remark 'XX=K'`, `--map-program 'Agency Program=OB'`),
 * split at the last '=' (a program name may hold one). Throws a RangeError naming a malformed pair.
 */
export function parseMappings(pairs: readonly string[], flag: string): { from: string; to: string }[] {
  return pairs.map((pair) => {
    const at = pair.lastIndexOf('=');
    const from = at > 0 ? pair.slice(0, at).trim() : '';
    if (!from) throw new RangeError(`${flag} '${pair}' is not NAME=VALUE`);
    return { from, to: pair.slice(at + 1).trim() };
  });
}

/** A program name as the import compares it: any case, one space between words. */
export function programNameKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}
