import { count } from 'drizzle-orm';
import type { Database } from '../apps/api/src/db/client';
import { programs } from '../apps/api/src/db/schema';
import { seedDemo } from '../apps/api/src/db/seed/demo';
import { seedNational } from '../apps/api/src/db/seed/national';
import { seedReference } from '../apps/api/src/db/seed/reference';

export interface BenchSeedOptions {
  scale: 'national' | 'demo';
  /** National scale only: stations and results (defaults 6,000 and 10 million). */
  stations?: number;
  results?: number;
}

/**
 * Seeds an empty bench database: the national-scale agency through the seed module's national
 * function (COPY into PostgreSQL), or the demo agency. Returns what it seeded, or null when the
 * database already had programs (it is then used as it is).
 */
export async function seedBenchData(database: Database, options: BenchSeedOptions): Promise<{ text: string; seconds: number } | null> {
  const [row] = await database.db.select({ n: count() }).from(programs);
  if ((row?.n ?? 0) > 0) return null;
  console.log(`Empty database: seeding the ${options.scale} scale (this can take a while)...`);
  const started = Date.now();
  if (options.scale === 'national') {
    const summary = await seedNational(database.pool!, {
      stations: options.stations,
      results: options.results,
      log: (message) => console.log(message),
    });
    console.log(`  ${summary.stations.toLocaleString()} stations, ${summary.results.toLocaleString()} results`);
  } else {
    await seedReference(database.db);
    await seedDemo(database.db, { scale: 'demo' });
  }
  const seconds = (Date.now() - started) / 1000;
  const text = `${options.scale} scale in ${seconds.toFixed(0)} s`;
  console.log(`Seeded the ${text}`);
  return { text, seconds };
}
