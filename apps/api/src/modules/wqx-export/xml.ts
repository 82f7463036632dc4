/**
 * A small XML text builder for the WQX writer: every value escaped, characters XML 1.0 forbids dropped,
 * and text cut to the schema's maximum length (in characters) so a long name cannot make the file invalid.
 */

/** Characters XML 1.0 does not allow (C0 controls other than tab, LF, CR; lone surrogates; U+FFFE/FFFF). */
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function xmlEscape(text: string): string {
  return text.replace(FORBIDDEN, '').replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/** Text cut to at most `max` characters (whole code points), trimmed. */
export function clip(text: string, max: number): string {
  const clean = text.replace(FORBIDDEN, '').trim();
  const points = Array.from(clean);
  return points.length <= max ? clean : points.slice(0, max).join('').trimEnd();
}

/** `<name>value</name>`, or nothing when the value is empty; `max` is the schema's maxLength. */
export function el(name: string, value: string | number | null | undefined, max?: number): string {
  if (value === null || value === undefined) return '';
  const text = max === undefined ? String(value) : clip(String(value), max);
  if (text === '') return '';
  return `<${name}>${xmlEscape(text)}</${name}>`;
}

/** `<name>children</name>`, or nothing when there are no children. */
export function group(name: string, ...children: string[]): string {
  const inner = children.join('');
  return inner === '' ? '' : `<${name}>${inner}</${name}>`;
}
