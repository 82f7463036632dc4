import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { apiSourceFile } from '../../paths';

/** The sample feed shipped for the demo agency (invented totals per county, labelled as such in the file). */
export const DEMO_RAINFALL_FILE = apiSourceFile('modules/nowcast/demo-rainfall.json');

/**
 * `npm start` on the demo agency with no RAINFALL_URL (decision 0046): the sample is copied into DATA_DIR with
 * its asOf set to now, so the morning board works (and says where its rainfall comes from), and its file: URL
 * is returned for the server to use as RAINFALL_URL.
 */
export function prepareDemoRainfallFeed(dataDir: string, now = new Date()): string {
  const sample = JSON.parse(readFileSync(DEMO_RAINFALL_FILE, 'utf8')) as Record<string, unknown>;
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'demo-rainfall.json');
  writeFileSync(file, JSON.stringify({ ...sample, asOf: now.toISOString() }, null, 2));
  return pathToFileURL(file).href;
}
