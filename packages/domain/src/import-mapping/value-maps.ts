import { mapKey, type ValueMap } from './mapping';

/**
 * Value maps (issue 29): a file's texts as the portal's remark codes, units, parameters and programs
 * (`Result below detection limit` -> K, `MPN/100 ml` -> MPN/100mL, `Enterococci` -> Enterococcus). Keys
 * are compared blind to case and to every space (mapKey).
 */

export type MappedText = { ok: true; text: string } | { ok: false; reason: string };

export const VALUE_MAP_REASONS = {
  unmapped: 'is not in the map',
} as const;

/** Each map's entries by key, built once per map object (a file maps thousands of rows with one map). */
const compiled = new WeakMap<ValueMap, Map<string, string>>();

function lookupOf(map: ValueMap): Map<string, string> {
  let lookup = compiled.get(map);
  if (!lookup) {
    lookup = new Map(map.entries.map((e) => [mapKey(e.from), e.to]));
    compiled.set(map, lookup);
  }
  return lookup;
}

/**
 * A cell's text through a value map: the entry's target when one lists it; otherwise, by the map's rule,
 * the text as written (`keep`), nothing (`empty`), or a reason (`refuse`). An empty cell stays empty.
 */
export function mapText(text: string, map: ValueMap): MappedText {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, text: '' };
  const found = lookupOf(map).get(mapKey(trimmed));
  if (found !== undefined) return { ok: true, text: found };
  switch (map.otherwise) {
    case 'keep':
      return { ok: true, text: trimmed };
    case 'empty':
      return { ok: true, text: '' };
    case 'refuse':
      return { ok: false, reason: VALUE_MAP_REASONS.unmapped };
  }
}
