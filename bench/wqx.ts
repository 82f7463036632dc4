/**
 * `npx tsx bench/wqx.ts`: DEP IT: WQX at national scale on PostgreSQL (decision 0034). Downloads the WQX
 * file of the program with the most published results, over all its dates, through the API (curl to
 * /dev/null, as an organization admin) and prints rows/s, the file's size and the API server's peak RSS
 * (the server runs in a process of its own: bench/server.ts); memory must stay flat (+50 MB at most).
 *
 *   BENCH_DATABASE_URL  PostgreSQL database (default postgres://postgres@127.0.0.1:5432/beach_bench);
 *                       created, migrated and seeded when empty, as `npm run bench` does.
 *   --scale national|demo, --stations N, --results N   what to seed into an empty database (see bench/run.ts).
 */
import { benchHeader, curlDownload, memoryLines, prepareBenchDatabase, queryBench, seedArgs, startBenchServer } from './export';

async function main() {
  await prepareBenchDatabase(seedArgs());

  // The program with the most published results (the export's own condition), and its dates.
  const rows = await queryBench<{ program_id: number; abbv: string; n: string; from: string; to: string }>(
    `select b.program_id, p.abbv, count(*) as n, to_char(min(r.sample_date), 'YYYY-MM-DD') as "from", to_char(max(r.sample_date), 'YYYY-MM-DD') as "to"
       from results r join beach_stations bs on bs.beach_station_id = r.beach_station_id join beaches b on b.beach_id = bs.beach_id
       join programs p on p.program_id = b.program_id left join remark_codes rc on rc.remark_code_id = r.remark_code_id
      where bs.public_visible and r.verification_state in ('VERIFIED', 'SECONDARY_VERIFIED') and (rc.code is null or rc.code <> 'NS')
      group by b.program_id, p.abbv order by count(*) desc limit 1`,
  );
  const program = rows[0];
  if (!program) throw new Error('No published results to export');
  const resultsCount = Number(program.n);

  const server = await startBenchServer();
  try {
    const url = `${server.base}/api/depit/wqx?program_id=${program.program_id}&from=${program.from}&to=${program.to}`;

    console.log(benchHeader('DEP IT: WQX'));
    console.log(`  program ${program.abbv}: ${resultsCount.toLocaleString()} published results, ${program.from} to ${program.to}`);
    const run = await server.measure(() => curlDownload(url, server.token, 'WQX'));
    const rate = resultsCount / run.seconds;
    console.log(`  API  ${Math.round(rate).toLocaleString()} results/s (${run.seconds.toFixed(1)} s, ${(run.value.bytes / 1e6).toFixed(0)} MB of XML)`);
    for (const line of memoryLines(run, run.value.bytes).lines) console.log(line);
  } finally {
    server.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
