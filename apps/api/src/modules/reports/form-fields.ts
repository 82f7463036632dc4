import { CODES } from '@beach/domain';
import type { z } from 'zod';
import { badRequest, invalidFields } from '../../lib/http';
import type { ReceivedFile, ReceivedForm } from '../../lib/uploads/form';

/**
 * The text fields of a multipart form through a contract's schema: 400 VALIDATION_FAILED with each field's
 * message, as a JSON body's schema failure answers. Fields the schema does not name are ignored.
 */
export function parseFormFields<S extends z.ZodType>(schema: S, fields: Record<string, string>): z.output<S> {
  // PostgreSQL cannot store a NUL character in text (the JSON routes refuse it before validation too).
  const nul = Object.entries(fields).find(([, value]) => value.includes('\u0000'));
  if (nul) throw invalidFields([{ field: nul[0], message: 'Text must not contain a NUL character.' }]);
  const parsed = schema.safeParse(fields);
  if (!parsed.success) {
    const payload = parsed.error.issues.map((i) => ({ field: i.path.join('.') || 'form', message: i.message }));
    throw badRequest(CODES.VALIDATION_FAILED, payload[0]?.message, payload);
  }
  return parsed.data;
}

/**
 * The one file a form may carry, in one of the named fields (null when none was chosen). A second file, or a
 * file in another field, is refused rather than silently dropped.
 */
export function singleFile(form: ReceivedForm, fields: readonly string[]): ReceivedFile | null {
  const stray = form.files.find((f) => !fields.includes(f.field));
  if (stray) throw invalidFields([{ field: stray.field, message: `This form takes a file only as ${fields.join(' or ')}.` }]);
  if (form.files.length > 1) throw invalidFields([{ field: form.files[1]!.field, message: 'Send one file at a time.' }]);
  return form.files[0] ?? null;
}
