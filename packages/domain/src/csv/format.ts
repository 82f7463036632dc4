/**
 * Writing CSV the way PostgreSQL's `COPY ... TO STDOUT WITH CSV` does, so a file streamed by COPY and one
 * written row by row are byte for byte the same: fields are separated by commas, lines end with '\n',
 * a field is quoted only when it holds a comma, a double quote, CR or LF (or is exactly `\.`), and an
 * absent value (null, undefined or '') is written as nothing. Text people typed is written with
 * csvTextField instead (COPY's FORCE_QUOTE columns), neutralised against formula injection.
 */

const NEEDS_QUOTES = /[",\r\n]/;

export type CsvValue = string | number | null | undefined;

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'number' ? numberText(value) : value;
  if (text === '') return '';
  if (NEEDS_QUOTES.test(text) || text === '\\.') return `"${text.replaceAll('"', '""')}"`;
  return text;
}

/**
 * First characters that make a spreadsheet read a cell as a formula (OWASP, CSV injection): '=', '+',
 * '-', '@', tab (0x09) and carriage return (0x0D). The downloads' SQL checks the same list.
 */
export const CSV_FORMULA_TRIGGERS = ['=', '+', '-', '@', '\t', '\r'] as const;

/**
 * A text cell that a spreadsheet would run as a formula (`=HYPERLINK(...)`, `+1+1`, `@SUM(A1)`, `-2+3`)
 * gets a leading apostrophe, so it is shown as the text it is; any other text is returned as it is.
 * Only for text: a number (-3.5) is written by csvField and stays a number.
 */
export function neutralizeCsvText(text: string): string {
  return text !== '' && (CSV_FORMULA_TRIGGERS as readonly string[]).includes(text[0]!) ? `'${text}` : text;
}

/**
 * A text field of a file people open in a spreadsheet: neutralised (neutralizeCsvText) and, when not
 * empty, always quoted (OWASP's rule), as COPY's FORCE_QUOTE writes it. A number stays a number.
 */
export function csvTextField(value: CsvValue): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'number') return csvField(value);
  return `"${neutralizeCsvText(value).replaceAll('"', '""')}"`;
}

/**
 * One CSV line, '\n' included. `text[i]` true makes value i a text field (csvTextField: neutralised and
 * quoted); the others are written by csvField.
 */
export function csvLine(values: readonly CsvValue[], text?: readonly boolean[]): string {
  let line = '';
  for (let i = 0; i < values.length; i++) {
    if (i > 0) line += ',';
    line += text?.[i] ? csvTextField(values[i]) : csvField(values[i]);
  }
  return `${line}\n`;
}

function numberText(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`Cannot write ${value} to CSV`);
  return String(value);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'YYYY-MM-DD' to 'MM/DD/YYYY' (Result_Date); '' for no date. */
export function formatUsDate(isoDate: string | null | undefined): string {
  if (!isoDate) return '';
  const match = ISO_DATE.exec(isoDate);
  if (!match) throw new RangeError(`Date '${isoDate}' is not YYYY-MM-DD`);
  return `${match[2]}/${match[3]}/${match[1]}`;
}

/**
 * A sample time stored as two-digit hour and minute text to 'HH:MM' (Result_Time). No hour means no time
 * (''); an hour without minutes is on the hour.
 */
export function formatSampleTime(hh: string | null | undefined, mm: string | null | undefined): string {
  if (!hh) return '';
  if (!/^([01]\d|2[0-3])$/.test(hh)) throw new RangeError(`Hour '${hh}' is not two digits 00-23`);
  if (mm && !/^[0-5]\d$/.test(mm)) throw new RangeError(`Minute '${mm}' is not two digits 00-59`);
  return `${hh}:${mm || '00'}`;
}
