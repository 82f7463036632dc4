import { z } from 'zod';
import { documentFileSchema, multipartForm, UPLOAD_MAX_BYTES, type FormLimits } from './form-fields';
import { booleanFlag, boundedDateSchema, idSchema, requiredText } from './common';
import { latestSampleDate } from './results';
import { publicWebAddress } from './web-address';

/**
 * Reports and Publications (SPEC 3 Report and publication; SPEC 7 Map and content: GET reportAndPublication,
 * GET beach/{id}/reportsAndPublications, POST multipart, PUT sent as POST with _method, DELETE, rank up/down;
 * public reads public/reportsAndPublications/ and /{id}): one contract for the api, the staff screen and the
 * public Reports page.
 */

export const REPORT_CODES = {
  REPORTS_FOUND: 'REPORTS_FOUND',
  REPORT_FOUND: 'REPORT_FOUND',
  REPORT_CREATED: 'REPORT_CREATED',
  REPORT_SAVED: 'REPORT_SAVED',
  REPORT_DELETED: 'REPORT_DELETED',
} as const;

export const REPORT_MESSAGES = {
  fileOrUrl: 'Choose a file or give a web address: a report needs one of them',
  url: 'Use a web address starting with http:// or https://',
  dateAfterTomorrow: 'Date cannot be later than tomorrow',
  method: 'Send _method=PUT to update a report (a browser form can only POST)',
} as const;

/** The text a form sends for a missing field (SPEC 5, 9). */
const NOT_AVAILABLE = 'N/A';
/** Ids are int4 in the database: a larger number is refused here, never by a database error. */
const ID_MAX = 2_147_483_647;

/** A report as the public Reports page reads it (public/reportsAndPublications/). */
export const publicReportSchema = z.object({
  report_and_publication_id: z.number(),
  title: z.string(),
  description: z.string(),
  date: z.string(),
  url: z.string().nullable(),
  is_publication: z.boolean(),
  county_id: z.number().nullable(),
  municipality_id: z.number().nullable(),
  beach_station_id: z.number().nullable(),
  program_id: z.number().nullable(),
  file_id: z.number().nullable(),
  /** URL of the uploaded file (GET /api/files/{file_id}), or null when the report is a link only. */
  upload_file: z.string().nullable(),
  /** The file's media type and name (the name a download is saved under). */
  type: z.string().nullable(),
  name: z.string().nullable(),
  rank: z.number(),
});
export type PublicReport = z.output<typeof publicReportSchema>;

/** A report as the staff screen reads it: the public fields and the names of what it is linked to. */
export const reportRecordSchema = publicReportSchema.extend({
  county: z.string().nullable(),
  municipality: z.string().nullable(),
  station_name: z.string().nullable(),
  program: z.string().nullable(),
});
export type ReportRecord = z.output<typeof reportRecordSchema>;

/** 'N/A', '' and absent all mean "not linked" (SPEC 5: missing text is sent as 'N/A'; ids as numbers). */
const ID_MESSAGE = 'Must be a positive whole number';
const formId = z
  .union([z.number(), z.string().trim()])
  .nullish()
  .transform((v, ctx) => {
    if (v === '' || v === NOT_AVAILABLE || v === undefined || v === null) return null;
    const n = typeof v === 'number' ? v : /^\d{1,10}$/.test(v) ? Number(v) : NaN;
    if (!Number.isInteger(n) || n < 1 || n > ID_MAX) {
      ctx.addIssue({ code: 'custom', message: ID_MESSAGE });
      return z.NEVER;
    }
    return n;
  });

const formUrl = z
  .string()
  .trim()
  .max(2000, 'Web address must be at most 2000 characters')
  .nullish()
  .transform((v) => (!v || v === NOT_AVAILABLE ? null : v))
  .pipe(z.url({ protocol: /^https?$/, error: REPORT_MESSAGES.url }).superRefine(publicWebAddress).nullable());

/** A 1/0 flag of a form (SPEC 5), true/false too; absent is false. */
const formFlag = booleanFlag.optional().transform((v) => v ?? false);

/** The day of a report or flight: a real YYYY-MM-DD day, not later than tomorrow (SPEC 5). */
export const contentDateSchema = boundedDateSchema({ latest: () => latestSampleDate(), tooLate: REPORT_MESSAGES.dateAfterTomorrow });

/**
 * The text fields of POST reportAndPublication and POST reportAndPublication/{id} (`_method=PUT`); the file
 * comes as the form's `file` part. A report needs a file or a web address (checked with the file, which
 * this schema does not see). `delete_file=1` drops the stored file on an update.
 */
export const reportFormSchema = z.object({
  title: requiredText('Title', 300),
  description: z
    .string()
    .trim()
    .max(4000, 'Description must be at most 4000 characters')
    .nullish()
    .transform((v) => (v ? v : NOT_AVAILABLE)),
  date: contentDateSchema,
  url: formUrl,
  is_publication: formFlag,
  county_id: formId,
  municipality_id: formId,
  beach_station_id: formId,
  program_id: formId,
  delete_file: formFlag,
});
export type ReportFormInput = z.input<typeof reportFormSchema>;
export type ReportForm = z.output<typeof reportFormSchema>;

/** The field names of the form, in the order the screen shows them (the server names a refused one). */
export const REPORT_FORM_FIELDS = ['title', 'description', 'date', 'is_publication', 'program_id', 'county_id', 'municipality_id', 'beach_station_id', 'file', 'url'] as const;

export const reportIdParamsSchema = z.object({ id: idSchema });

/** What one report form may carry (the API's multipart parser holds it to this). */
export const REPORT_FORM_LIMITS: FormLimits = { maxFileBytes: UPLOAD_MAX_BYTES.document, maxFiles: 2, maxFields: 40 };
/** POST reportAndPublication and POST reportAndPublication/{id} (`_method=PUT`): the fields and the report's `file`. */
export const reportUploadFormSchema = multipartForm({ ...reportFormSchema.shape, file: documentFileSchema.optional() }, REPORT_FORM_LIMITS, 'A report needs a file or a web address.');
/** GET reportAndPublication and GET beach/{id}/reportsAndPublications. */
export const reportRecordListSchema = z.array(reportRecordSchema);
