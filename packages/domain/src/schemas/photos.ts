import { z } from 'zod';
import { idSchema, requiredText } from './common';
import { formIdSchema, formMethodSchema, imageFileSchema, multipartForm, naText, textOrNa, UPLOAD_MAX_BYTES, type FormLimits } from './form-fields';

/**
 * Found on the Beach (SPEC 3 Beach photo; SPEC 7 Photos: GET photos, GET beach/{id}/photos, POST photos/
 * (multipart), PUT photos/{id} sent as POST multipart with `_method`, GET and DELETE photos/{id},
 * PUT photos/{id}/rank/up|down): one contract for the api and the management screen.
 */

export const PHOTO_CODES = {
  PHOTOS_FOUND: 'PHOTOS_FOUND',
  PHOTO_FOUND: 'PHOTO_FOUND',
  PHOTO_CREATED: 'PHOTO_CREATED',
  PHOTO_SAVED: 'PHOTO_SAVED',
  PHOTO_DELETED: 'PHOTO_DELETED',
} as const;

export const PHOTO_TITLE_MAX = 200;
export const PHOTO_DESC_MAX = 2000;

/** A photo as the management calls answer it. */
export const beachPhotoSchema = z.object({
  beach_photo_id: z.number(),
  title: z.string(),
  desc: z.string(),
  county_id: z.number().nullable(),
  county: z.string().nullable(),
  municipality_id: z.number().nullable(),
  municipality: z.string().nullable(),
  beach_station_id: z.number().nullable(),
  station_name: z.string().nullable(),
  beach_name: z.string().nullable(),
  file_id: z.number(),
  /** The display image: GET /api/files/{file_id}. */
  file: z.string(),
  /** The small copy: GET /api/files/{file_id}?size=thumb. */
  thumbnail: z.string(),
  /** The display image's size in pixels (null for files stored before sizes were kept). */
  width: z.number().nullable(),
  height: z.number().nullable(),
  /** The uploaded file's name and stored type. */
  name: z.string(),
  type: z.string(),
  rank: z.number(),
});
export type BeachPhotoRecord = z.output<typeof beachPhotoSchema>;
/** A photo as the public calls answer it (GET public/photos/, a station's photos): no thumbnail address. */
export const publicPhotoSchema = beachPhotoSchema.omit({ thumbnail: true });
/** A photo as the repositories read it: the services add the file addresses. */
export type PhotoRow = Omit<BeachPhotoRecord, 'file' | 'thumbnail'>;

/**
 * The text fields of the multipart form (POST photos/ and POST photos/{id} with `_method=PUT`); the image
 * comes as the `file` part: required for a new photo, replaces the stored one on an update.
 */
export const photoFieldsSchema = z.object({
  title: requiredText('Title', PHOTO_TITLE_MAX),
  desc: naText('Description', PHOTO_DESC_MAX, 'multi'),
  county_id: formIdSchema,
  municipality_id: formIdSchema,
  beach_station_id: formIdSchema,
  _method: formMethodSchema,
});
export type PhotoFields = z.output<typeof photoFieldsSchema>;

/** The photo form's values as the screen holds them. */
export interface PhotoFormValues {
  title: string;
  desc: string;
  county_id: number | null;
  municipality_id: number | null;
  beach_station_id: number | null;
}

/** The multipart text fields for a photo (SPEC 5: missing text 'N/A', ids as numbers); `update` adds `_method=PUT`. */
export function photoFormFields(values: PhotoFormValues, update: boolean): [string, string][] {
  const fields: [string, string][] = [
    ['title', values.title.trim()],
    ['desc', textOrNa(values.desc)],
  ];
  for (const key of ['county_id', 'municipality_id', 'beach_station_id'] as const) {
    const id = values[key];
    if (id !== null) fields.push([key, String(id)]);
  }
  if (update) fields.push(['_method', 'PUT']);
  return fields;
}

/** A photo id in a path: a positive int4 (a larger number answers 400, never a database error). */
export const photoIdParamsSchema = z.object({ id: idSchema.max(2_147_483_647, 'Must be a positive id') });
/** GET beach/{id}/photos: the station's id. */
export const stationPhotosParamsSchema = z.object({ id: idSchema.max(2_147_483_647, 'Must be a positive id') });

/** What one photo form may carry (the API's multipart parser holds it to this). */
export const PHOTO_FORM_LIMITS: FormLimits = { maxFileBytes: UPLOAD_MAX_BYTES.image, maxFiles: 1, maxFields: 20 };
/** POST photos/ and POST photos/{id} (`_method=PUT`): the text fields and the image as `file` (required for a new photo). */
export const photoFormSchema = multipartForm({ ...photoFieldsSchema.shape, file: imageFileSchema.optional() }, PHOTO_FORM_LIMITS, 'The image as `file`: required for a new photo, replaces the stored one on an update.');
/** GET photos and GET beach/{id}/photos. */
export const beachPhotoListSchema = z.array(beachPhotoSchema);
