import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CODES } from '@beach/domain';
import { badRequest, HttpError } from '../http';

/** One file of a multipart form, as it arrived (nothing checked yet: see prepareUpload). */
export interface ReceivedFile {
  /** The form field it came in (`file`, `faqPhoto[0][file]`). */
  field: string;
  filename: string;
  bytes: Buffer;
}

export interface ReceivedForm {
  /** Text fields by name; a repeated name keeps its last value. */
  fields: Record<string, string>;
  files: ReceivedFile[];
}

export interface FormLimits {
  /** Largest accepted file, in bytes. */
  maxFileBytes: number;
  maxFiles: number;
  maxFields?: number;
}

export const FORM_CUT_OFF_MESSAGE = 'The form was cut off or is not well-formed multipart data: send it again.';

/**
 * Registers the multipart parser in a module's own scope (the rest of the app keeps JSON only). Per-file and
 * per-form limits are enforced while the body streams in: a file over the limit answers 413 without the
 * rest of it being read into memory.
 */
export async function registerFormParser(app: FastifyInstance, limits: FormLimits): Promise<void> {
  await app.register(multipart, {
    // Keep the name as sent: busboy would cut `../../x.jpg` down to `x.jpg`, and checkedFileName must see it to refuse it.
    preservePath: true,
    limits: { fileSize: limits.maxFileBytes, files: limits.maxFiles, fields: limits.maxFields ?? 200, fieldSize: 1024 * 1024, parts: (limits.maxFields ?? 200) + limits.maxFiles },
  });
}

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

/**
 * Reads a whole multipart form: its text fields and its files. Called by a handler after the caller's
 * rights are checked (401, then 403, then the body), so a refused caller's upload is never read.
 */
export async function readForm(request: FastifyRequest, limits: FormLimits): Promise<ReceivedForm> {
  if (!request.isMultipart()) throw new HttpError(415, CODES.UNSUPPORTED_MEDIA_TYPE, 'Send the form as multipart/form-data.');
  const fields: Record<string, string> = {};
  const files: ReceivedFile[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        // A file input left empty arrives as a part with no name and no bytes: not a file.
        if (bytes.length === 0 && !part.filename) continue;
        files.push({ field: part.fieldname, filename: part.filename, bytes });
      } else {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value ?? '');
      }
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const status = (err as { statusCode?: number }).statusCode;
    if (status === 413) {
      throw new HttpError(413, 'FILE_TOO_LARGE', `A file is larger than ${megabytes(limits.maxFileBytes)}: choose a smaller one.`);
    }
    if (status !== undefined && status >= 400 && status < 500 && status !== 400) throw err;
    throw badRequest(CODES.VALIDATION_FAILED, FORM_CUT_OFF_MESSAGE, [{ field: 'form', message: err instanceof Error ? err.message : 'The form could not be read' }]);
  }
  return { fields, files };
}

/** The method a form asks for: a browser form can only POST, so an update says `_method=PUT` (SPEC 7). */
export const formMethod = (form: ReceivedForm) => (form.fields._method ?? 'POST').trim().toUpperCase();
