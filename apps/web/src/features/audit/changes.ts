export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

function shown(value: unknown): string {
  if (value === undefined) return '';
  if (value === null) return '(empty)';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/**
 * The fields an audit row changed, top level only: every field of a created or deleted record, the
 * differing ones of an update. A value that is not a record is shown whole as one "value" change.
 */
export function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  const b = asRecord(before);
  const a = asRecord(after);
  if (!b && !a) {
    return before === after || (before == null && after == null) ? [] : [{ field: 'value', before: shown(before ?? undefined), after: shown(after ?? undefined) }];
  }
  const keys = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])];
  return keys
    .filter((key) => JSON.stringify(b?.[key]) !== JSON.stringify(a?.[key]))
    .map((key) => ({ field: key, before: b ? shown(b[key]) : '', after: a ? shown(a[key]) : '' }));
}
