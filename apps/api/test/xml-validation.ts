import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { CODES } from '@beach/domain';

const EPA_SCHEMAS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../schemas/epa');

/**
 * Expects xmllint to find the document valid against one of the repository's copies of an EPA schema
 * (`schemas/epa/{schema}/xml_schema/index.xsd`); `name` names the document in the failure.
 */
export function expectValidXml(schema: 'beaches-2.4' | 'wqx-3.0', xml: string, name: string): void {
  const xsd = path.join(EPA_SCHEMAS, schema, 'xml_schema/index.xsd');
  const run = spawnSync('xmllint', ['--noout', '--schema', xsd, '-'], { input: xml, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  expect(run.status, `xmllint refused ${name}:\n${`${run.stdout}${run.stderr}${run.error ?? ''}`.slice(0, 4000)}`).toBe(0);
}

/** How many times an element opens in the text (as `<element>`, without attributes). */
export const countElements = (xml: string, element: string) => xml.split(`<${element}>`).length - 1;

/** Expects a 400 VALIDATION_FAILED that names the field (and, if given, says the message). */
export function expectFieldRefusal(res: LightMyRequestResponse, what: string, field: string, message?: RegExp): void {
  expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
  const body = res.json();
  expect(body.code).toBe(CODES.VALIDATION_FAILED);
  expect(body.payload.some((p: { field: string }) => p.field === field), res.body).toBe(true);
  if (message) expect(body.message).toMatch(message);
}
