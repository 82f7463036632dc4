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

/** Every file of the request (the text/csv body counts as one file named upload.csv). */
export async function uploadedFiles(request: FastifyRequest): Promise<UploadedFile[]> {
  if (request.isMultipart()) {
    const files: UploadedFile[] = [];
    for await (const part of request.files()) {
      files.push({ name: part.filename || `file-${files.length + 1}.csv`, text: (await part.toBuffer()).toString('utf8') });
    }
    if (files.length === 0) throw badRequest(CODES.VALIDATION_FAILED, 'Attach a CSV file', [{ field: 'file', message: 'Attach a CSV file' }]);
    return files;
  }
  if (typeof request.body === 'string') return [{ name: 'upload.csv', text: request.body }];
  throw new HttpError(415, CODES.UNSUPPORTED_MEDIA_TYPE, 'Send the file as text/csv or as multipart/form-data.');
}
