import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, localDate, SURVEY_CODES } from '@beach/domain';
import { queryRows } from '../src/db/client';
import { createTestContext, DATABASE_KIND, type TestContext } from './helpers';
import { station, stationsOf, tokenCache, type StationRow } from './results-fixtures';
import { fileKeys, form, hostileFiles, png, storedKeys } from './content-upload-fixtures';

let ctx: TestContext;
let ob: StationRow[];
let rv: StationRow[];
let program: Record<string, number>;
const token = tokenCache(() => ctx);
/** Every program, every area ADMIN. */
const ADMIN = 'admin@example.org';
/** SANITARY_SURVEYS USER in Ocean and Bay Beaches; nothing in Rivers. */
const OFFICER = 'health@example.org';
/** Ocean Beaches, data editing only: the wrong role everywhere. */
const SAMPLER = 'sampler@example.org';

const today = () => localDate(new Date(), 'America/New_York');
const call = async (who: string | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  ctx.call({ method, url, token: who ? await token(who) : undefined, payload });
/** The n-th station of the program (primaries first), wrapping: the tests use different stations where their flags or counts could meet. */
const primary = (rows: StationRow[], n = 0) => rows[n % rows.length]!;
const db = () => ctx.database.db;

/** An open incident at the station from `start`, with the listed days logged; its id and the entries' ids by day. */
async function openIncident(stationId: number, start: string, days: string[] = []): Promise<{ id: number; entries: Record<string, number> }> {
  const [row] = await queryRows<{ id: number }>(
    db(),
    sql`insert into incidents (beach_station_id, start_date, state, reason_code, source_code)
        values (${stationId}, ${start}::date, 'OPEN', 'ELEV_BACT', 'STORM') returning incident_id as id`,
  );
  const entries: Record<string, number> = {};
  for (const day of days) {
    const [e] = await queryRows<{ id: number }>(
      db(),
      sql`insert into incident_daily_entries (incident_id, entry_date, actions) values (${row!.id}, ${day}::date, 'Signs posted') returning daily_incident_id as id`,
    );
    entries[day] = e!.id;
  }
  return { id: row!.id, entries };
}
const flag = async (stationId: number, value: boolean) =>
  db().execute(sql`update beach_stations set requires_sanitary_survey = ${value} where beach_station_id = ${stationId}`);
const auditActions = (id: number) =>
  queryRows<{ action: string }>(db(), sql`select action from audit_log where table_name = 'sanitary_surveys' and record_id = ${String(id)} order by audit_id`);
const surveyCount = async () => (await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from sanitary_surveys`))[0]!.n;

/** A full survey body: EPA's marine sanitary survey, filled in. */
const observations = (over: object = {}) => ({
  survey_date: addDays(today(), -1),
  survey_time_hh: '09',
  survey_time_mm: '30',
  surveyor: 'Helen Rossi',
  sky_condition: 'OVERCAST',
  weather: 'Light drizzle ending',
  rainfall_24h_in: 0.4,
  rainfall_48h_in: 1.2,
  rainfall_72h_in: 1.25,
  tide: 'EBB',
  wind_speed_mph: 12,
  wind_direction: 'NE',
  wave_height_ft: 3,
  water_temp_f: 71,
  air_temp_f: 78,
  turbidity: 'SLIGHTLY_TURBID',
  water_conditions: 'Choppy',
  bather_load: 40,
  animals: [
    { kind: 'GULLS', count: 120, description: 'At the wrack line' },
    { kind: 'DOGS', count: 2 },
  ],
  debris_level: 'LOW',
  debris: 'Food wrappers',
  algae_level: 'NONE',
  outfalls: [{ description: 'Street-end storm drain at 5th Ave', is_flowing: true }],
  odour: '',
  sources: [
    { source_code: 'STORM', description: 'Storm drain flowing across the beach' },
    { source_code: 'WILDLIFE', description: 'Gulls' },
  ],
  potential_sources: 'Storm drain and birds',
  observations: 'Resample tomorrow.',
  ...over,
});

beforeAll(async () => {
  ctx = await createTestContext();
  ob = await stationsOf(ctx, 'OB');
  rv = await stationsOf(ctx, 'RV');
  program = Object.fromEntries((await queryRows<{ abbv: string; id: number }>(db(), sql`select abbv, program_id as id from programs`)).map((p) => [p.abbv, p.id]));
}, 300_000);
afterAll(() => ctx?.close());

describe(`sanitary surveys on ${DATABASE_KIND}`, () => {
  describe('GET /api/survey/filters', () => {
    it('lists the form choices and BEACON sources; with a program, its stations (flag, open surveys) and open incidents with their days', async () => {
      const s = primary(ob, 3);
      await flag(s.beach_station_id, true);
      const incident = await openIncident(s.beach_station_id, addDays(today(), -3), [addDays(today(), -3), addDays(today(), -2)]);
      const bare = await call(OFFICER, 'GET', '/api/survey/filters');
      expect(bare.statusCode, bare.body).toBe(200);
      expect(bare.json().code).toBe(SURVEY_CODES.SURVEY_FILTERS_FOUND);
      const p = bare.json().payload;
      expect(p.sources.map((x: { code: string }) => x.code)).toContain('SEWER_LINE');
      expect(p.tides.map((x: { code: string }) => x.code)).toEqual(['HIGH', 'LOW', 'EBB', 'FLOOD', 'SLACK']);
      expect(p.animal_kinds[0]).toEqual({ code: 'GULLS', name: 'Gulls' });
      expect(p.stations).toEqual([]);
      expect(p.incidents).toEqual([]);

      const res = await call(OFFICER, 'GET', `/api/survey/filters?program_id=${program.OB}`);
      expect(res.statusCode, res.body).toBe(200);
      const withProgram = res.json().payload;
      expect(withProgram.stations.find((x: { beach_station_id: number }) => x.beach_station_id === s.beach_station_id)).toMatchObject({
        requires_sanitary_survey: true,
        open_surveys: 0,
      });
      const listed = withProgram.incidents.find((x: { incident_id: number }) => x.incident_id === incident.id);
      expect(listed).toMatchObject({ beach_station_id: s.beach_station_id, start_date: addDays(today(), -3) });
      expect(listed.days.map((d: { entry_date: string }) => d.entry_date)).toEqual([addDays(today(), -2), addDays(today(), -3)]);
      expect(listed.days[0].survey_ids).toEqual([]);
    });
    it('answers 400 for a bad program id, 401 without a token, 403 to the wrong role and for a foreign program', async () => {
      expect((await call(OFFICER, 'GET', '/api/survey/filters?program_id=abc')).statusCode).toBe(400);
      expect((await call(null, 'GET', '/api/survey/filters')).statusCode).toBe(401);
      expect((await call(SAMPLER, 'GET', '/api/survey/filters')).statusCode).toBe(403);
      expect((await call(OFFICER, 'GET', `/api/survey/filters?program_id=${program.RV}`)).statusCode).toBe(403);
    });
  });

  describe('starting a survey from an incident day', () => {
    it('createSurvey starts an OPEN survey of the day, linked to the logged entry, with the caller as surveyor; a second answers 409 SURVEY_EXISTS; override starts another', async () => {
      const s = primary(ob, 0);
      const day = addDays(today(), -1);
      const incident = await openIncident(s.beach_station_id, addDays(today(), -2), [day]);
      const res = await call(OFFICER, 'POST', `/api/survey/incident/${incident.id}/${day}/createSurvey`);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().code).toBe(SURVEY_CODES.SURVEY_CREATED);
      const p = res.json().payload;
      expect(p).toMatchObject({
        program_id: program.OB,
        beach_station_id: s.beach_station_id,
        incident_id: incident.id,
        daily_incident_id: incident.entries[day],
        survey_date: day,
        status: 'OPEN',
        surveyor: 'Helen Rossi',
        weather: 'N/A',
        animals: [],
        completed_at: null,
      });
      expect((await auditActions(p.sanitary_survey_id)).map((r) => r.action)).toEqual(['CREATE']);

      const again = await call(OFFICER, 'POST', `/api/survey/incident/${incident.id}/${day}/createSurvey`);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: SURVEY_CODES.SURVEY_EXISTS, payload: { sanitary_survey_id: p.sanitary_survey_id } });

      const other = await call(OFFICER, 'POST', `/api/survey/incident/${incident.id}/${day}/override`);
      expect(other.statusCode, other.body).toBe(201);
      expect(other.json().payload.sanitary_survey_id).not.toBe(p.sanitary_survey_id);
      expect(other.json().payload.survey_date).toBe(day);

      // A day not logged yet starts a survey without a daily entry.
      const unlogged = await call(OFFICER, 'POST', `/api/survey/incident/${incident.id}/${today()}/createSurvey`);
      expect(unlogged.statusCode, unlogged.body).toBe(201);
      expect(unlogged.json().payload.daily_incident_id).toBeNull();
    });

    it('refuses a bad date, a day before the incident or after tomorrow (400), a closed incident (409) and leaves nothing behind', async () => {
      const s = primary(ob, 1);
      const incident = await openIncident(s.beach_station_id, addDays(today(), -2));
      const before = await surveyCount();
      for (const path of ['createSurvey', 'override']) {
        expect((await call(OFFICER, 'POST', `/api/survey/incident/${incident.id}/2024-02-30/${path}`)).statusCode).toBe(400);
        const early = await call(OFFICER, 'POST', `/api/survey/incident/${incident.id}/${addDays(today(), -3)}/${path}`);
        expect(early.statusCode).toBe(400);
        expect(early.json().payload[0].field).toBe('date');
        expect((await call(OFFICER, 'POST', `/api/survey/incident/${incident.id}/${addDays(today(), 2)}/${path}`)).statusCode).toBe(400);
        expect((await call(OFFICER, 'POST', `/api/survey/incident/abc/${today()}/${path}`)).statusCode).toBe(400);
      }
      await db().execute(sql`update incidents set state = 'CLOSED', end_date = ${today()}::date where incident_id = ${incident.id}`);
      const closed = await call(OFFICER, 'POST', `/api/survey/incident/${incident.id}/${today()}/createSurvey`);
      expect(closed.statusCode).toBe(409);
      expect(closed.json().code).toBe(SURVEY_CODES.INCIDENT_NOT_OPEN);
      expect(await surveyCount()).toBe(before);
    });

    it('answers 401 without a token, 403 to the wrong role, for a foreign program’s incident and for an unknown one', async () => {
      const foreign = await openIncident(primary(rv).beach_station_id, addDays(today(), -1));
      const own = await openIncident(primary(ob, 2).beach_station_id, addDays(today(), -1));
      for (const path of ['createSurvey', 'override']) {
        expect((await call(null, 'POST', `/api/survey/incident/${own.id}/${today()}/${path}`)).statusCode).toBe(401);
        expect((await call(SAMPLER, 'POST', `/api/survey/incident/${own.id}/${today()}/${path}`)).statusCode).toBe(403);
        expect((await call(OFFICER, 'POST', `/api/survey/incident/${foreign.id}/${today()}/${path}`)).statusCode).toBe(403);
        expect((await call(OFFICER, 'POST', `/api/survey/incident/99999999/${today()}/${path}`)).statusCode).toBe(403);
      }
    });
  });

  describe('POST /api/survey/{date}', () => {
    it('starts the incident’s survey of the day when it has none (201), then opens that one (200)', async () => {
      const s = primary(ob, 4);
      const incident = await openIncident(s.beach_station_id, addDays(today(), -2));
      const day = addDays(today(), -1);
      const first = await call(OFFICER, 'POST', `/api/survey/${day}`, { incident_id: incident.id });
      expect(first.statusCode, first.body).toBe(201);
      const second = await call(OFFICER, 'POST', `/api/survey/${day}`, { incident_id: incident.id });
      expect(second.statusCode, second.body).toBe(200);
      expect(second.json().code).toBe(SURVEY_CODES.SURVEY_FOUND);
      expect(second.json().payload.sanitary_survey_id).toBe(first.json().payload.sanitary_survey_id);
    });
    it('answers 400 for a bad body or date, 401, 403 to the wrong role and for a foreign incident', async () => {
      const own = await openIncident(primary(ob, 4).beach_station_id, addDays(today(), -2));
      const foreign = await openIncident(primary(rv).beach_station_id, addDays(today(), -2));
      expect((await call(OFFICER, 'POST', `/api/survey/${today()}`, {})).statusCode).toBe(400);
      expect((await call(OFFICER, 'POST', `/api/survey/${today()}`, { incident_id: 'x' })).statusCode).toBe(400);
      expect((await call(OFFICER, 'POST', '/api/survey/not-a-day', { incident_id: own.id })).statusCode).toBe(400);
      expect((await call(OFFICER, 'POST', `/api/survey/${addDays(today(), -5)}`, { incident_id: own.id })).statusCode).toBe(400);
      expect((await call(null, 'POST', `/api/survey/${today()}`, { incident_id: own.id })).statusCode).toBe(401);
      expect((await call(SAMPLER, 'POST', `/api/survey/${today()}`, { incident_id: own.id })).statusCode).toBe(403);
      expect((await call(OFFICER, 'POST', `/api/survey/${today()}`, { incident_id: foreign.id })).statusCode).toBe(403);
    });
  });

  describe('POST /api/incidents/{incidentId}/daily/{dailyId}/createSurvey', () => {
    it('starts a survey of the entry’s day linked to it; a second answers 409 SURVEY_EXISTS', async () => {
      const s = primary(ob, 5);
      const day = addDays(today(), -1);
      const incident = await openIncident(s.beach_station_id, addDays(today(), -2), [day]);
      const res = await call(OFFICER, 'POST', `/api/incidents/${incident.id}/daily/${incident.entries[day]}/createSurvey`);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().payload).toMatchObject({ incident_id: incident.id, daily_incident_id: incident.entries[day], survey_date: day, status: 'OPEN' });
      const again = await call(OFFICER, 'POST', `/api/incidents/${incident.id}/daily/${incident.entries[day]}/createSurvey`);
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe(SURVEY_CODES.SURVEY_EXISTS);
    });
    it('answers 400 for an entry of another incident or a bad id, 401, 403 to the wrong role and for a foreign incident', async () => {
      const day = addDays(today(), -1);
      const own = await openIncident(primary(ob, 5).beach_station_id, addDays(today(), -2), [day]);
      const otherOwn = await openIncident(primary(ob, 6).beach_station_id, addDays(today(), -2), [day]);
      const foreign = await openIncident(primary(rv).beach_station_id, addDays(today(), -2), [day]);
      const mixed = await call(OFFICER, 'POST', `/api/incidents/${own.id}/daily/${otherOwn.entries[day]}/createSurvey`);
      expect(mixed.statusCode).toBe(400);
      expect(mixed.json().payload[0].field).toBe('dailyId');
      expect((await call(OFFICER, 'POST', `/api/incidents/${own.id}/daily/x/createSurvey`)).statusCode).toBe(400);
      expect((await call(null, 'POST', `/api/incidents/${own.id}/daily/${own.entries[day]}/createSurvey`)).statusCode).toBe(401);
      expect((await call(SAMPLER, 'POST', `/api/incidents/${own.id}/daily/${own.entries[day]}/createSurvey`)).statusCode).toBe(403);
      expect((await call(OFFICER, 'POST', `/api/incidents/${foreign.id}/daily/${foreign.entries[day]}/createSurvey`)).statusCode).toBe(403);
      expect((await call(OFFICER, 'POST', `/api/incidents/${foreign.id}/daily/${own.entries[day]}/createSurvey`)).statusCode).toBe(403);
    });
  });

  describe('POST /api/survey and the reads', () => {
    it('saves every EPA field, missing text as N/A; completing clears the station’s flag; the reads show it', async () => {
      const s = primary(ob, 7);
      await flag(s.beach_station_id, true);
      const res = await call(OFFICER, 'POST', '/api/survey', { beach_station_id: s.beach_station_id, ...observations({ complete: true }) });
      expect(res.statusCode, res.body).toBe(201);
      const p = res.json().payload;
      expect(p).toMatchObject({
        beach_station_id: s.beach_station_id,
        station_name: s.station_name,
        incident_id: null,
        status: 'COMPLETED',
        survey_time_hh: '09',
        survey_time_mm: '30',
        sky_condition: 'OVERCAST',
        rainfall_24h_in: 0.4,
        rainfall_48h_in: 1.2,
        rainfall_72h_in: 1.25,
        tide: 'EBB',
        wind_speed_mph: 12,
        wind_direction: 'NE',
        wave_height_ft: 3,
        water_temp_f: 71,
        air_temp_f: 78,
        turbidity: 'SLIGHTLY_TURBID',
        bather_load: 40,
        debris_level: 'LOW',
        algae_level: 'NONE',
        algae: 'N/A',
        odour: 'N/A',
        completed_by: 'Helen Rossi',
        requires_sanitary_survey: false,
      });
      expect(p.animals.map((a: object) => ({ ...a, sanitary_survey_animal_id: 0 }))).toEqual([
        { sanitary_survey_animal_id: 0, kind: 'GULLS', count: 120, description: 'At the wrack line' },
        { sanitary_survey_animal_id: 0, kind: 'DOGS', count: 2, description: 'N/A' },
      ]);
      expect(p.outfalls).toMatchObject([{ description: 'Street-end storm drain at 5th Ave', is_flowing: true }]);
      expect(p.sources.map((x: { source_code: string }) => x.source_code).sort()).toEqual(['STORM', 'WILDLIFE']);
      expect(p.source_codes).toEqual(['STORM', 'WILDLIFE']);
      expect(p.completed_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect((await station(ctx, s.beach_station_id)).requires_sanitary_survey).toBe(false);

      const byId = await call(OFFICER, 'GET', `/api/survey/${p.sanitary_survey_id}`);
      expect(byId.statusCode).toBe(200);
      expect(byId.json().payload).toEqual(p);
      const atStation = await call(OFFICER, 'GET', `/api/beach/${s.beach_station_id}/survey/${p.sanitary_survey_id}`);
      expect(atStation.json().payload).toEqual(p);
      const list = await call(OFFICER, 'GET', `/api/beach/${s.beach_station_id}/survey`);
      expect(list.statusCode).toBe(200);
      expect(list.json().payload.list.map((x: { sanitary_survey_id: number }) => x.sanitary_survey_id)).toContain(p.sanitary_survey_id);

      const filtered = await call(OFFICER, 'GET', `/api/survey/program/${program.OB}?status=completed&source_code=WILDLIFE&beach_station_id=${s.beach_station_id}`);
      expect(filtered.statusCode, filtered.body).toBe(200);
      expect(filtered.json().payload.list.map((x: { sanitary_survey_id: number }) => x.sanitary_survey_id)).toEqual([p.sanitary_survey_id]);
      const none = await call(OFFICER, 'GET', `/api/survey/program/${program.OB}?status=open&beach_station_id=${s.beach_station_id}`);
      expect(none.json().payload.list).toEqual([]);
      const ranged = await call(OFFICER, 'GET', `/api/survey/program/${program.OB}?from=${today()}&to=${today()}&source_code=WILDLIFE`);
      expect(ranged.json().payload.list.map((x: { sanitary_survey_id: number }) => x.sanitary_survey_id)).not.toContain(p.sanitary_survey_id);
    });

    it('refuses bad input field by field and writes nothing', async () => {
      const s = primary(ob, 8);
      const before = await surveyCount();
      const bad = async (over: object, field: string) => {
        const res = await call(OFFICER, 'POST', '/api/survey', { beach_station_id: s.beach_station_id, ...observations(over) });
        expect(res.statusCode, JSON.stringify(over)).toBe(400);
        expect(JSON.stringify(res.json().payload)).toContain(field);
      };
      await bad({ rainfall_24h_in: -1 }, 'rainfall_24h_in');
      await bad({ water_temp_f: 500 }, 'water_temp_f');
      await bad({ tide: 'SPRING' }, 'tide');
      await bad({ survey_time_mm: '' }, 'survey_time_mm');
      await bad({ survey_date: addDays(today(), 2) }, 'survey_date');
      await bad({ animals: [{ kind: 'WHALES', count: 1 }] }, 'animals');
      await bad({ animals: [{ kind: 'GULLS', count: -3 }] }, 'animals');
      await bad({ outfalls: [{ description: '', is_flowing: true }] }, 'outfalls');
      await bad({ sources: [{ source_code: 'STORM' }, { source_code: 'STORM' }] }, 'sources');
      await bad({ sources: [{ source_code: 'MARTIANS' }] }, 'sources');
      await bad({ bather_load: 1.5 }, 'bather_load');
      const missing = await call(OFFICER, 'POST', '/api/survey', observations());
      expect(missing.statusCode).toBe(400);
      // An incident of another station is refused on the field.
      const elsewhere = await openIncident(primary(ob, 9).beach_station_id, addDays(today(), -3));
      const mismatch = await call(OFFICER, 'POST', '/api/survey', { beach_station_id: s.beach_station_id, incident_id: elsewhere.id, ...observations() });
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json().payload[0].field).toBe('incident_id');
      expect(await surveyCount()).toBe(before);
    });

    it('answers 401, 403 to the wrong role, for a foreign station, a foreign incident and unknown or mismatched ids on the reads', async () => {
      const own = primary(ob, 8);
      const foreign = primary(rv);
      const body = { beach_station_id: foreign.beach_station_id, ...observations() };
      expect((await call(null, 'POST', '/api/survey', body)).statusCode).toBe(401);
      expect((await call(SAMPLER, 'POST', '/api/survey', body)).statusCode).toBe(403);
      expect((await call(OFFICER, 'POST', '/api/survey', body)).statusCode).toBe(403);
      const foreignIncident = await openIncident(foreign.beach_station_id, addDays(today(), -3));
      expect((await call(OFFICER, 'POST', '/api/survey', { beach_station_id: own.beach_station_id, incident_id: foreignIncident.id, ...observations() })).statusCode).toBe(403);

      const mine = (await call(ADMIN, 'POST', '/api/survey', { beach_station_id: own.beach_station_id, ...observations() })).json().payload;
      const theirs = (await call(ADMIN, 'POST', '/api/survey', { beach_station_id: foreign.beach_station_id, ...observations() })).json().payload;
      expect((await call(OFFICER, 'GET', `/api/survey/${theirs.sanitary_survey_id}`)).statusCode).toBe(403);
      expect((await call(OFFICER, 'GET', '/api/survey/99999999')).statusCode).toBe(403);
      expect((await call(OFFICER, 'GET', '/api/survey/abc')).statusCode).toBe(400);
      expect((await call(null, 'GET', `/api/survey/${mine.sanitary_survey_id}`)).statusCode).toBe(401);
      expect((await call(SAMPLER, 'GET', `/api/survey/${mine.sanitary_survey_id}`)).statusCode).toBe(403);
      expect((await call(OFFICER, 'GET', `/api/beach/${foreign.beach_station_id}/survey/${theirs.sanitary_survey_id}`)).statusCode).toBe(403);
      expect((await call(OFFICER, 'GET', `/api/beach/${primary(ob, 9).beach_station_id}/survey/${mine.sanitary_survey_id}`)).statusCode).toBe(403);
      expect((await call(OFFICER, 'GET', `/api/beach/${foreign.beach_station_id}/survey`)).statusCode).toBe(403);
      expect((await call(SAMPLER, 'GET', `/api/beach/${own.beach_station_id}/survey`)).statusCode).toBe(403);
      expect((await call(null, 'GET', `/api/beach/${own.beach_station_id}/survey`)).statusCode).toBe(401);
      expect((await call(OFFICER, 'GET', `/api/beach/x/survey`)).statusCode).toBe(400);
      expect((await call(OFFICER, 'GET', `/api/survey/program/${program.RV}`)).statusCode).toBe(403);
      expect((await call(OFFICER, 'GET', `/api/survey/program/${program.OB}?beach_station_id=${foreign.beach_station_id}`)).statusCode).toBe(403);
      expect((await call(OFFICER, 'GET', `/api/survey/program/${program.OB}?status=maybe`)).statusCode).toBe(400);
      expect((await call(SAMPLER, 'GET', `/api/survey/program/${program.OB}`)).statusCode).toBe(403);
      expect((await call(null, 'GET', `/api/survey/program/${program.OB}`)).statusCode).toBe(401);
      // The admin reads the foreign one.
      expect((await call(ADMIN, 'GET', `/api/survey/${theirs.sanitary_survey_id}`)).statusCode).toBe(200);
    });
  });

  describe('PUT /api/beach/{id}/survey/{sid}', () => {
    it('saves a draft, then completes it (flag cleared, audited); a completed survey cannot go back to open', async () => {
      const s = primary(ob, 10);
      await flag(s.beach_station_id, true);
      const incident = await openIncident(s.beach_station_id, addDays(today(), -2));
      const started = (await call(OFFICER, 'POST', `/api/survey/incident/${incident.id}/${addDays(today(), -1)}/createSurvey`)).json().payload;
      const url = `/api/beach/${s.beach_station_id}/survey/${started.sanitary_survey_id}`;
      const draft = await call(OFFICER, 'PUT', url, observations({ sources: [{ source_code: 'BOAT' }] }));
      expect(draft.statusCode, draft.body).toBe(200);
      expect(draft.json()).toMatchObject({ code: SURVEY_CODES.SURVEY_SAVED, payload: { status: 'OPEN', source_codes: ['BOAT'], incident_id: incident.id } });
      expect((await station(ctx, s.beach_station_id)).requires_sanitary_survey).toBe(true);
      const filters = (await call(OFFICER, 'GET', `/api/survey/filters?program_id=${program.OB}`)).json().payload;
      expect(filters.stations.find((x: { beach_station_id: number }) => x.beach_station_id === s.beach_station_id).open_surveys).toBe(1);

      const done = await call(OFFICER, 'PUT', url, observations({ complete: true, animals: [] }));
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().payload).toMatchObject({ status: 'COMPLETED', animals: [], source_codes: ['STORM', 'WILDLIFE'], requires_sanitary_survey: false });
      expect((await station(ctx, s.beach_station_id)).requires_sanitary_survey).toBe(false);
      expect((await auditActions(started.sanitary_survey_id)).map((r) => r.action)).toEqual(['CREATE', 'UPDATE', 'UPDATE']);

      const reopen = await call(OFFICER, 'PUT', url, observations({ complete: false }));
      expect(reopen.statusCode).toBe(409);
      expect(reopen.json().code).toBe(SURVEY_CODES.SURVEY_ALREADY_COMPLETED);
      // A correction of a completed survey keeps it completed.
      const corrected = await call(OFFICER, 'PUT', url, observations({ complete: true, observations: 'Corrected.' }));
      expect(corrected.json().payload).toMatchObject({ status: 'COMPLETED', observations: 'Corrected.' });
    });

    it('refuses bad input (nothing changes), 401, the wrong role, a foreign survey and a survey of another station', async () => {
      const s = primary(ob, 11);
      const mine = (await call(OFFICER, 'POST', '/api/survey', { beach_station_id: s.beach_station_id, ...observations({ observations: 'Kept.' }) })).json().payload;
      const theirs = (await call(ADMIN, 'POST', '/api/survey', { beach_station_id: primary(rv).beach_station_id, ...observations() })).json().payload;
      const url = `/api/beach/${s.beach_station_id}/survey/${mine.sanitary_survey_id}`;
      expect((await call(OFFICER, 'PUT', url, observations({ wind_direction: 'UP', observations: 'Lost?' }))).statusCode).toBe(400);
      expect((await call(OFFICER, 'PUT', url, observations({ survey_date: '2026-13-01' }))).statusCode).toBe(400);
      expect((await call(OFFICER, 'GET', url)).json().payload.observations).toBe('Kept.');
      expect((await call(null, 'PUT', url, observations())).statusCode).toBe(401);
      expect((await call(SAMPLER, 'PUT', url, observations())).statusCode).toBe(403);
      expect((await call(OFFICER, 'PUT', `/api/beach/${primary(rv).beach_station_id}/survey/${theirs.sanitary_survey_id}`, observations())).statusCode).toBe(403);
      expect((await call(OFFICER, 'PUT', `/api/beach/${primary(ob, 12).beach_station_id}/survey/${mine.sanitary_survey_id}`, observations())).statusCode).toBe(403);
    });
  });

  describe('DELETE /api/beach/{id}/survey/{sid} and the legacy delete', () => {
    it('lets a surveys ADMIN delete (audited), not a surveys USER; each delete refuses the other kind of survey', async () => {
      const s = primary(ob, 12);
      const made = (await call(OFFICER, 'POST', '/api/survey', { beach_station_id: s.beach_station_id, ...observations() })).json().payload;
      const url = `/api/beach/${s.beach_station_id}/survey/${made.sanitary_survey_id}`;
      expect((await call(OFFICER, 'DELETE', url)).statusCode).toBe(403);
      const legacyPath = await call(ADMIN, 'DELETE', `${url}/legacy`);
      expect(legacyPath.statusCode).toBe(409);
      expect(legacyPath.json().code).toBe(SURVEY_CODES.SURVEY_NOT_LEGACY);
      const gone = await call(ADMIN, 'DELETE', url);
      expect(gone.statusCode, gone.body).toBe(200);
      expect(gone.json().code).toBe(SURVEY_CODES.SURVEY_DELETED);
      expect((await call(ADMIN, 'GET', url)).statusCode).toBe(403);
      expect((await auditActions(made.sanitary_survey_id)).map((r) => r.action)).toEqual(['CREATE', 'DELETE']);
      const children = await queryRows<{ n: number }>(
        db(),
        sql`select (select count(*) from sanitary_survey_animals where sanitary_survey_id = ${made.sanitary_survey_id})::int
                 + (select count(*) from sanitary_survey_sources where sanitary_survey_id = ${made.sanitary_survey_id})::int as n`,
      );
      expect(children[0]!.n).toBe(0);

      const old = (await call(ADMIN, 'POST', '/api/survey', { beach_station_id: s.beach_station_id, ...observations() })).json().payload;
      await db().execute(sql`update sanitary_surveys set is_legacy = true where sanitary_survey_id = ${old.sanitary_survey_id}`);
      const oldUrl = `/api/beach/${s.beach_station_id}/survey/${old.sanitary_survey_id}`;
      const regular = await call(ADMIN, 'DELETE', oldUrl);
      expect(regular.statusCode).toBe(409);
      expect(regular.json().code).toBe(SURVEY_CODES.SURVEY_IS_LEGACY);
      expect((await call(OFFICER, 'DELETE', `${oldUrl}/legacy`)).statusCode).toBe(403);
      expect((await call(ADMIN, 'DELETE', `${oldUrl}/legacy`)).statusCode).toBe(200);
      expect((await call(ADMIN, 'GET', oldUrl)).statusCode).toBe(403);
    });

    it('answers 400 for bad ids, 401, 403 to the wrong role, for a foreign survey and one of another station', async () => {
      const s = primary(ob, 13);
      const made = (await call(ADMIN, 'POST', '/api/survey', { beach_station_id: s.beach_station_id, ...observations() })).json().payload;
      const url = `/api/beach/${s.beach_station_id}/survey/${made.sanitary_survey_id}`;
      for (const suffix of ['', '/legacy']) {
        expect((await call(ADMIN, 'DELETE', `/api/beach/${s.beach_station_id}/survey/x${suffix}`)).statusCode).toBe(400);
        expect((await call(null, 'DELETE', `${url}${suffix}`)).statusCode).toBe(401);
        expect((await call(SAMPLER, 'DELETE', `${url}${suffix}`)).statusCode).toBe(403);
        expect((await call(ADMIN, 'DELETE', `/api/beach/${primary(ob, 14).beach_station_id}/survey/${made.sanitary_survey_id}${suffix}`)).statusCode).toBe(403);
      }
      // Bay Beaches: the officer's organization is capped below ADMIN; an RV survey is foreign to the officer.
      const theirs = (await call(ADMIN, 'POST', '/api/survey', { beach_station_id: primary(rv).beach_station_id, ...observations() })).json().payload;
      expect((await call(OFFICER, 'DELETE', `/api/beach/${primary(rv).beach_station_id}/survey/${theirs.sanitary_survey_id}`)).statusCode).toBe(403);
      expect((await call(ADMIN, 'GET', url)).statusCode).toBe(200);
    });
  });

  describe('survey photos: POST, GET and DELETE /api/beach/{id}/survey/{sid}/photos', () => {
    const upload = async (who: string | null, url: string, fields: Record<string, string>, files: Parameters<typeof form>[1]) =>
      ctx.call({ method: 'POST', url, token: who ? await token(who) : undefined, ...form(fields, files) });

    it('adds a re-encoded photo with its caption (N/A when missing), serves it and its thumbnail to the survey’s users, deletes it with its bytes', async () => {
      const s = primary(ob, 15);
      const made = (await call(OFFICER, 'POST', '/api/survey', { beach_station_id: s.beach_station_id, ...observations() })).json().payload;
      const base = `/api/beach/${s.beach_station_id}/survey/${made.sanitary_survey_id}/photos`;
      const added = await upload(OFFICER, base, { caption: 'Outfall flowing' }, [{ field: 'photo', filename: 'outfall.png', bytes: await png(1200, 800) }]);
      expect(added.statusCode, added.body).toBe(201);
      const photo = added.json().payload.photos[0];
      expect(photo).toMatchObject({ caption: 'Outfall flowing', original_name: 'outfall.webp' });
      expect(photo.width).toBeLessThanOrEqual(1600);
      const second = await upload(OFFICER, base, {}, [{ field: 'photo', filename: 'gulls.png', bytes: await png(300, 200) }]);
      expect(second.json().payload.photos.map((p: { caption: string }) => p.caption)).toEqual(['Outfall flowing', 'N/A']);

      const image = await ctx.call({ method: 'GET', url: `${base}/${photo.sanitary_survey_photo_id}`, token: await token(OFFICER) });
      expect(image.statusCode).toBe(200);
      expect(image.headers['x-content-type-options']).toBe('nosniff');
      expect(image.headers['cache-control']).toBe('private, no-store');
      const thumb = await ctx.call({ method: 'GET', url: `${base}/${photo.sanitary_survey_photo_id}?size=thumb`, token: await token(OFFICER) });
      expect(thumb.statusCode).toBe(200);
      expect(thumb.rawPayload.length).toBeLessThan(image.rawPayload.length);

      const [fileId] = (await queryRows<{ id: number }>(db(), sql`select file_id as id from sanitary_survey_photos where sanitary_survey_photo_id = ${photo.sanitary_survey_photo_id}`)).map((r) => r.id);
      const keys = await fileKeys(ctx, fileId!);
      expect(keys.every((k) => storedKeys(ctx).includes(k))).toBe(true);
      const gone = await call(OFFICER, 'DELETE', `${base}/${photo.sanitary_survey_photo_id}`);
      expect(gone.statusCode, gone.body).toBe(200);
      expect(gone.json().payload.photos.map((p: { caption: string }) => p.caption)).toEqual(['N/A']);
      expect(keys.some((k) => storedKeys(ctx).includes(k))).toBe(false);
      expect((await call(OFFICER, 'DELETE', `${base}/${photo.sanitary_survey_photo_id}`)).statusCode).toBe(404);
      expect((await ctx.call({ method: 'GET', url: `${base}/${photo.sanitary_survey_photo_id}`, token: await token(OFFICER) })).statusCode).toBe(404);

      // Deleting the survey removes its photos' bytes too.
      const left = second.json().payload.photos[1];
      const [leftFile] = (await queryRows<{ id: number }>(db(), sql`select file_id as id from sanitary_survey_photos where sanitary_survey_photo_id = ${left.sanitary_survey_photo_id}`)).map((r) => r.id);
      const leftKeys = await fileKeys(ctx, leftFile!);
      expect((await call(ADMIN, 'DELETE', `/api/beach/${s.beach_station_id}/survey/${made.sanitary_survey_id}`)).statusCode).toBe(200);
      expect(leftKeys.some((k) => storedKeys(ctx).includes(k))).toBe(false);
    });

    it('refuses what is not a photo, a missing photo and a long caption (400) or an oversize one (413), and keeps nothing', async () => {
      const s = primary(ob, 16);
      const made = (await call(OFFICER, 'POST', '/api/survey', { beach_station_id: s.beach_station_id, ...observations() })).json().payload;
      const base = `/api/beach/${s.beach_station_id}/survey/${made.sanitary_survey_id}/photos`;
      const before = storedKeys(ctx).length;
      for (const hostile of await hostileFiles('photo')) {
        const res = await upload(OFFICER, base, {}, [hostile.file]);
        expect(res.statusCode, hostile.label).toBe(hostile.status);
      }
      expect((await upload(OFFICER, base, { caption: 'No photo' }, [])).statusCode).toBe(400);
      expect((await upload(OFFICER, base, {}, [{ field: 'file', filename: 'a.png', bytes: await png(20, 20) }])).statusCode).toBe(400);
      expect((await upload(OFFICER, base, { caption: 'x'.repeat(501) }, [{ field: 'photo', filename: 'a.png', bytes: await png(20, 20) }])).statusCode).toBe(400);
      expect(storedKeys(ctx).length).toBe(before);
      expect((await call(OFFICER, 'GET', `/api/survey/${made.sanitary_survey_id}`)).json().payload.photos).toEqual([]);
    });

    it('answers 401, 403 to the wrong role, for a foreign survey and a survey of another station, before reading the form', async () => {
      const s = primary(ob, 17);
      const mine = (await call(OFFICER, 'POST', '/api/survey', { beach_station_id: s.beach_station_id, ...observations() })).json().payload;
      const theirs = (await call(ADMIN, 'POST', '/api/survey', { beach_station_id: primary(rv).beach_station_id, ...observations() })).json().payload;
      const base = `/api/beach/${s.beach_station_id}/survey/${mine.sanitary_survey_id}/photos`;
      const files = [{ field: 'photo', filename: 'a.png', bytes: await png(20, 20) }];
      expect((await upload(null, base, {}, files)).statusCode).toBe(401);
      expect((await upload(SAMPLER, base, {}, files)).statusCode).toBe(403);
      expect((await upload(OFFICER, `/api/beach/${primary(rv).beach_station_id}/survey/${theirs.sanitary_survey_id}/photos`, {}, files)).statusCode).toBe(403);
      expect((await upload(OFFICER, `/api/beach/${primary(ob, 18).beach_station_id}/survey/${mine.sanitary_survey_id}/photos`, {}, files)).statusCode).toBe(403);
      const added = (await upload(OFFICER, base, {}, files)).json().payload.photos[0];
      const theirPhoto = (await upload(ADMIN, `/api/beach/${primary(rv).beach_station_id}/survey/${theirs.sanitary_survey_id}/photos`, {}, files)).json().payload.photos[0];
      const foreignUrl = `/api/beach/${primary(rv).beach_station_id}/survey/${theirs.sanitary_survey_id}/photos/${theirPhoto.sanitary_survey_photo_id}`;
      for (const method of ['GET', 'DELETE'] as const) {
        expect((await call(null, method, `${base}/${added.sanitary_survey_photo_id}`)).statusCode).toBe(401);
        expect((await call(SAMPLER, method, `${base}/${added.sanitary_survey_photo_id}`)).statusCode).toBe(403);
        expect((await call(OFFICER, method, foreignUrl)).statusCode).toBe(403);
        expect((await call(OFFICER, method, `${base}/x`)).statusCode).toBe(400);
        // Another survey's photo through this survey's path is not found.
        expect((await call(ADMIN, method, `${base}/${theirPhoto.sanitary_survey_photo_id}`)).statusCode).toBe(404);
      }
    });
  });
});
