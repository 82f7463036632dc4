import { z } from 'zod';
import { documentFileSchema, imageFileSchema, multipartForm, UPLOAD_MAX_BYTES, type FormLimits } from './form-fields';
import { idSchema, multiLine } from './common';
import { contentDateSchema } from './reports';

/**
 * Daily Flights (SPEC 3 Daily flight; SPEC 7 Map and content: GET, POST, PUT, DELETE dailyFlights/ and
 * dailyFlights/{id}, JSON; public reads public/dailyFlights/ and /{id}). Photos and files have calls of their
 * own (multipart POST dailyFlights/{id}/files, DELETE dailyFlights/{id}/files/{fileId}: decision 0028).
 * One contract for the api, the staff screen and the public Daily Flights pages.
 */

export const FLIGHT_CODES = {
  FLIGHTS_FOUND: 'FLIGHTS_FOUND',
  FLIGHT_FOUND: 'FLIGHT_FOUND',
  FLIGHT_CREATED: 'FLIGHT_CREATED',
  FLIGHT_SAVED: 'FLIGHT_SAVED',
  FLIGHT_DELETED: 'FLIGHT_DELETED',
  FLIGHT_FILE_ADDED: 'FLIGHT_FILE_ADDED',
  FLIGHT_FILE_DELETED: 'FLIGHT_FILE_DELETED',
  FLIGHT_DATE_TAKEN: 'FLIGHT_DATE_TAKEN',
} as const;

export const FLIGHT_STATUSES = ['FLOWN', 'CANCELLED_WEATHER', 'CANCELLED_MECHANICAL', 'NOT_SCHEDULED'] as const;
export type FlightStatus = (typeof FLIGHT_STATUSES)[number];

/** The staff screen's names for the statuses (the public pages have their own, translated). */
export const FLIGHT_STATUS_LABELS: Record<FlightStatus, string> = {
  FLOWN: 'Flown',
  CANCELLED_WEATHER: 'Cancelled (weather)',
  CANCELLED_MECHANICAL: 'Cancelled (mechanical)',
  NOT_SCHEDULED: 'Not scheduled',
};

export const FLIGHT_MESSAGES = {
  status: 'Choose the flight’s status',
  dateTaken: (date: string) => `There is already a daily flight for ${date}: open that one to change it.`,
  oneFile: 'Send one file, as `photo` (an image) or `file` (a document)',
} as const;

/** The observation fields (SPEC 3 Daily flight; the public report lists them in this order). */
export const FLIGHT_OBSERVATIONS = ['floatables', 'debris', 'algal_blooms', 'wildlife', 'notes'] as const;

const text = (label: string, max: number) =>
  multiLine(z.string().trim().max(max, `${label} must be at most ${max} characters`))
    .nullish()
    .transform((v) => v ?? '');

/** POST dailyFlights/ and PUT dailyFlights/{id} (JSON): one flight a day. */
export const dailyFlightSaveSchema = z.object({
  flight_date: contentDateSchema,
  status: z.enum(FLIGHT_STATUSES, { error: FLIGHT_MESSAGES.status }),
  flight_path: text('Flight path', 2000),
  floatables: text('Floatables', 4000),
  debris: text('Debris', 4000),
  algal_blooms: text('Algal blooms', 4000),
  wildlife: text('Wildlife', 4000),
  notes: text('Notes', 4000),
});
export type DailyFlightSaveInput = z.input<typeof dailyFlightSaveSchema>;
export type DailyFlightSave = z.output<typeof dailyFlightSaveSchema>;

export const flightPhotoSchema = z.object({
  daily_flight_photo_id: z.number(),
  file_id: z.number(),
  /** URL of the image (GET /api/files/{file_id}; `?size=thumb` for the small copy). */
  file: z.string(),
  caption: z.string(),
});
export type FlightPhoto = z.output<typeof flightPhotoSchema>;

export const flightFileSchema = z.object({
  daily_flight_file_id: z.number(),
  file_id: z.number(),
  /** URL of the file (GET /api/files/{file_id}). */
  file: z.string(),
  name: z.string(),
  type: z.string(),
  size_bytes: z.number(),
  description: z.string(),
});
export type FlightFile = z.output<typeof flightFileSchema>;

/** A flight as the staff screen reads it. */
export const dailyFlightRecordSchema = z.object({
  daily_flight_id: z.number(),
  flight_date: z.string(),
  status: z.string(),
  flight_path: z.string(),
  floatables: z.string(),
  debris: z.string(),
  algal_blooms: z.string(),
  wildlife: z.string(),
  notes: z.string(),
  photos: z.array(flightPhotoSchema),
  files: z.array(flightFileSchema),
});
export type DailyFlightRecord = z.output<typeof dailyFlightRecordSchema>;

/** A flight as the public list shows it (public/dailyFlights/). */
export const publicFlightSummarySchema = z.object({
  daily_flight_id: z.number(),
  flight_date: z.string(),
  /** FLOWN, CANCELLED_WEATHER, CANCELLED_MECHANICAL, NOT_SCHEDULED. */
  status: z.string(),
  flight_path: z.string(),
  photo_count: z.number(),
  file_count: z.number(),
});
export type PublicFlightSummary = z.output<typeof publicFlightSummarySchema>;

/** One public flight report (public/dailyFlights/{id}): observations, photos and files. */
export const publicFlightSchema = publicFlightSummarySchema.extend({
  observations: z.object({
    floatables: z.string(),
    debris: z.string(),
    algal_blooms: z.string(),
    wildlife: z.string(),
    notes: z.string(),
  }),
  photos: z.array(flightPhotoSchema),
  files: z.array(flightFileSchema),
});
export type PublicFlight = z.output<typeof publicFlightSchema>;

/** The text field of POST dailyFlights/{id}/files beside its one `photo` or `file` part. */
export const flightUploadFormSchema = z.object({
  caption: z
    .string()
    .trim()
    .max(300, 'Caption must be at most 300 characters')
    .nullish()
    .transform((v) => v ?? ''),
});

export const dailyFlightIdParamsSchema = z.object({ id: idSchema });
export const dailyFlightFileParamsSchema = z.object({ id: idSchema, fileId: idSchema });

/** What one flight upload form may carry (the API's multipart parser holds it to this). */
export const FLIGHT_UPLOAD_FORM_LIMITS: FormLimits = { maxFileBytes: Math.max(UPLOAD_MAX_BYTES.image, UPLOAD_MAX_BYTES.document), maxFiles: 2, maxFields: 20 };
/** POST dailyFlights/{id}/files: the caption and one `photo` or one `file`. */
export const flightUploadMultipartSchema = multipartForm(
  { ...flightUploadFormSchema.shape, photo: imageFileSchema.optional(), file: documentFileSchema.optional() },
  FLIGHT_UPLOAD_FORM_LIMITS,
  'Exactly one of photo (an image) or file (a document).',
);
/** GET dailyFlights/. */
export const dailyFlightRecordListSchema = z.array(dailyFlightRecordSchema);
