import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client';
import { moveRanked } from '../src/modules/ranking/service';
import { createTestContext, DATABASE_KIND, type TestContext } from './helpers';

/** The ranked-list move every ranked screen shares, on the links list (ranked, seeded, no rank call of its own). */
let ctx: TestContext;
let adminId: number;

const order = async () =>
  queryRows<{ id: number; rank: number }>(ctx.database.db, sql`select link_id as id, rank from links order by rank, link_id`);

beforeAll(async () => {
  ctx = await createTestContext();
  const [admin] = await queryRows<{ user_id: number }>(ctx.database.db, sql`select user_id from users where email = 'admin@example.org'`);
  adminId = admin!.user_id;
  // At least four links, with the gaps and ties older data may hold.
  for (const [i, rank] of [5, 5, 9, 12].entries()) {
    await ctx.database.db.execute(sql`insert into links (title, url, rank) values (${`Rank test ${i}`}, 'https://example.org', ${rank})`);
  }
}, 300_000);
afterAll(() => ctx?.close());

describe(`ranked lists on ${DATABASE_KIND}`, () => {
  it('moves an item one place, renumbering gaps and ties to 1..n first; first and last stay put', async () => {
    const before = await order();
    const third = before[2]!;
    const moved = await moveRanked(ctx.deps, adminId, 'links', third.id, 'up', 'Link');
    expect(moved).toEqual({ id: third.id, rank: 2, moved: true });
    const after = await order();
    expect(after.map((r) => r.rank)).toEqual(after.map((_, i) => i + 1));
    expect(after.map((r) => r.id)).toEqual([before[0]!.id, third.id, before[1]!.id, ...before.slice(3).map((r) => r.id)]);

    expect(await moveRanked(ctx.deps, adminId, 'links', after[0]!.id, 'up', 'Link')).toEqual({ id: after[0]!.id, rank: 1, moved: false });
    const last = after.at(-1)!;
    expect(await moveRanked(ctx.deps, adminId, 'links', last.id, 'down', 'Link')).toMatchObject({ rank: after.length, moved: false });
    const audit = await queryRows<{ before: string; after: string }>(
      ctx.database.db,
      sql`select before::text, after::text from audit_log where table_name = 'links' and record_id = ${String(third.id)}`,
    );
    expect(audit.map((a) => [JSON.parse(a.before), JSON.parse(a.after)])).toEqual([[{ rank: 3 }, { rank: 2 }]]);
  });

  it('keeps ranks 1..n without gaps or ties under many concurrent moves', async () => {
    const ids = (await order()).map((r) => r.id);
    const moves = Array.from({ length: 40 }, (_, i) =>
      moveRanked(ctx.deps, adminId, 'links', ids[(i * 7) % ids.length]!, i % 3 === 0 ? 'down' : 'up', 'Link'),
    );
    await Promise.all(moves);
    const after = await order();
    expect(after.map((r) => r.rank)).toEqual(after.map((_, i) => i + 1));
    expect([...after.map((r) => r.id)].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
  });

  it('answers 404 for an item that does not exist and changes nothing', async () => {
    const before = await order();
    await expect(moveRanked(ctx.deps, adminId, 'links', 999_999, 'up', 'Link')).rejects.toMatchObject({ statusCode: 404 });
    expect(await order()).toEqual(before);
  });
});
