import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import multipart from '@fastify/multipart';
import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';
import { CODES, CSV_UPLOAD_LIMITS, CsvReader, CsvSyntaxError } from '@beach/domain';
import { badRequest, HttpError } from '../../lib/http';

/** Largest lab file accepted, per file. */
export const UPLOAD_MAX_BYTES = 20 * 1024 * 1024;

/**
 * Lab CSV files arrive either as the whole body (Content-Type text/csv) or as multipart form data (one
 * or more file parts). Registered inside the module's own scope, so nothing else changes for the app.
 * A file the upload caps refuse is kept only up to where they refuse it (ArrivingCsv): read these bodies with
 * CSV_UPLOAD_LIMITS, so that the reader refuses it at the same line.
 */
export async function registerUploadParsers(app: FastifyInstance, maxFiles: number, options: { csvRecords?: number } = {}): Promise<void> {
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: maxFiles, fields: 20 } });
  app.addContentTypeParser(['text/csv', 'application/csv'], (request, payload, done) => {
    readCsvBody(payload, Number(request.headers['content-length']), options.csvRecords).then(
      (text) => done(null, text),
      (err: Error) => done(err, undefined),
    );
  });
}

/**
 * A CSV file's text as it arrives, a chunk at a time (decision 0057): decoded piece by piece and read on the
 * way by a CSV reader with the upload caps (CSV_UPLOAD_LIMITS), the same every reader of these files uses.
 * Once that reader refuses the file (a field or line past the caps, a stray quote), nothing that follows can
 * change the answer (the file is refused at its first error), so the rest is received and dropped: a file of
 * one 19 MB field is never held, decoded or copied whole. Every step is a chunk's work, never the file's.
 */
class ArrivingCsv {
  private readonly decoder = new StringDecoder('utf8');
  private readonly reader = new CsvReader(CSV_UPLOAD_LIMITS);
  private readonly pieces: string[] = [];
  private refused = false;
  private records = 0;

  /**
   * @param wanted a reader that needs only the file's first records (the mapping preview: the header, 50 rows
   * and one more) keeps the text up to the chunk that completes them and drops the rest as it arrives, as it
   * drops a refused file's: what it keeps was read under the caps, and the rest is neither held nor scanned.
   */
  constructor(private readonly wanted = Number.POSITIVE_INFINITY) {}

  private get enough(): boolean {
    return this.records >= this.wanted;
  }

  add(chunk: Buffer): void {
    if (this.refused || this.enough) return;
    const piece = this.decoder.write(chunk);
    this.pieces.push(piece);
    try {
      this.records += this.reader.push(piece).length;
    } catch (err) {
      if (!(err instanceof CsvSyntaxError)) throw err;
      this.refused = true;
    }
  }

  /** The whole text, or of a refused file (or one read far enough) its text up to the chunk where that was seen. */
  text(): string {
    if (!this.refused && !this.enough) this.pieces.push(this.decoder.end());
    return this.pieces.join('');
  }
}

/** A text/csv body, read as fastify reads a body (the size limit, the Content-Length check), through ArrivingCsv. */
function readCsvBody(payload: Readable, announced: number, wantedRecords?: number): Promise<string> {
  if (announced > UPLOAD_MAX_BYTES) return Promise.reject(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
  return new Promise((resolve, reject) => {
    const csv = new ArrivingCsv(wantedRecords);
    let received = 0;
    const stop = () => {
      payload.off('data', onData);
      payload.off('end', onEnd);
      payload.off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > UPLOAD_MAX_BYTES) {
        stop();
        reject(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
        return;
      }
      csv.add(chunk);
    };
    const onEnd = () => {
      stop();
      if (!Number.isNaN(announced) && received !== announced) reject(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
      else resolve(csv.text());
    };
    const onError = (err: Error & { statusCode?: number }) => {
      stop();
      if (!(typeof err.statusCode === 'number' && err.statusCode >= 400)) err.statusCode = 400;
      reject(err);
    };
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onError);
    payload.resume();
  });
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
  return (await uploadedForm(request)).files;
}

/**
 * Every file of the request and its text fields (a form's `mapping`): the text/csv body counts as one file
 * named upload.csv, with no fields.
 */
export async function uploadedForm(request: FastifyRequest): Promise<{ files: UploadedFile[]; fields: Record<string, string> }> {
  if (request.isMultipart()) {
    const files: UploadedFile[] = [];
    const fields: Record<string, string> = {};
    // Bytes that arrived, against the Content-Length announced: a shorter body is a truncated upload even
    // when what came happens to parse. Counted beside the parser's own pipe (attached in this same tick).
    let received = 0;
    const count = (chunk: Buffer) => (received += chunk.length);
    request.raw.on('data', count);
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value ?? '');
          continue;
        }
        // Read through to the end even once refused: the parts after it, and the Content-Length check, need the whole body.
        const csv = new ArrivingCsv();
        for await (const chunk of part.file) csv.add(chunk as Buffer);
        if (part.file.truncated) throw new request.server.multipartErrors.RequestFileTooLargeError();
        files.push({ name: part.filename || `file-${files.length + 1}.csv`, text: csv.text() });
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
    return { files, fields };
  }
  if (typeof request.body === 'string') return { files: [{ name: 'upload.csv', text: request.body }], fields: {} };
  throw new HttpError(415, CODES.UNSUPPORTED_MEDIA_TYPE, 'Send the file as text/csv or as multipart/form-data.');
}
