import type { FastifyRequest } from 'fastify';
import {
  groupTrackdownForm,
  SOURCE_TRACKDOWN_MESSAGES,
  sourceTrackdownFormSchema,
  TRACKDOWN_FORM_LIMITS,
  TRACKDOWN_FORM_NAMES,
  type DateRuleOptions,
  type SourceTrackdownForm,
} from '@beach/domain';
import { invalidFields, type FieldIssue } from '../../lib/http';
import { formMethod, readForm } from '../../lib/uploads/form';
import { DOCUMENT_POLICY, prepareUpload, type PreparedUpload } from '../../lib/uploads/prepare';

/** What one trackdown form may carry (the domain's limits: the published form says the same). */
export { TRACKDOWN_FORM_LIMITS };

/** A create or update as read from the wire: the checked text entries and the checked files. */
export interface TrackdownUpload {
  form: SourceTrackdownForm;
  waterQuality: PreparedUpload | null;
  /** Files by their position in `form.trackdown_files`. */
  files: Map<number, PreparedUpload>;
}

/** `trackdown_files[0][file]` as a field path (`trackdown_files.0.file`), like every other 400's fields. */
const dotted = (name: string) => name.replace(/\[([^\]]*)\]/g, '.$1');

/**
 * Reads and checks a trackdown form (the caller's rights are checked before): the method it asks for, its
 * text entries against the domain schema, then every file through the one upload pipeline (sniffed against
 * DOCUMENT_POLICY's allow-list, markup refused, folder names refused). Nothing is stored here.
 */
export async function readTrackdownUpload(request: FastifyRequest, method: 'POST' | 'PUT', dates: DateRuleOptions): Promise<TrackdownUpload> {
  const received = await readForm(request, TRACKDOWN_FORM_LIMITS);
  if (formMethod(received) !== method) {
    throw invalidFields([{ field: '_method', message: method === 'PUT' ? SOURCE_TRACKDOWN_MESSAGES.updateMethod : SOURCE_TRACKDOWN_MESSAGES.createMethod }]);
  }
  const fileFields = received.files.map((f) => f.field);
  const grouped = groupTrackdownForm(received.fields, fileFields);
  const issues: FieldIssue[] = grouped.problems.map((p) => ({ field: dotted(p.field), message: p.message }));
  const seen = new Set<string>();
  for (const field of fileFields) {
    if (seen.has(field)) issues.push({ field: dotted(field), message: 'One file per entry' });
    seen.add(field);
  }
  if (issues.length) throw invalidFields(issues);
  const parsed = sourceTrackdownFormSchema(dates).safeParse(grouped.values);
  if (!parsed.success) throw invalidFields(parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })));

  let waterQuality: PreparedUpload | null = null;
  const files = new Map<number, PreparedUpload>();
  for (const file of received.files) {
    const prepared = await prepareUpload({ ...file, field: dotted(file.field) }, DOCUMENT_POLICY);
    if (file.field === TRACKDOWN_FORM_NAMES.waterQualityFile) waterQuality = prepared;
    else files.set(grouped.filePositions[file.field]!, prepared);
  }
  return { form: parsed.data, waterQuality, files };
}
