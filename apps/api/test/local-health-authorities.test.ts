import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { CODES, LHA_CODES, MESSAGES } from '@beach/domain';
import { auditLog, beaches, counties, localHealthAuthorities, municipalities, organizations } from '../src/db/schema';
import { createTestContext, DATABASE_KIND, type TestContext } from './helpers';
import { buildScenario, unique, type Scenario } from './management-scenario';

let ctx: TestContext;
let s: Scenario;
let countyId: number;
let municipalityIds: number[];
beforeAll(async () => {
  ctx = await createTestContext();
  s = await buildScenario(ctx);
  const [county] = await ctx.database.db.select({ id: counties.countyId }).from(counties).limit(1);
  countyId = county!.id;
  municipalityIds = (await ctx.database.db.select({ id: municipalities.municipalityId }).from(municipalities).where(eq(municipalities.countyId, countyId)).limit(2)).map((m) => m.id);
});
afterAll(() => ctx?.close());

const fields = (res: { json(): { payload: { field: string }[] } }) => res.json().payload.map((p) => p.field);
const create = (token: string | undefined, payload: object) => ctx.call({ method: 'POST', url: '/api/localHealthAuthority', token, payload });
const full = () => ({
  name: unique('Shore Health '),
  desc: 'Local health authority',
  county_id: countyId,
  contact_person: 'Dana Whitfield',
  email: 'Beaches@Shore-Health.example.org',
  address: '1 Main Street',
  city: 'Toms River',
  zip_code: '08753',
  phone_number: '732-555-0101',
  url: 'https://shore-health.example.org',
  municipalities: municipalityIds,
});

describe(`local health authorities on ${DATABASE_KIND}`, () => {
  describe('GET /api/localHealthAuthority', () => {
    it('lists every authority with its municipalities for any staff member', async () => {
      const res = await ctx.call({ method: 'GET', url: '/api/localHealthAuthority', token: s.users.plain.token });
      expect(res.statusCode).toBe(200);
      expect(res.json().code).toBe(CODES.LHA_FOUND);
      const list = res.json().payload.list;
      expect(list.length).toBeGreaterThan(0);
      expect(list.some((l: { municipalities: number[] }) => l.municipalities.length > 0)).toBe(true);
    });

    it('needs a login', async () => {
      const res = await ctx.call({ method: 'GET', url: '/api/localHealthAuthority' });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('GET /api/localHealthAuthority/{id}', () => {
    it('gives one authority', async () => {
      const [lha] = await ctx.database.db.select({ id: localHealthAuthorities.localHealthAuthorityId }).from(localHealthAuthorities).limit(1);
      const res = await ctx.call({ method: 'GET', url: `/api/localHealthAuthority/${lha!.id}`, token: s.users.plain.token });
      expect(res.statusCode).toBe(200);
      expect(res.json().payload).toMatchObject({ local_health_authority_id: lha!.id, name: expect.any(String), municipalities: expect.any(Array) });
    });

    it('validates the id, answers 404 and needs a login', async () => {
      expect((await ctx.call({ method: 'GET', url: '/api/localHealthAuthority/abc', token: s.adminToken })).statusCode).toBe(400);
      expect((await ctx.call({ method: 'GET', url: '/api/localHealthAuthority/999999', token: s.adminToken })).statusCode).toBe(404);
      expect((await ctx.call({ method: 'GET', url: '/api/localHealthAuthority/1' })).statusCode).toBe(401);
    });
  });

  describe('POST /api/localHealthAuthority', () => {
    it('creates an authority with every field and audits it', async () => {
      const body = full();
      const res = await create(s.adminToken, body);
      expect(res.statusCode).toBe(201);
      expect(res.json().code).toBe(LHA_CODES.LHA_CREATED);
      const lha = res.json().payload;
      expect(lha).toMatchObject({ ...body, email: 'beaches@shore-health.example.org', county: { county_id: countyId } });
      expect(lha.municipalities.sort()).toEqual([...municipalityIds].sort());
      const [audit] = await ctx.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.tableName, 'local_health_authorities'), eq(auditLog.recordId, String(lha.local_health_authority_id))));
      expect(audit).toMatchObject({ action: 'CREATE', before: null });
      expect(JSON.parse(audit!.after!)).toMatchObject({ name: body.name, zip_code: '08753' });
    });

    it('accepts a name alone: the form leaves empty optional fields out', async () => {
      const name = unique('Bare Health ');
      const res = await create(s.adminToken, { name });
      expect(res.statusCode).toBe(201);
      expect(res.json().payload).toEqual({
        local_health_authority_id: expect.any(Number),
        name,
        desc: null,
        county_id: null,
        county: null,
        contact_person: null,
        email: null,
        address: null,
        city: null,
        zip_code: null,
        phone_number: null,
        url: null,
        municipalities: [],
      });
    });

    it.each<[string, object, string, string]>([
      ['no name', { name: '  ' }, 'name', 'Name is required'],
      ['a bad e-mail', { email: 'nope' }, 'email', MESSAGES.emailInvalid],
      ['a bad ZIP code', { zip_code: '8753' }, 'zip_code', 'Use a 5-digit ZIP code (or ZIP+4)'],
      ['a bad web address', { url: 'shore-health' }, 'url', 'Use a web address starting with http:// or https://'],
      ['a non-web address', { url: 'ftp://shore-health.example.org' }, 'url', 'Use a web address starting with http:// or https://'],
      ['an unknown county', { county_id: 999999 }, 'county_id', 'Unknown county'],
      ['an unknown municipality', { municipalities: [999999] }, 'municipalities.0', 'Unknown municipality'],
      ['a municipality that is not a number', { municipalities: ['x'] }, 'municipalities.0', 'Must be a number'],
    ])('rejects %s (400)', async (_, change, field, message) => {
      const res = await create(s.adminToken, { ...full(), ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(CODES.VALIDATION_FAILED);
      expect(fields(res)).toContain(field);
      expect(res.json().payload.map((p: { message: string }) => p.message)).toContain(message);
    });

    it('answers 409 for a name in use', async () => {
      const body = full();
      expect((await create(s.adminToken, body)).statusCode).toBe(201);
      const again = await create(s.adminToken, { ...body, name: body.name.toLowerCase() });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('LHA_NAME_TAKEN');
    });

    it('is for organization admins only and needs a login', async () => {
      for (const token of [s.users.mgr.token, s.users.allmgr.token, await ctx.login('health@example.org')]) {
        const res = await create(token, full());
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('ADMIN_ORGANIZATION_REQUIRED');
      }
      expect((await create(undefined, full())).statusCode).toBe(401);
    });
  });

  describe('PUT /api/localHealthAuthority/{id}', () => {
    const save = (token: string | undefined, id: number, payload: object) => ctx.call({ method: 'PUT', url: `/api/localHealthAuthority/${id}`, token, payload });

    it('replaces the authority: fields left out are cleared, municipalities replaced; audited', async () => {
      const created = (await create(s.adminToken, full())).json().payload;
      const res = await save(s.adminToken, created.local_health_authority_id, { name: created.name, city: 'Brick', municipalities: [municipalityIds[0]] });
      expect(res.statusCode).toBe(200);
      expect(res.json().code).toBe(LHA_CODES.LHA_SAVED);
      expect(res.json().payload).toMatchObject({ city: 'Brick', contact_person: null, url: null, county_id: null, municipalities: [municipalityIds[0]] });
      const [audit] = await ctx.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.tableName, 'local_health_authorities'), eq(auditLog.recordId, String(created.local_health_authority_id))))
        .orderBy(desc(auditLog.auditId))
        .limit(1);
      expect(audit!.action).toBe('UPDATE');
      expect(JSON.parse(audit!.before!)).toMatchObject({ city: 'Toms River', contact_person: 'Dana Whitfield' });
      expect(JSON.parse(audit!.after!)).toMatchObject({ city: 'Brick', contact_person: null });
    });

    it('validates, answers 404 and 409, is for admins only and needs a login', async () => {
      const a = (await create(s.adminToken, full())).json().payload;
      const b = (await create(s.adminToken, full())).json().payload;
      expect((await save(s.adminToken, a.local_health_authority_id, { name: a.name, zip_code: 'abc' })).statusCode).toBe(400);
      expect((await save(s.adminToken, 999999, { name: unique('Ghost ') })).statusCode).toBe(404);
      expect((await save(s.adminToken, a.local_health_authority_id, { name: b.name })).statusCode).toBe(409);
      expect((await save(s.users.mgr.token, a.local_health_authority_id, { name: a.name })).statusCode).toBe(403);
      expect((await save(undefined, a.local_health_authority_id, { name: a.name })).statusCode).toBe(401);
    });
  });

  describe('DELETE /api/localHealthAuthority/{id}', () => {
    const remove = (token: string | undefined, id: number) => ctx.call({ method: 'DELETE', url: `/api/localHealthAuthority/${id}`, token });

    it('deletes an authority nobody references, with an audit row', async () => {
      const lha = (await create(s.adminToken, full())).json().payload;
      const res = await remove(s.adminToken, lha.local_health_authority_id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ code: LHA_CODES.LHA_DELETED, payload: null });
      expect((await remove(s.adminToken, lha.local_health_authority_id)).statusCode).toBe(404);
      const [audit] = await ctx.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.tableName, 'local_health_authorities'), eq(auditLog.recordId, String(lha.local_health_authority_id)), eq(auditLog.action, 'DELETE')));
      expect(JSON.parse(audit!.before!)).toMatchObject({ name: lha.name });
      expect(audit!.after).toBeNull();
    });

    it('answers 409 with a clear message while organizations or beaches point at it', async () => {
      const [beach] = await ctx.database.db
        .select({ lha: beaches.localHealthAuthorityId })
        .from(beaches)
        .where(isNotNull(beaches.localHealthAuthorityId))
        .limit(1);
      const used = await remove(s.adminToken, beach!.lha!);
      expect(used.statusCode).toBe(409);
      expect(used.json().code).toBe('LHA_IN_USE');
      expect(used.json().message).toMatch(/^This local health authority is still linked to (\d+ organizations? and )?\d+ beach(es)?\. /);

      const lha = (await create(s.adminToken, full())).json().payload;
      await ctx.database.db.update(organizations).set({ localHealthAuthorityId: lha.local_health_authority_id }).where(eq(organizations.organizationId, s.orgs.pc));
      const byOrg = await remove(s.adminToken, lha.local_health_authority_id);
      expect(byOrg.statusCode).toBe(409);
      expect(byOrg.json().message).toBe('This local health authority is still linked to 1 organization. Link them to another authority first.');
    });

    it('validates the id, is for admins only and needs a login', async () => {
      const lha = (await create(s.adminToken, full())).json().payload;
      expect((await remove(s.adminToken, 'abc' as unknown as number)).statusCode).toBe(400);
      expect((await remove(s.users.allmgr.token, lha.local_health_authority_id)).statusCode).toBe(403);
      expect((await remove(undefined, lha.local_health_authority_id)).statusCode).toBe(401);
    });
  });
});
