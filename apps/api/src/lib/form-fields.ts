import type { z } from 'zod';
import { invalidFields } from './http';
import type { ReceivedForm } from './uploads/form';
import { formMethod } from './uploads/form';

/**
 * A multipart form's text fields checked with the domain's schema for them: 400 VALIDATION_FAILED with the
 * field list, like a JSON body's schema failure. `fieldName` names an issue's field as the form sends it.
 */
export function parseFormFields<S extends z.ZodType>(
  schema: S,
  input: unknown,
  fieldName: (path: readonly PropertyKey[]) => string = (path) => path.map(String).join('.'),
): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw invalidFields(parsed.error.issues.map((issue) => ({ field: fieldName(issue.path), message: issue.message })));
  return parsed.data;
}

/** An update sent as a form POST must say so (`_method=PUT`, SPEC 7); anything else is refused, not guessed. */
export function requireUpdateMethod(form: ReceivedForm): void {
  if (formMethod(form) !== 'PUT') throw invalidFields([{ field: '_method', message: 'Send _method=PUT to save changes' }]);
}
