/**
 * npx tsx bench/legacy-agency-file.ts [--rows N (default 4,500, at most about 4,800)] [--seed N] > agency.csv
 *
 * A legacy results file shaped as an agency's own download is (issue 9, DESIGN 4 layout) for trying the
 * import by hand: several seasons, two programs under the agency's own names ('Cooperative Coastal
 * Monitoring Program', 'Bay Monitoring Program'), county names with 'County', municipality names with their
 * form of government, primaries with brackets named XX1020N1 / XX1020S1 / XX1185SN1 whose Beach_Name has the
 * side and number, one bracket whose primary is not in the file, Archived and Historical stations, remark
 * codes '--', K, L, NS (with N/A), FA, CG and a code no one maps yet (QQ), and comments that are free text,
 * empty or an old system's audit note. Places are the demo agency's (npm run seed -- --scale demo).
 *
 *   npm run import:results -- --program OB --map-program 'Cooperative Coastal Monitoring Program=OB' \
 *     --map-program 'Bay Monitoring Program=BB' --map-remark 'QQ=K' --verified --replay-rules agency.csv
 */
import { parseArgs } from 'node:util';
import { csvLine, WATER_QUALITY_COLUMNS } from '@beach/domain';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '4500' }, seed: { type: 'string', default: '9' } } });
const wanted = Number(values.rows);

/** mulberry32: the same file for the same seed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rnd = random(Number(values.seed));

interface Station {
  program: string;
  name: string;
  beach: string;
  town: string;
  county: string;
  type: 'Primary' | 'Bracket' | 'Archived' | 'Historical';
  location: 'Ocean' | 'Bay';
  lat: number;
  lon: number;
  /** Seasons it was sampled in. */
  seasons: number[];
}

const OCEAN = 'Cooperative Coastal Monitoring Program';
const BAY = 'Bay Monitoring Program';
const ALL = [2021, 2022, 2023, 2024, 2025];
const stations: Station[] = [];
const beach = (program: string, code: number, beachName: string, town: string, county: string, location: 'Ocean' | 'Bay', lat: number, lon: number, sides: string[]) => {
  const name = `XX${code}`;
  stations.push({ program, name, beach: beachName, town, county, type: 'Primary', location, lat, lon, seasons: ALL });
  for (const side of sides) {
    stations.push({ program, name: `${name}${side}`, beach: `${beachName} ${side}`, town, county, type: 'Bracket', location, lat: lat + 0.002, lon, seasons: ALL });
  }
};
beach(OCEAN, 1020, 'South Bath', 'Avalon Borough', 'Cape May County', 'Ocean', 39.09, -74.72, ['N1', 'S1']);
beach(OCEAN, 1185, 'North Bath', 'Avalon Borough', 'Cape May County', 'Ocean', 39.1, -74.715, ['SN1']);
beach(OCEAN, 1210, 'Tenth Street', 'Ocean City', 'Cape May County', 'Ocean', 39.27, -74.57, ['N1', 'S1']);
beach(OCEAN, 1250, 'JFK Beach', 'Sea Isle City', 'Cape May County', 'Ocean', 39.15, -74.69, []);
beach(OCEAN, 1300, 'Ninety-Sixth Street', 'Stone Harbor Borough', 'Cape May County', 'Ocean', 39.05, -74.75, ['N1']);
beach(OCEAN, 2010, 'Sunset Avenue', 'Asbury Park City', 'Monmouth County', 'Ocean', 40.22, -74.0, ['N1', 'S1']);
beach(OCEAN, 2050, 'Fifth Avenue Belmar', 'Belmar Borough', 'Monmouth County', 'Ocean', 40.18, -74.015, ['S1']);
beach(OCEAN, 3010, 'Holgate Beach', 'Long Beach Township', 'Ocean County', 'Ocean', 39.52, -74.27, []);
beach(BAY, 4010, 'Bayside Second Street', 'Ocean City', 'Cape May County', 'Bay', 39.28, -74.58, ['N1']);
beach(BAY, 4020, 'Sea Isle Bay Beach', 'Sea Isle City', 'Cape May County', 'Bay', 39.155, -74.7, []);
// A bracket whose primary is in neither the file nor the database.
stations.push({ program: OCEAN, name: 'XX9100N1', beach: 'Lost Pier N1', town: 'Avalon Borough', county: 'Cape May County', type: 'Bracket', location: 'Ocean', lat: 39.08, lon: -74.73, seasons: [2021, 2022] });
// Stations no longer sampled: their history only.
stations.push({ program: OCEAN, name: 'XX0900', beach: 'Old Pier', town: 'Ocean City', county: 'Cape May County', type: 'Archived', location: 'Ocean', lat: 39.26, lon: -74.58, seasons: [2021, 2022] });
stations.push({ program: OCEAN, name: 'XX0900N1', beach: 'Old Pier N1', town: 'Ocean City', county: 'Cape May County', type: 'Historical', location: 'Ocean', lat: 39.262, lon: -74.58, seasons: [2021] });

/** A lab count: log-normal around 20 CFU, a few exceedances. */
const count = () => Math.max(1, Math.round(Math.exp(Math.log(20) + 1.3 * Math.sqrt(-2 * Math.log(rnd() || 1e-9)) * Math.cos(2 * Math.PI * rnd()))));
const COMMENTS = ['', '', '', '', '', 'Resampled after rain', 'Heavy surf', 'Dead fish on beach', 'Modified by JSMITH on 07/15/2015 09:12 (was 24)', 'Entered by lab import 2019-06-03'];
const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;

/** One row's measure and remark, as agencies write them. */
function reading(): [string, string] {
  const r = rnd();
  if (r < 0.02) return ['N/A', 'NS'];
  if (r < 0.03) return [rnd() < 0.5 ? 'N/A' : String(count()), 'FA'];
  if (r < 0.04) return [String(2000 + Math.round(rnd() * 2000)), 'CG'];
  if (r < 0.045) return [String(count()), 'QQ'];
  if (r < 0.05) return ['2420', 'L'];
  const value = count();
  if (value <= 10) return ['10', 'K'];
  if (value >= 2420) return ['2420', 'L'];
  return [String(value), '--'];
}

const out: string[] = [csvLine(WATER_QUALITY_COLUMNS)];
let rows = 0;
const pad = (n: number) => String(n).padStart(2, '0');
// Twice a week from mid-May to mid-September (36 sampling days), season after season, until the row count.
outer: for (const season of ALL) {
  for (let d = 0; d < 36; d++) {
    const day = new Date(Date.UTC(season, 4, 15 + Math.floor(d / 2) * 7 + (d % 2) * 3));
    for (const s of stations) {
      if (!s.seasons.includes(season)) continue;
      const [measure, remark] = reading();
      out.push(
        csvLine([
          s.program,
          s.name,
          s.beach,
          s.lat.toFixed(4),
          s.lon.toFixed(4),
          s.town,
          s.county,
          s.type,
          s.location,
          `${pad(day.getUTCMonth() + 1)}/${pad(day.getUTCDate())}/${season}`,
          `${pad(8 + (rows % 4))}:${pad((rows * 7) % 60)}`,
          measure,
          pick(COMMENTS),
          'CFU/100mL',
          'Enterococcus',
          remark,
        ]),
      );
      if (++rows >= wanted) break outer;
    }
  }
}
process.stdout.write(out.join(''));
process.stderr.write(`${rows} rows, ${stations.length} stations\n`);
