import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { CODES, DATE_MAX, DATE_MIN, parseCsv } from '@beach/domain';
import { CITY_MAPPING } from '@beach/domain/import-mapping/test-fixtures';
import { UPLOAD_CUT_OFF_MESSAGE } from '../src/modules/results/upload-body';
import { FORM_CUT_OFF_MESSAGE } from '../src/lib/uploads/form';
import { formBody } from './form-upload';
import { createTestContext, DATABASE_KIND, type TestContext } from './helpers';
import { demoFacts, layoutCsv, multipart, stationsOf, tokenCache, type DemoFacts, type StationRow } from './results-fixtures';

/**
 * Security issue 8, item 6: no input answers 500. Every date a request takes is a real YYYY-MM-DD day
 * from DATE_MIN (1900-01-01) to tomorrow (where the spec caps the picker) or DATE_MAX (2100-12-31), and
 * every year is YEAR_MIN..YEAR_MAX, checked by the schema before any query; a truncated multipart upload
 * is a 400 with the response envelope.
 */

let ctx: TestContext;
let facts: DemoFacts;
let ob: StationRow[];
const token = tokenCache(() => ctx);
const ADMIN = 'admin@example.org';

beforeAll(async () => {
  ctx = await createTestContext();
  facts = await demoFacts(ctx);
  ob = await stationsOf(ctx, 'OB');
}, 300_000);
afterAll(() => ctx?.close());

/** Year 0000, the day before DATE_MIN, a day that does not exist, far beyond any cap, not zero padded. */
const BAD_DATES = ['0000-01-01', '1899-12-31', '2024-02-30', '9999-12-31', '2024-1-1'];
/** A day every route takes (before tomorrow, after DATE_MIN): proves the field is the one read. */
const GOOD_DATE = '2024-07-01';
const BAD_YEARS = ['0', '0000', '1899', '2101', '9999', 'abc', '2024.5'];
const GOOD_YEAR = '2024';

interface InputCase {
  /** `METHOD /api/path/{}/...` as in the OpenAPI document, path parameters as {}. */
  route: string;
  /** The field in the 400's payload (dotted path), also the parameter or body property name. */
  field: string;
  /** Staff routes are called with the admin's token; public ones with none. */
  staff: boolean;
  request(value: string): InjectOptions;
}

const get = (url: string): InjectOptions => ({ method: 'GET', url });
const primary = () => ob.find((s) => s.station_type === 'PRIMARY')!;

/** Every route that takes a date (read from the routes; the OpenAPI check below keeps the list whole). */
function dateCases(): InputCase[] {
  const p = facts.program.OB;
  const org = facts.org.NJDEP!;
  const s = () => primary().beach_station_id;
  const typed = (date: string) => ({
    beach_station_id: s(),
    sample_date: date,
    sample_time_hh: '',
    sample_time_mm: '',
    value: 10,
    parameter_id: facts.parameter.ENTEROCOCCUS,
    result_unit_id: facts.unit.CFU_100ML,
  });
  const row = (extra: object = {}) => ({
    beach_station_id: s(),
    sample_time_hh: '06',
    sample_time_mm: '15',
    parameter_id: facts.parameter.ENTEROCOCCUS,
    result_unit_id: facts.unit.CFU_100ML,
    value: 12,
    ...extra,
  });
  const both = (route: string, staff: boolean, url: (field: string, date: string) => string): InputCase[] =>
    ['from', 'to'].map((field) => ({ route, field, staff, request: (d) => get(url(field, d)) }));
  const filter = (route: string, path: string): InputCase[] =>
    ['startDate', 'endDate'].map((field) => ({ route, field, staff: false, request: (d) => get(`${path}${path.includes('?') ? '&' : '?'}${field}=${d}`) }));
  return [
    // Public, no login.
    ...filter('GET /api/public/data/counts', '/api/public/data/counts'),
    ...filter('GET /api/public/data/download/waterQuality', '/api/public/data/download/waterQuality?downloadType=water-quality'),
    ...filter('GET /api/public/data/download/incident/', '/api/public/data/download/incident/?downloadType=incident'),
    { route: 'GET /api/public/snapshots', field: 'date', staff: false, request: (d) => get(`/api/public/snapshots?date=${d}`) },
    ...both('GET /api/public/beachActions', false, (f, d) => `/api/public/beachActions?${f}=${d}`),
    // The open data API (decision 0045).
    { route: 'GET /api/public/v1/stations', field: 'date', staff: false, request: (d) => get(`/api/public/v1/stations?date=${d}`) },
    ...both('GET /api/public/v1/beach-actions', false, (f, d) => `/api/public/v1/beach-actions?${f}=${d}`),
    ...filter('GET /api/public/v1/results', '/api/public/v1/results?limit=5'),
    ...filter('GET /api/public/v1/results.csv', '/api/public/v1/results.csv?limit=5'),
    ...both('GET /api/public/beaches/{}/results', false, (f, d) => `/api/public/beaches/${s()}/results?${f}=${d}`),
    // Staff, with the admin's token.
    ...both('GET /api/audit/', true, (f, d) => `/api/audit/?${f}=${d}`),
    ...both('GET /api/depit/epa/webReport', true, (f, d) => `/api/depit/epa/webReport?${f}=${d}`),
    {
      route: 'PUT /api/beach/bulkStatus',
      field: 'effective_date',
      staff: true,
      request: (d) => ({
        method: 'PUT',
        url: '/api/beach/bulkStatus',
        payload: { beach_station_ids: [s()], beach_status_id: facts.status.OPEN, reason: 'Input bounds test', effective_date: d, send_email: false },
      }),
    },
    ...both('GET /api/beach/results/{}/historical', true, (f, d) => `/api/beach/results/${s()}/historical?${f}=${d}`),
    { route: 'GET /api/beach/results/{}/{}', field: 'date', staff: true, request: (d) => get(`/api/beach/results/${s()}/${d}`) },
    { route: 'GET /api/geomean/program/{}', field: 'date', staff: true, request: (d) => get(`/api/geomean/program/${p}?date=${d}`) },
    { route: 'GET /api/beach/{}/geomean', field: 'date', staff: true, request: (d) => get(`/api/beach/${s()}/geomean?date=${d}`) },
    { route: 'GET /api/beach/{}/geomeans', field: 'date', staff: true, request: (d) => get(`/api/beach/${s()}/geomeans?date=${d}`) },
    { route: 'GET /api/geomean/rolling', field: 'date', staff: true, request: (d) => get(`/api/geomean/rolling?program_id=${p}&date=${d}`) },
    {
      route: 'POST /api/geomean/rolling/create',
      field: 'date',
      staff: true,
      request: (d) => ({ method: 'POST', url: '/api/geomean/rolling/create', payload: { beach_id: s(), date: d } }),
    },
    { route: 'GET /api/results/program/{}/organization/{}/{}', field: 'date', staff: true, request: (d) => get(`/api/results/program/${p}/organization/${org}/${d}`) },
    {
      route: 'POST /api/results/bulk',
      field: 'sample_date',
      staff: true,
      request: (d) => ({ method: 'POST', url: '/api/results/bulk', payload: { program_id: p, organization_id: org, sample_date: d, results: [row()] } }),
    },
    {
      route: 'POST /api/results/bulk',
      field: 'results.0.sample_date',
      staff: true,
      request: (d) => ({
        method: 'POST',
        url: '/api/results/bulk',
        payload: { program_id: p, organization_id: org, sample_date: GOOD_DATE, results: [row({ sample_date: d, sample_time_hh: '07' })] },
      }),
    },
    ...both('GET /api/results/{}/verify', true, (f, d) => `/api/results/${p}/verify?${f}=${d}`),
    ...both('GET /api/verify/secondary', true, (f, d) => `/api/verify/secondary?program_id=${p}&${f}=${d}`),
    { route: 'POST /api/verify/test', field: 'date', staff: true, request: (d) => ({ method: 'POST', url: '/api/verify/test', payload: { program_id: p, date: d } }) },
    ...(['POST', 'PUT'] as const).map(
      (method): InputCase => ({
        route: method === 'POST' ? 'POST /api/program/administrative/accident' : 'PUT /api/program/administrative/accident/{}',
        field: 'occurred_date',
        staff: true,
        request: (d) => ({
          method,
          url: method === 'POST' ? '/api/program/administrative/accident' : '/api/program/administrative/accident/999999',
          payload: {
            beach_station_id: s(),
            occurred_date: d,
            occurred_time: '14:05',
            accident_type: 'OTHER',
            is_fatal: false,
            age_group: 'ADULT',
            lifeguard_on_duty: true,
            description: 'Bounds probe',
            reporter_name: 'Test',
            reporter_contact: 'test@example.org',
          },
        }),
      }),
    ),
    // Incidents: the list's period, the start of one opened by hand, a day of the daily log.
    ...both('GET /api/incidents/program/{}', true, (f, d) => `/api/incidents/program/${p}?${f}=${d}`),
    {
      route: 'POST /api/beach/{}/incidents',
      field: 'start_date',
      staff: true,
      request: (d) => ({ method: 'POST', url: `/api/beach/${s()}/incidents`, payload: { start_date: d, reason_code: 'ELEV_BACT', source_code: 'UNKNOWN' } }),
    },
    {
      route: 'PUT /api/incidents/{}/daily',
      field: 'daily_incidents.0.entry_date',
      staff: true,
      request: (d) => ({
        method: 'PUT',
        url: '/api/incidents/999999/daily',
        payload: { daily_incidents: [{ entry_date: d, beach_status_id: facts.status.ADVISORY, actions: 'Bounds probe', comments: '' }] },
      }),
    },
    // Sanitary surveys (decision 0027): an incident's day, the list's period, the day of a survey.
    ...(['createSurvey', 'override'] as const).map((action) => ({
      route: `POST /api/survey/incident/{}/{}/${action}`,
      field: 'date',
      staff: true,
      request: (d: string): InjectOptions => ({ method: 'POST', url: `/api/survey/incident/999999/${d}/${action}` }),
    })),
    { route: 'POST /api/survey/{}', field: 'date', staff: true, request: (d) => ({ method: 'POST', url: `/api/survey/${d}`, payload: { incident_id: 999999 } }) },
    ...both('GET /api/survey/program/{}', true, (f, d) => `/api/survey/program/${p}?${f}=${d}`),
    {
      route: 'POST /api/survey',
      field: 'survey_date',
      staff: true,
      request: (d) => ({ method: 'POST', url: '/api/survey', payload: { beach_station_id: s(), survey_date: d, observations: 'Bounds probe' } }),
    },
    {
      route: 'PUT /api/beach/{}/survey/{}',
      field: 'survey_date',
      staff: true,
      request: (d) => ({ method: 'PUT', url: `/api/beach/${s()}/survey/999999`, payload: { survey_date: d } }),
    },
    // News (Website Management): the publish day and the expiry day (the last day shown; the publish day is the earliest day there is).
    ...(['POST', 'PUT'] as const).flatMap((method): InputCase[] => {
      const route = method === 'POST' ? 'POST /api/news/' : 'PUT /api/news/{}';
      const url = method === 'POST' ? '/api/news/' : '/api/news/999999';
      const item = { title: 'Bounds probe', body: '<p>Bounds probe</p>' };
      return [
        { route, field: 'published_on', staff: true, request: (d) => ({ method, url, payload: { ...item, published_on: d } }) },
        { route, field: 'expires_on', staff: true, request: (d) => ({ method, url, payload: { ...item, published_on: DATE_MIN, expires_on: d } }) },
      ];
    }),
    {
      route: 'POST /api/verify/test',
      field: 'results.0.sample_date',
      staff: true,
      request: (d) => ({ method: 'POST', url: '/api/verify/test', payload: { program_id: p, results: [typed(d)] } }),
    },
    // Daily flights (decision 0028): the flight's day, on create and on update (one flight a day: a taken day is 409, not 400).
    {
      route: 'POST /api/dailyFlights/',
      field: 'flight_date',
      staff: true,
      request: (d) => ({ method: 'POST', url: '/api/dailyFlights/', payload: { flight_date: d, status: 'FLOWN' } }),
    },
    ...both('GET /api/depit/wqx', true, (f, d) => `/api/depit/wqx?program_id=${p}&${f}=${d}`),
    // The queued WQX file (decision 0036): the direct call's period, in the body.
    ...['from', 'to'].map((field) => ({
      route: 'POST /api/system/export/wqx/',
      field,
      staff: true,
      request: (d: string): InjectOptions => ({ method: 'POST', url: '/api/system/export/wqx/', payload: { program_id: p, [field]: d } }),
    })),
    ...['start_date', 'end_date'].map((field) => ({
      route: 'POST /api/system/export/database/',
      field,
      staff: true,
      request: (d: string): InjectOptions => ({ method: 'POST', url: '/api/system/export/database/', payload: { tables: ['programs'], [field]: d } }),
    })),
    {
      route: 'PUT /api/dailyFlights/{}',
      field: 'flight_date',
      staff: true,
      request: (d) => ({ method: 'PUT', url: '/api/dailyFlights/999999', payload: { flight_date: d, status: 'FLOWN' } }),
    },
    // A program's season (issue 25): a program that does not exist, so a taken date writes nothing.
    ...['preseason_start', 'start_date', 'end_date'].map((field) => ({
      route: 'PUT /api/program/{}/seasons/{}',
      field,
      staff: true,
      request: (d: string): InjectOptions => ({
        method: 'PUT',
        url: '/api/program/999999/seasons/2024',
        payload: { preseason_start: '2024-05-13', start_date: '2024-05-25', end_date: '2024-09-02', [field]: d },
      }),
    })),
  ];
}

/** Every route that takes a year. */
function yearCases(): InputCase[] {
  const s = () => primary().beach_station_id;
  return [
    { route: 'GET /api/public/beaches/{}/geomeans', field: 'year', staff: false, request: (y) => get(`/api/public/beaches/${s()}/geomeans?year=${y}`) },
    { route: 'GET /api/public/dailyFlights/', field: 'year', staff: false, request: (y) => get(`/api/public/dailyFlights/?year=${y}`) },
    { route: 'GET /api/public/v1/stations/{}/geomeans', field: 'year', staff: false, request: (y) => get(`/api/public/v1/stations/${s()}/geomeans?year=${y}`) },
    { route: 'GET /api/beach/{}/statistics', field: 'year', staff: true, request: (y) => get(`/api/beach/${s()}/statistics?year=${y}`) },
    {
      route: 'GET /api/depit/xml/beachNotification',
      field: 'year',
      staff: true,
      request: (y) => get(`/api/depit/xml/beachNotification?program_id=${facts.program.OB}&year=${y}`),
    },
    // A program's seasons by year (issue 25), on a program that does not exist: nothing is written.
    {
      route: 'PUT /api/program/{}/seasons/{}',
      field: 'year',
      staff: true,
      request: (y) => ({ method: 'PUT', url: `/api/program/999999/seasons/${y}`, payload: { preseason_start: '2024-05-13', start_date: '2024-05-25', end_date: '2024-09-02' } }),
    },
    { route: 'DELETE /api/program/{}/seasons/{}', field: 'year', staff: true, request: (y) => ({ method: 'DELETE', url: `/api/program/999999/seasons/${y}` }) },
    {
      route: 'POST /api/program/{}/seasons/{}/copy-to-next-year',
      field: 'year',
      staff: true,
      request: (y) => ({ method: 'POST', url: `/api/program/999999/seasons/${y}/copy-to-next-year` }),
    },
    {
      route: 'POST /api/system/export/beachNotification/',
      field: 'year',
      staff: true,
      request: (y) => ({ method: 'POST', url: '/api/system/export/beachNotification/', payload: { program_id: facts.program.OB, year: y } }),
    },
  ];
}

async function call(c: InputCase, value: string): Promise<LightMyRequestResponse> {
  return ctx.call({ ...c.request(value), ...(c.staff ? { token: await token(ADMIN) } : {}) });
}

const failedFields = (res: LightMyRequestResponse): string[] => {
  const payload = res.json().payload as unknown;
  return Array.isArray(payload) ? payload.map((p: { field: string }) => p.field) : [];
};

function expectRefused(res: LightMyRequestResponse, c: InputCase, value: string) {
  const what = `${c.route} ${c.field}=${value}`;
  expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
  expect(res.headers['content-type'], what).toMatch(/^application\/json/);
  const body = res.json();
  expect(body.code, what).toBe(CODES.VALIDATION_FAILED);
  expect(typeof body.message, what).toBe('string');
  expect(failedFields(res), what).toContain(c.field);
}

function expectTaken(res: LightMyRequestResponse, c: InputCase, value: string) {
  const what = `${c.route} ${c.field}=${value}`;
  expect(res.statusCode, `${what}: ${res.body}`).toBeLessThan(500);
  // Other checks may refuse the call (an id that is not found), but never this field.
  if (res.statusCode === 400) expect(failedFields(res), `${what}: ${res.body}`).not.toContain(c.field);
}

/** A JSON schema of an object, or a choice among objects only. */
function isObjectSchema(schema: Record<string, unknown>): boolean {
  if (schema.type === 'object') return true;
  const choices = (schema.oneOf ?? schema.anyOf) as Record<string, unknown>[] | undefined;
  return Array.isArray(choices) && choices.length > 0 && choices.every(isObjectSchema);
}

describe(`date and year bounds on ${DATABASE_KIND}`, () => {
  it('lists every date and year input the OpenAPI document declares', async () => {
    const doc = (await ctx.call({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { parameters?: { name: string; schema?: { format?: string } }[]; requestBody?: unknown }>>;
    };
    const declared = new Set<string>();
    const walk = (node: unknown, path: string[], route: string) => {
      if (!node || typeof node !== 'object') return;
      const o = node as Record<string, unknown>;
      if (o.properties && typeof o.properties === 'object') {
        for (const [name, schema] of Object.entries(o.properties as Record<string, Record<string, unknown>>)) {
          // A property named date that is an object (an import mapping's date formats, its date column's binding) is no date input.
          if (schema.format === 'date' || (/(^|_)date$|^year$/.test(name) && !isObjectSchema(schema))) declared.add(`${route} ${[...path, name].join('.')}`);
          walk(schema, [...path, name], route);
        }
      }
      if (o.items) walk(o.items, [...path, '0'], route);
    };
    for (const [url, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const route = `${method.toUpperCase()} ${url.replace(/\{[^}]+\}/g, '{}')}`;
        for (const p of op.parameters ?? []) {
          if (p.schema?.format === 'date' || p.name === 'year') declared.add(`${route} ${p.name}`);
        }
        const json = (op.requestBody as { content?: Record<string, { schema?: unknown }> } | undefined)?.content?.['application/json']?.schema;
        walk(json, [], route);
      }
    }
    const tested = new Set([...dateCases(), ...yearCases()].map((c) => `${c.route} ${c.field}`));
    expect([...declared].sort()).toEqual([...tested].sort());
    const routes = (cases: InputCase[]) => new Set(cases.map((c) => c.route));
    // The equality above keeps the list whole as routes are added; the counts are for the reader of the log.
    console.log(
      `input bounds: ${routes(dateCases()).size} routes take dates (${routes(dateCases().filter((c) => !c.staff)).size} public), ${routes(yearCases()).size} take a year`,
    );
    expect(routes(dateCases()).size).toBeGreaterThan(0);
  });

  it('answers 400 (never 500) for a date that is not a real day from 1900-01-01 within its cap', async () => {
    for (const c of dateCases()) {
      for (const bad of BAD_DATES) expectRefused(await call(c, bad), c, bad);
      expectTaken(await call(c, GOOD_DATE), c, GOOD_DATE);
    }
  });

  it('answers 400 for a year outside 1900..2100 or not a whole number', async () => {
    for (const c of yearCases()) {
      for (const bad of BAD_YEARS) expectRefused(await call(c, bad), c, bad);
      expectTaken(await call(c, GOOD_YEAR), c, GOOD_YEAR);
    }
  });

  it('takes the bounds themselves where no cap is lower: DATE_MIN everywhere, DATE_MAX on the audit filter', async () => {
    for (const c of dateCases()) expectTaken(await call(c, DATE_MIN), c, DATE_MIN);
    const audit = dateCases().filter((c) => c.route === 'GET /api/audit/');
    for (const c of audit) {
      expectTaken(await call(c, DATE_MAX), c, DATE_MAX);
      expectRefused(await call(c, '2101-01-01'), c, '2101-01-01');
    }
  });

  it('refuses a bad date on the public CSV downloads with a 400 JSON answer before any byte of CSV', async () => {
    for (const path of ['/api/public/data/download/waterQuality?downloadType=water-quality', '/api/public/data/download/incident/?downloadType=incident']) {
      for (const bad of BAD_DATES) {
        for (const field of ['startDate', 'endDate']) {
          const res = await ctx.call({ method: 'GET', url: `${path}&${field}=${bad}` });
          expect(res.statusCode, `${path} ${field}=${bad}`).toBe(400);
          expect(res.headers['content-type']).toMatch(/^application\/json/);
          expect(res.headers['content-disposition']).toBeUndefined();
          expect(res.json()).toMatchObject({ code: CODES.VALIDATION_FAILED, payload: [expect.objectContaining({ field })] });
        }
      }
      // The same download with good dates is a whole file: every row the count promises, ending with its line break.
      const range = `startDate=${DATE_MIN}&endDate=2026-07-15`;
      const res = await ctx.call({ method: 'GET', url: `${path}&${range}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.body.endsWith('\n')).toBe(true);
      const counts = (await ctx.call({ method: 'GET', url: `/api/public/data/counts?${range}` })).json().payload;
      expect(parseCsv(res.body).length - 1).toBe(counts[path.includes('incident') ? 'incident' : 'water-quality']);
    }
  });
});

describe(`truncated multipart uploads on ${DATABASE_KIND}`, () => {
  const routes = () => [
    `/api/results/upload/preview?program_id=${facts.program.OB}&organization_id=${facts.org.NJDEP}`,
    `/api/results/upload/commit?program_id=${facts.program.OB}&organization_id=${facts.org.NJDEP}`,
    `/api/verify/test/folder?program_id=${facts.program.OB}`,
    `/api/import/mapping/preview?program_id=${facts.program.OB}&mapping_id=legacy`,
  ];
  const file = () => {
    const s = primary();
    return layoutCsv([{ station: s.station_name, beach: s.beach_name, date: '07/01/2024', measure: '20' }]);
  };

  const expectCutOff = (res: LightMyRequestResponse, what: string) => {
    expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
    expect(res.json()).toMatchObject({ code: CODES.VALIDATION_FAILED, message: UPLOAD_CUT_OFF_MESSAGE, payload: [expect.objectContaining({ field: 'file' })] });
  };

  it('answers 400 for a body whose closing boundary is missing', async () => {
    const { payload, headers } = multipart([{ name: 'lab.csv', content: file() }]);
    const text = payload.toString('utf8');
    const cut = Buffer.from(text.slice(0, text.lastIndexOf('\r\n--')));
    for (const url of routes()) expectCutOff(await ctx.call({ method: 'POST', url, token: await token(ADMIN), payload: cut, headers }), `${url} without closing boundary`);
  });

  it('answers 400 for a body shorter than its Content-Length, cut inside a part or after the whole form', async () => {
    const { payload, headers } = multipart([{ name: 'lab.csv', content: file() }]);
    for (const url of routes()) {
      // Cut inside the file part: the parser meets the end of the body.
      const half = payload.subarray(0, Math.floor(payload.length / 2));
      expectCutOff(
        await ctx.call({ method: 'POST', url, token: await token(ADMIN), payload: half, headers: { ...headers, 'content-length': String(payload.length) } }),
        `${url} cut in half`,
      );
      // The whole form arrived, but fewer bytes than announced: still a truncated request.
      expectCutOff(
        await ctx.call({ method: 'POST', url, token: await token(ADMIN), payload, headers: { ...headers, 'content-length': String(payload.length + 64) } }),
        `${url} Content-Length too large`,
      );
    }
  });

  it('answers 400 for a malformed part header and for a text/csv body shorter than its Content-Length', async () => {
    const boundary = '----beachbroken';
    const broken = Buffer.from(`--${boundary}\r\nContent-Disposition form-data no colon\r\n\r\nx\r\n--${boundary}--\r\n`);
    for (const url of routes()) {
      const res = await ctx.call({
        method: 'POST',
        url,
        token: await token(ADMIN),
        payload: broken,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(res.json().code).toBe(CODES.VALIDATION_FAILED);

      const csv = Buffer.from(file());
      const short = await ctx.call({
        method: 'POST',
        url,
        token: await token(ADMIN),
        payload: csv,
        headers: { 'content-type': 'text/csv', 'content-length': String(csv.length + 10) },
      });
      expect(short.statusCode, `${url}: ${short.body}`).toBe(400);
      expect(short.json().code).toBe(CODES.VALIDATION_FAILED);
    }
  });

  it('still reads a whole multipart upload', async () => {
    const { payload, headers } = multipart([{ name: 'lab.csv', content: file() }]);
    const res = await ctx.call({ method: 'POST', url: routes()[0]!, token: await token(ADMIN), payload, headers });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe(`source trackdown forms (multipart) on ${DATABASE_KIND}`, () => {
  // The attempted fix's day is a multipart entry, so the OpenAPI walk above cannot see it: listed here.
  const station = () => primary().beach_station_id;
  const form = (fields: [string, string][]) => {
    const boundary = '----beach-bounds-trackdown';
    const body = fields.map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join('');
    return { payload: Buffer.from(`${body}--${boundary}--\r\n`), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  };
  const cases: InputCase[] = [
    {
      route: 'POST /api/beach/{}/sourceTrackdown',
      field: 'attempted_fixes.0.attempted_on',
      staff: true,
      request: (d) => ({ method: 'POST', url: `/api/beach/${station()}/sourceTrackdown`, ...form([['attempted_fixes[0][attempted_on]', d]]) }),
    },
    {
      route: 'POST /api/beach/{}/sourceTrackdown/{}',
      field: 'attempted_fixes.0.attempted_on',
      staff: true,
      request: (d) => ({
        method: 'POST',
        url: `/api/beach/${station()}/sourceTrackdown/999999`,
        ...form([
          ['_method', 'PUT'],
          ['attempted_fixes[0][attempted_on]', d],
        ]),
      }),
    },
  ];

  it('answers 400 (never 500) for an attempted fix day that is not a real day from 1900-01-01 to tomorrow', async () => {
    // The create checks the day; the update of an unknown trackdown is refused (403) before its form is read.
    const [create, update] = cases as [InputCase, InputCase];
    for (const bad of [...BAD_DATES, '2099-01-01']) expectRefused(await call(create, bad), create, bad);
    for (const good of [GOOD_DATE, DATE_MIN]) expectTaken(await call(create, good), create, good);
    expect((await call(update, BAD_DATES[0]!)).statusCode).toBe(403);
  });

  it('answers 400 for a form cut off before its closing boundary', async () => {
    const { payload, headers } = form([['description', 'Cut off']]);
    const cut = payload.subarray(0, payload.length - 30);
    const res = await ctx.call({ method: 'POST', url: `/api/beach/${station()}/sourceTrackdown`, token: await token(ADMIN), payload: cut, headers });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: CODES.VALIDATION_FAILED, message: FORM_CUT_OFF_MESSAGE });
  });
});

describe(`Found on the Beach and FAQ forms (multipart) on ${DATABASE_KIND}`, () => {
  // Their ids and flags are multipart entries, so the OpenAPI walk above cannot see them: listed here.
  const cases: { url: string; field: string; fields: (value: string) => [string, string][] }[] = [
    ...['county_id', 'municipality_id', 'beach_station_id'].map((field) => ({ url: '/api/photos/', field, fields: (v: string): [string, string][] => [['title', 'Bounds probe'], [field, v]] })),
    {
      url: '/api/faqs/',
      field: 'faqPhoto[0][id]',
      fields: (v: string): [string, string][] => [['question', 'Bounds probe'], ['answer', 'Bounds probe'], ['faqPhoto[0][id]', v]],
    },
    {
      url: '/api/faqs/',
      field: 'faqPhoto[0][delete]',
      fields: (v: string): [string, string][] => [['question', 'Bounds probe'], ['answer', 'Bounds probe'], ['faqPhoto[0][delete]', v]],
    },
  ];
  const BAD_IDS = ['0', '-1', '2147483648', '99999999999999999999', '1.5', '1e3', 'abc', '0x10'];

  it('answers 400 naming the field (never 500) for an id outside 1..2147483647 or a flag other than 1/0', async () => {
    for (const c of cases) {
      for (const bad of c.field.endsWith('[delete]') ? ['2', 'true', 'yes', '-1'] : BAD_IDS) {
        const res = await ctx.call({ method: 'POST', url: c.url, token: await token(ADMIN), ...formBody(c.fields(bad)) });
        expect(res.statusCode, `${c.url} ${c.field}=${bad}: ${res.body}`).toBe(400);
        expect(failedFields(res), `${c.url} ${c.field}=${bad}`).toContain(c.field);
      }
    }
  });

  it('answers 400 for a form cut off before its closing boundary', async () => {
    for (const url of ['/api/photos/', '/api/faqs/']) {
      const { payload, headers } = formBody([['title', 'Cut off'], ['question', 'Cut off']]);
      const res = await ctx.call({ method: 'POST', url, token: await token(ADMIN), payload: payload.subarray(0, payload.length - 30), headers });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(res.json().code).toBe(CODES.VALIDATION_FAILED);
      expect(failedFields(res)).toEqual(['form']);
    }
  });
});

describe(`rainfall nowcast inputs on ${DATABASE_KIND}`, () => {
  const BAD_IDS = ['0', '-1', '2147483648', '99999999999999999999', '1.5', 'abc'];
  const coefficients = { intercept: -4.2, rain_24h: 0.08, rain_48h: 0.03, rain_72h: 0.01, last_result: 1.2, threshold: 0.5 };

  it('answers 400 (never 500) for a program or station id outside 1..2147483647', async () => {
    for (const bad of BAD_IDS) {
      for (const url of [`/api/nowcast/programs/${bad}/board`, `/api/nowcast/programs/${bad}/coefficients`, `/api/nowcast/stations/${bad}`]) {
        const res = await ctx.call({ method: 'GET', url, token: await token(ADMIN) });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      }
      const put = await ctx.call({ method: 'PUT', url: `/api/nowcast/programs/${bad}/coefficients`, token: await token(ADMIN), payload: coefficients });
      expect(put.statusCode, `PUT ${bad}: ${put.body}`).toBe(400);
    }
  });

  it('answers 400 naming the field for odd or oversized coefficients, and saves nothing', async () => {
    const url = `/api/nowcast/programs/${facts.program.OB}/coefficients`;
    const odd: [string, unknown][] = [
      ['intercept', 1e308],
      ['intercept', '1'],
      ['rain_24h', null],
      ['rain_48h', { $gt: 0 }],
      ['rain_72h', [1]],
      ['last_result', -1e6],
      ['threshold', 1],
      ['threshold', -0.5],
      ['threshold', 'NaN'],
    ];
    for (const [field, value] of odd) {
      const res = await ctx.call({ method: 'PUT', url, token: await token(ADMIN), payload: { ...coefficients, [field]: value } });
      expect(res.statusCode, `${field}=${JSON.stringify(value)}: ${res.body}`).toBe(400);
      expect(failedFields(res), field).toContain(field);
    }
    const long = await ctx.call({ method: 'PUT', url, token: await token(ADMIN), payload: { ...coefficients, note: 'x'.repeat(200_000) } });
    expect(long.statusCode).toBe(400);
    const saved = await ctx.call({ method: 'GET', url, token: await token(ADMIN) });
    expect(saved.json().payload.custom).toBe(false);
  });
});

describe(`beach alert inputs on ${DATABASE_KIND}`, () => {
  const BAD_IDS = [0, -1, 2147483648, 1e20, 1.5, 'abc', null, { $gt: 0 }];
  let ip = 0;
  const subscribe = (payload: unknown) =>
    ctx.app.inject({ method: 'POST', url: '/api/public/alerts/subscribe', payload: payload as InjectOptions['payload'], remoteAddress: `10.77.0.${++ip % 250}` });
  let beachId = 0;
  const beach = () => beachId;
  beforeAll(async () => {
    beachId = (await ctx.app.inject({ method: 'GET', url: '/api/public/alerts/places' })).json().payload.beaches[0].id as number;
  });

  it('answers 400 (never 500) for odd or oversized sign-ups, and writes nothing', async () => {
    const base = { email: 'bounds@example.net', language: 'en', beach_ids: [beach()] };
    const cases: unknown[] = [
      ...BAD_IDS.map((id) => ({ ...base, beach_ids: [id] })),
      ...BAD_IDS.map((id) => ({ ...base, county_ids: [id] })),
      { ...base, beach_ids: 'all' },
      { ...base, beach_ids: Array.from({ length: 10_000 }, () => beach()) },
      { ...base, email: `${'a'.repeat(250)}@example.net` },
      { ...base, email: 'x'.repeat(200_000) },
      { ...base, email: ['a@example.net'] },
      { ...base, language: 'x'.repeat(10_000) },
      { ...base, language: null },
      [base],
    ];
    for (const payload of cases) {
      const res = await subscribe(payload);
      expect(res.statusCode, `${JSON.stringify(payload).slice(0, 120)}: ${res.body.slice(0, 200)}`).toBe(400);
    }
    const known = await ctx.app.inject({ method: 'GET', url: '/api/public/alerts/places' });
    expect(known.statusCode).toBe(200);
    const { sql } = await import('drizzle-orm');
    const rows = await ctx.database.db.execute(sql`select count(*)::int as n from alert_subscribers where email like 'bounds%' or length(email) > 200`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('answers 400 for a token that is not a token, on every link call; never 500', async () => {
    for (const bad of ['x', 'a'.repeat(19), '%00%00', '..%2F..%2Fetc', 'a%20b']) {
      for (const [method, url, payload] of [
        ['GET', `/api/public/alerts/manage/${bad}`],
        ['PUT', `/api/public/alerts/manage/${bad}`, { language: 'en', beach_ids: [beach()] }],
        ['DELETE', `/api/public/alerts/manage/${bad}`],
        ['POST', `/api/public/alerts/unsubscribe/${bad}`],
        ['GET', `/api/public/alerts/unsubscribe/${bad}`],
        ['POST', '/api/public/alerts/confirm', { token: bad }],
      ] as const) {
        const res = await ctx.app.inject({ method, url, payload: payload as InjectOptions['payload'] });
        expect(res.statusCode, `${method} ${url.slice(0, 80)}: ${res.body.slice(0, 200)}`).toBe(400);
      }
    }
    // A path parameter longer than the router takes is refused before any handler.
    expect((await ctx.app.inject({ method: 'GET', url: `/api/public/alerts/manage/${'a'.repeat(5000)}` })).statusCode).toBe(414);
    const huge = await ctx.app.inject({ method: 'POST', url: `/api/public/alerts/unsubscribe/${'a'.repeat(43)}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'x'.repeat(100_000) });
    expect(huge.statusCode).toBe(413);
  });

  it('answers 400 (never 500) for staff alert calls with an id outside 1..2147483647', async () => {
    for (const bad of ['0', '-1', '2147483648', '1.5', 'abc']) {
      for (const url of [`/api/beach/${bad}/alertSubscribers`, `/api/program/${bad}/alertSubscribers/export`]) {
        const res = await ctx.call({ method: 'GET', url, token: await token(ADMIN) });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      }
    }
  });
});

describe(`import mapping inputs on ${DATABASE_KIND}`, () => {
  const count = async () => {
    const { sql } = await import('drizzle-orm');
    const { queryRows } = await import('../src/db/client');
    return (await queryRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from import_mappings`))[0]!.n;
  };

  it("answers 400 (never 500) for a mapping id outside 1..2147483647 and not 'legacy'", async () => {
    for (const bad of ['0', '-1', '2147483648', '1.5', 'abc', 'LEGACY']) {
      for (const method of ['GET', 'PUT', 'DELETE'] as const) {
        const res = await ctx.call({ method, url: `/api/import/mapping/${bad}`, token: await token(ADMIN), ...(method === 'PUT' ? { payload: { mapping: CITY_MAPPING, version: 1 } } : {}) });
        expect(res.statusCode, `${method} ${bad}: ${res.body}`).toBe(400);
      }
      const preview = await ctx.call({
        method: 'POST',
        url: `/api/import/mapping/preview?program_id=${facts.program.OB}&mapping_id=${bad}`,
        token: await token(ADMIN),
        headers: { 'content-type': 'text/csv' },
        payload: 'a\n1\n',
      });
      expect(preview.statusCode, `preview ${bad}: ${preview.body}`).toBe(400);
    }
  });

  it('answers 400 naming the field for an oversized or malformed mapping, and saves nothing', async () => {
    const before = await count();
    const cases: [string, unknown][] = [
      ['mapping.name', { mapping: { ...CITY_MAPPING, name: 'x'.repeat(101) } }],
      ['mapping.description', { mapping: { ...CITY_MAPPING, description: 'x'.repeat(1001) } }],
      ['mapping.name', { mapping: { ...CITY_MAPPING, name: 'two\nlines' } }],
      ['mapping.maps.remarks.entries', { mapping: { ...CITY_MAPPING, maps: { ...CITY_MAPPING.maps, remarks: { entries: Array.from({ length: 501 }, (_, i) => ({ from: `r${i}`, to: 'K' })), otherwise: 'keep' } } } }],
      ['mapping.fields.station.parts', { mapping: { ...CITY_MAPPING, fields: { ...CITY_MAPPING.fields, station: { kind: 'combination', parts: Array.from({ length: 5 }, () => ({ kind: 'column', column: 'Beach Name' })) } } } }],
      ['mapping.fields.date.column', { mapping: { ...CITY_MAPPING, fields: { ...CITY_MAPPING.fields, date: { kind: 'column', column: 'x'.repeat(201) } } } }],
      ['mapping.version', { mapping: { ...CITY_MAPPING, version: 2 } }],
      ['mapping.value_parser.below_limit_value', { mapping: { ...CITY_MAPPING, value_parser: { ...CITY_MAPPING.value_parser, below_limit_value: 1e12 } } }],
    ];
    for (const [field, payload] of cases) {
      const res = await ctx.call({ method: 'POST', url: '/api/import/mapping', token: await token(ADMIN), payload: payload as object });
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect((res.json().payload as { field: string }[]).map((i) => i.field), res.body).toContain(field);
    }
    for (const version of [0, -1, 2147483648, 1.5]) {
      const res = await ctx.call({ method: 'PUT', url: '/api/import/mapping/1', token: await token(ADMIN), payload: { mapping: CITY_MAPPING, version } });
      expect(res.statusCode, `version ${version}: ${res.body}`).toBe(400);
      expect((res.json().payload as { field: string }[]).map((i) => i.field)).toContain('version');
    }
    expect(await count()).toBe(before);
  });
});

describe(`embeddable status inputs on ${DATABASE_KIND}`, () => {
  // Decision 0062: HTML pages outside the OpenAPI document, refused as an HTML page, never a 500.
  const BAD_IDS = ['0', '-1', '2147483648', '99999999999999999999', '1.5', 'abc', '%00', '%E2%80%AE1'];

  it('answers 400 (never 500) for an id outside 1..2147483647, a bad list or language', async () => {
    const urls = [
      ...BAD_IDS.flatMap((bad) => [`/embed/beach/${bad}`, `/embed/beaches?ids=${bad}`, `/embed/beaches?ids=1,${bad}`]),
      '/embed/beaches',
      '/embed/beaches?ids=',
      `/embed/beaches?ids=${Array.from({ length: 11 }, (_, i) => i + 1).join(',')}`,
      `/embed/beaches?ids=${'9'.repeat(5000)}`,
      '/embed/beach/1?lang=xx',
      '/embed/beaches?ids=1&lang=es&lang=en',
    ];
    for (const url of urls) {
      const res = await ctx.call({ method: 'GET', url });
      expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(400);
    }
    expect((await ctx.call({ method: 'GET', url: '/embed/beach/2147483647' })).statusCode).toBe(404);
  });
});
