import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CODES } from '@beach/domain';
import { badRequest, HttpError } from '../../lib/http';

/** Largest lab file accepted, per file. */
export const UPLOAD_MAX_BYTES = 20 * 1024 * 1024;

/**
 * Lab CSV files arrive either as the whole body (Content-Type text/csv) or as multipart form data (one
 * or more file parts). Registered inside the module's own scope, so nothing else changes for the app.
 */
export async function registerUploadParsers(app: FastifyInstance, maxFiles: number): Promise<void> {
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: maxFiles, fields: 20 } });
  app.addContentTypeParser(['text/csv', 'application/csv'], { parseAs: 'string', bodyLimit: UPLOAD_MAX_BYTES }, (_request, body, done) =>
    done(null, body),
  );
}

export interface UploadedFile {
  name: string;
  text: string;
}

export const UPLOAD_CUT_OFF_MESSAGE = 'The upload was cut off or is not well-formed multipart data: send the file again.';

/** 400 for a multipart body that ends early or does not parse (a missing closing boundary, a short body). */
const cutOff = (reason: string) => badRequest(CODES.VALIDATION_FAILED, UPLOAD_CUT_OFF_MESSAGE, [{ field: 'file', message: reason }]);

/** Every file of the request (the text/csv body counts as one file named upload.csv). */
export async function uploadedFiles(request: FastifyRequest): Promise<UploadedFile[]> {
  if (request.isMultipart()) {
    const files: UploadedFile[] = [];
    // Bytes that arrived, against the Content-Length announced: a shorter body is a truncated upload even
    // when what came happens to parse. Counted beside the parser's own pipe (attached in this same tick).
    let received = 0;
    const count = (chunk: Buffer) => (received += chunk.length);
    request.raw.on('data', count);
    try {
      for await (const part of request.files()) {
        files.push({ name: part.filename || `file-${files.length + 1}.csv`, text: (await part.toBuffer()).toString('utf8') });
      }
    } catch (err) {
      // The parser's own refusals with a client status (413 file too large, too many files) stand; anything
      // else it throws (busboy's "Unexpected end of form", a malformed part header) is the body's fault.
      const status = (err as { statusCode?: number }).statusCode;
      if (err instanceof HttpError || (status !== undefined && status >= 400 && status < 500 && status !== 400)) throw err;
      throw cutOff(err instanceof Error ? err.message : 'The multipart body could not be read');
    } finally {
      request.raw.off('data', count);
    }
    const announced = Number(request.headers['content-length']);
    if (Number.isFinite(announced) && received < announced) {
      throw cutOff(`Content-Length announced ${announced} bytes; ${received} arrived`);
    }
    if (files.length === 0) throw badRequest(CODES.VALIDATION_FAILED, 'Attach a CSV file', [{ field: 'file', message: 'Attach a CSV file' }]);
    return files;
  }
  if (typeof request.body === 'string') return [{ name: 'upload.csv', text: request.body }];
  throw new HttpError(415, CODES.UNSUPPORTED_MEDIA_TYPE, 'Send the file as text/csv or as multipart/form-data.');
}
