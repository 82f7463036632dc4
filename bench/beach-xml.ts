/**
 * `npx tsx bench/beach-xml.ts`: DEP IT: XML File (EPA BEACH notification 2.4) at national scale on PostgreSQL
 * (decision 0033). Downloads the file of the program and year with the most status actions (then beaches)
 * through the API as an organization admin, counting the <BeachDetail> and <BeachActivityDetail> elements as it
 * streams (nothing kept), and prints beaches/s and actions/s, the file's size and the API server's peak RSS (the
 * server runs in a process of its own: bench/server.ts). Exits non-zero unless memory stays flat (the limit
 * bench/wqx.ts uses: +50 MB at most).
 *
 *   BENCH_DATABASE_URL  PostgreSQL database (default postgres://postgres@127.0.0.1:5432/beach_bench);
 *                       created, migrated and seeded when empty, as `npm run bench` does.
 *   --scale national|demo, --stations N, --results N   what to seed into an empty database (see bench/run.ts).
 */
import { benchHeader, countingDownload, memoryLines, prepareBenchDatabase, queryBench, seedArgs, startBenchServer } from './export';

async function main() {
  await prepareBenchDatabase(seedArgs());

  // The national seed gives beaches no EPA beach id and counties no FIPS code, and 2.4 needs both (a beach
  // without them is left out of the file): give every such beach an 8-character id and county a New Jersey
  // code (bench data only; once, later runs find them set).
  const [filled] = await queryBench<{ beaches: string; counties: string }>(
    `with c as (update counties set fips = '34' || lpad(county_id::text, 3, '0') where fips is null returning 1),
          b as (update beaches set epa_beach_id = 'NJ' || lpad(beach_id::text, 6, '0') where epa_beach_id is null returning 1)
     select (select count(*) from b) as beaches, (select count(*) from c) as counties`,
  );
  if (filled && Number(filled.beaches) + Number(filled.counties) > 0) {
    console.log(`Gave ${filled.beaches} beaches an EPA beach id and ${filled.counties} counties a FIPS code (bench data)`);
  }

  // The program and (past or current) year with the most status changes at primary stations (what the
  // file's actions come from), then the most beaches; the file holds all of the program's beaches.
  const rows = await queryBench<{ program_id: number; abbv: string; year: number; changes: string; beaches: string }>(
    `with changes as (
       select b.program_id, extract(year from h.effective_date)::int as year, count(*) as changes
         from beach_status_history h join beach_stations bs on bs.beach_station_id = h.beach_station_id
         join beaches b on b.beach_id = bs.beach_id
        where bs.station_type = 'PRIMARY' and h.effective_date <= current_date
        group by 1, 2)
     select c.program_id, p.abbv, c.year, c.changes, (select count(*) from beaches b where b.program_id = c.program_id) as beaches
       from changes c join programs p on p.program_id = c.program_id
      order by c.changes desc, beaches desc limit 1`,
  );
  const pick = rows[0];
  if (!pick) throw new Error('No status changes to export');

  const server = await startBenchServer();
  try {
    const url = `${server.base}/api/depit/xml/beachNotification?program_id=${pick.program_id}&year=${pick.year}`;
    console.log(benchHeader('DEP IT: XML File (BEACH notification 2.4)'));
    console.log(`  program ${pick.abbv}, ${pick.year}: ${Number(pick.beaches).toLocaleString()} beaches, ${Number(pick.changes).toLocaleString()} status changes at primary stations`);
    const run = await server.measure(() => countingDownload(url, server.token, 'BEACH notification', ['<BeachDetail>', '<BeachActivityDetail>']));
    const [beaches, actions] = run.value.counts as [number, number];
    const perSecond = (n: number) => Math.round(n / run.seconds).toLocaleString();
    console.log(
      `  API  ${perSecond(beaches)} beaches/s, ${perSecond(actions)} actions/s (${beaches.toLocaleString()} beaches, ${actions.toLocaleString()} actions written in ${run.seconds.toFixed(1)} s, ${(run.value.bytes / 1e6).toFixed(1)} MB of XML)`,
    );
    const memory = memoryLines(run, run.value.bytes);
    for (const line of memory.lines) console.log(line);
    if (!memory.pass) process.exitCode = 1;
  } finally {
    server.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
