import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idempotencyHeadersSchema,
  LAB_FOLDER_FORM_LIMITS,
  labCsvBodySchema,
  labFolderFormSchema,
  RESULT_CODES,
  resultIdsSchema,
  secondaryListQuerySchema,
  secondaryListResponse,
  secondaryVerifyResponse,
  testerOptionsQuerySchema as testerOptionsQuery,
  testerOptionsResponse,
  VERIFICATION_CODES,
  verificationListQuerySchema,
  verificationListResponse,
  verificationProgramParamsSchema as programIdParams,
  verificationTestFolderQuerySchema,
  verificationTestResponse,
  verificationTestSchemaFor,
  verifyResponse,
} from '@beach/domain';
import type { AppDeps } from '../../deps';
import { callerProfile, routeRules } from '../../lib/access';
import { envelope, errorEnvelope, ok, staffErrors } from '../../lib/http';
import { idempotent } from '../../lib/idempotency';
import { csvOrFormBody } from '../../plugins/openapi';
import { registerUploadParsers, uploadedFiles } from '../results/upload-body';
import { listForSecondary, listForVerification, secondaryVerify, verifyResults } from './service';
import { checkTesterAccess, testerOptions, testVerification, testVerificationFolder } from './tester';

/**
 * Result Verification, Secondary Validation and the Verification Tester. `GET results/{x}/verify`: x is
 * the program id (the spec leaves it unnamed).
 */
export const verificationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps.database;
  const tz = { timeZone: deps.config.programTimeZone };
  const tags = ['verification'];
  const conflictErrors = { ...staffErrors, 409: errorEnvelope, 422: errorEnvelope };
  await registerUploadParsers(app, LAB_FOLDER_FORM_LIMITS.maxFiles);
  // Each screen's coarse rule, checked before the body is read (the program's own check follows in the service).
  const verifier = app.staff(routeRules.screen('/portal/results/verification', 'You need data verification admin access in a program.'));
  const secondary = app.staff(routeRules.screen('/portal/secondary-validation', 'Secondary validation needs secondary verification in a program.'));
  const tester = app.staff(routeRules.screen('/portal/data-verification-tester', 'The Verification Tester needs secondary verification in a program.'));

  app.get(
    '/results/:x/verify',
    {
      onRequest: verifier,
      schema: {
        tags,
        description: 'Unverified results of program x (the program id) by sample date and station, against the program thresholds.',
        params: programIdParams,
        querystring: verificationListQuerySchema(tz),
        response: { 200: envelope(verificationListResponse), ...staffErrors },
      },
    },
    async (request) =>
      ok(
        VERIFICATION_CODES.RESULTS_FOR_VERIFICATION,
        await listForVerification(deps, await callerProfile(db, request), request.params.x, request.query),
      ),
  );

  app.put(
    '/verify/',
    {
      onRequest: verifier,
      schema: { tags, headers: idempotencyHeadersSchema, body: resultIdsSchema, response: { 200: envelope(verifyResponse), ...conflictErrors } },
    },
    async (request, reply) => {
      const profile = await callerProfile(db, request);
      const call = { route: 'PUT verify/', code: VERIFICATION_CODES.RESULTS_VERIFIED, userId: profile.user_id, request: request.body };
      return idempotent(db, request, reply, call, (claim) => verifyResults(deps, profile, request.body.result_ids, claim));
    },
  );

  app.get(
    '/verify/secondary',
    {
      onRequest: secondary,
      schema: { tags, querystring: secondaryListQuerySchema(tz), response: { 200: envelope(secondaryListResponse), ...staffErrors } },
    },
    async (request) =>
      ok(VERIFICATION_CODES.RESULTS_FOR_SECONDARY_VALIDATION, await listForSecondary(deps, await callerProfile(db, request), request.query)),
  );

  app.put(
    '/verify/secondary/',
    {
      onRequest: secondary,
      schema: { tags, headers: idempotencyHeadersSchema, body: resultIdsSchema, response: { 200: envelope(secondaryVerifyResponse), ...conflictErrors } },
    },
    async (request, reply) => {
      const profile = await callerProfile(db, request);
      const call = { route: 'PUT verify/secondary/', code: VERIFICATION_CODES.RESULTS_SECONDARY_VERIFIED, userId: profile.user_id, request: request.body };
      return idempotent(db, request, reply, call, (claim) => secondaryVerify(deps, profile, request.body.result_ids, claim));
    },
  );

  app.get(
    '/verify/test/options',
    {
      onRequest: tester,
      schema: {
        tags,
        description: 'What the Verification Tester chooses from: the program stations with their status now, statuses, parameters, units, remark codes.',
        querystring: testerOptionsQuery,
        response: { 200: envelope(testerOptionsResponse), ...staffErrors },
      },
    },
    async (request) =>
      ok(RESULT_CODES.RETRIEVED_FILTER_LIST, await testerOptions(deps, await callerProfile(db, request), request.query.program_id)),
  );

  app.post(
    '/verify/test',
    {
      onRequest: tester,
      // Typed and chosen dates: not later than tomorrow in the program time zone (SPEC 5).
      schema: { tags, body: verificationTestSchemaFor(tz), response: { 200: envelope(verificationTestResponse), ...staffErrors } },
    },
    async (request) => ok(VERIFICATION_CODES.VERIFICATION_TEST, await testVerification(deps, await callerProfile(db, request), request.body)),
  );

  app.post(
    '/verify/test/folder',
    {
      onRequest: tester,
      schema: {
        tags,
        querystring: verificationTestFolderQuerySchema,
        body: csvOrFormBody(labCsvBodySchema, labFolderFormSchema),
        response: { 200: envelope(verificationTestResponse), ...staffErrors, 413: errorEnvelope, 415: errorEnvelope },
      },
    },
    async (request) => {
      const profile = await callerProfile(db, request);
      await checkTesterAccess(deps, profile, request.query.program_id);
      const files = await uploadedFiles(request);
      return ok(VERIFICATION_CODES.VERIFICATION_TEST, await testVerificationFolder(deps, profile, request.query.program_id, files));
    },
  );
};
