import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { beachPhotoListSchema, beachPhotoSchema, PHOTO_CODES, PHOTO_FORM_LIMITS, photoFieldsSchema, photoFormSchema, photoIdParamsSchema, stationPhotosParamsSchema } from '@beach/domain';
import type { AppDeps } from '../../deps';
import { requireAdminOrganization, routeRules } from '../../lib/access';
import { parseFormFields, requireUpdateMethod } from '../../lib/form-fields';
import { emptyEnvelope, envelope, errorEnvelope, invalidFields, ok, staffErrors } from '../../lib/http';
import { readForm, registerFormParser, formMethod, type ReceivedForm } from '../../lib/uploads/form';
import { IMAGE_POLICY, prepareUpload } from '../../lib/uploads/prepare';
import { formBody } from '../../plugins/openapi';
import { rankRoute } from '../ranking/routes';
import * as photos from './service';

const LIMITS = PHOTO_FORM_LIMITS;
const uploadErrors = { ...staffErrors, 413: errorEnvelope, 415: errorEnvelope };

/** The form's text fields and its one image (the `file` part), checked; the image only when sent. */
async function photoForm(form: ReceivedForm) {
  const fields = parseFormFields(photoFieldsSchema, form.fields);
  const stray = form.files.filter((f) => f.field !== 'file');
  if (stray.length) throw invalidFields(stray.map((f) => ({ field: f.field, message: 'Send the photo as the file field' })));
  const file = form.files[0];
  return { fields, upload: file ? await prepareUpload(file, IMAGE_POLICY) : null };
}

/** Found on the Beach (SPEC 7 Photos): organization admins only (SPEC 6, Website Management). */
export const photoRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps.database;
  const tags = ['website management'];
  const onRequest = app.staff(routeRules.adminOrganization);
  await registerFormParser(app, LIMITS);

  app.get('/photos', { onRequest, schema: { tags, response: { 200: envelope(beachPhotoListSchema), ...staffErrors } } }, async () =>
    ok(PHOTO_CODES.PHOTOS_FOUND, await photos.listPhotos(deps)),
  );

  app.get(
    '/beach/:id/photos',
    { onRequest, schema: { tags, params: stationPhotosParamsSchema, response: { 200: envelope(beachPhotoListSchema), ...staffErrors } } },
    async (request) => ok(PHOTO_CODES.PHOTOS_FOUND, await photos.listStationPhotos(deps, request.params.id)),
  );

  app.get('/photos/:id', { onRequest, schema: { tags, params: photoIdParamsSchema, response: { 200: envelope(beachPhotoSchema), ...staffErrors } } }, async (request) =>
    ok(PHOTO_CODES.PHOTO_FOUND, await photos.getPhoto(deps, request.params.id)),
  );

  // Multipart: title, desc, county_id, municipality_id, beach_station_id and the image as `file`.
  app.post('/photos/', { onRequest, schema: { tags, body: formBody(photoFormSchema), response: { 201: envelope(beachPhotoSchema), ...uploadErrors } } }, async (request, reply) => {
    const caller = await requireAdminOrganization(db, request);
    const form = await readForm(request, LIMITS);
    if (formMethod(form) !== 'POST') throw invalidFields([{ field: '_method', message: 'A new photo is sent without _method' }]);
    const { fields, upload } = await photoForm(form);
    if (!upload) throw invalidFields([{ field: 'file', message: 'Choose a photo file' }]);
    reply.status(201);
    return ok(PHOTO_CODES.PHOTO_CREATED, await photos.createPhoto(deps, caller.user_id, fields, upload));
  });

  // PUT photos/{id} sent as a multipart POST with `_method=PUT` (SPEC 7); a `file` part replaces the image.
  app.post(
    '/photos/:id',
    { onRequest, schema: { tags, body: formBody(photoFormSchema), params: photoIdParamsSchema, response: { 200: envelope(beachPhotoSchema), ...uploadErrors } } },
    async (request) => {
      const caller = await requireAdminOrganization(db, request);
      const form = await readForm(request, LIMITS);
      requireUpdateMethod(form);
      const { fields, upload } = await photoForm(form);
      return ok(PHOTO_CODES.PHOTO_SAVED, await photos.updatePhoto(deps, caller.user_id, request.params.id, fields, upload));
    },
  );

  app.delete('/photos/:id', { onRequest, schema: { tags, params: photoIdParamsSchema, response: { 200: emptyEnvelope, ...staffErrors } } }, async (request) => {
    const caller = await requireAdminOrganization(db, request);
    await photos.deletePhoto(deps, caller.user_id, request.params.id);
    return ok(PHOTO_CODES.PHOTO_DELETED, null);
  });

  rankRoute(app, deps, { base: '/photos', list: 'photos', what: 'Photo', onRequest, tags });
};
