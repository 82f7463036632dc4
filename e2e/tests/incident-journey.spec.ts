import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { loginAs, staffApi } from '../support/auth';
import { expectNoAxeViolations, keepScreenshot, shoot, skipWelcome } from '../support/page-checks';
import { parseCsv, pdf } from '../support/fixtures';

/**
 * An incident from start to finish (issue 12): a beach goes under an Advisory and its incident is open;
 * the county health officer logs two days of it on the Incident screen, starts a sanitary survey from one
 * of those days there, completes the survey (the station's survey flag clears on Beach Stations), records
 * a source trackdown with a PDF and an attempted fix at the station, closes the incident with final
 * comments, and the public site's incident download has the closed incident. Axe on every screen;
 * screenshots at 1280 and 390 wide go to the test output.
 */

const dayBefore = (day: string) => new Date(Date.parse(`${day}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
const usDate = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

interface Station {
  beach_station_id: number;
  station_name: string;
  beach_name: string;
  type: { code: string };
  active: boolean;
  public_visible: boolean;
  municipality: { name: string; county_name: string };
  status: { code: string } | null;
  requires_sanitary_survey: boolean;
  open_surveys: number;
}

/**
 * The agency's side, through the API as the administrator, as sanitary-surveys.spec.ts does it: a result far
 * above 104 CFU/100mL at an Open beach, verified, puts it under an Advisory and flags it for a survey. An
 * incident opened by a status change starts that day and its log takes no earlier day, so the beach was
 * first put under an Advisory by hand from yesterday (its incident, opened by that change, starts yesterday)
 * and reopened this morning; the incident stays open through both, and the verified result's Advisory is
 * logged to it. The station is one no other journey picks first (the last eligible one, outside Monmouth).
 */
async function advisoryBeachWithIncident(request: APIRequestContext) {
  const api = await staffApi(request);
  const filters = await api('GET', '/api/results/filters');
  const today = filters.today as string;
  const yesterday = dayBefore(today);
  const ob = filters.programs.find((p: { abbv: string }) => p.abbv === 'OB');
  const list = (await api('GET', `/api/beach/list/program/${ob.program_id}`)).beachList as Station[];
  const withIncident = new Set(
    ((await api('GET', `/api/incidents/program/${ob.program_id}?state=open`)).list as { beach_station_id: number }[]).map((i) => i.beach_station_id),
  );
  const eligible = list.filter(
    (s) =>
      s.type.code === 'PRIMARY' &&
      s.active &&
      s.public_visible &&
      !s.requires_sanitary_survey &&
      s.open_surveys === 0 &&
      !withIncident.has(s.beach_station_id) &&
      s.municipality.county_name !== 'Monmouth',
  );
  expect(eligible.length).toBeGreaterThan(1);
  const station = eligible[eligible.length - 1]!;
  const legend = (await (await request.get('/api/public/beaches/statuses/legend')).json()).payload as { beach_status_id: number; code: string }[];
  const statusId = (code: string) => legend.find((s) => s.code === code)!.beach_status_id;
  const ids = [station.beach_station_id];
  await api('PUT', '/api/beach/bulkStatus', {
    beach_station_ids: ids,
    beach_status_id: statusId('ADVISORY'),
    reason: 'Browser test: advisory after a sewage overflow report',
    reason_code: 'ELEV_BACT',
    beacon_source: 'SSO',
    effective_date: yesterday,
    send_email: false,
  });
  await api('PUT', '/api/beach/bulkStatus', { beach_station_ids: ids, beach_status_id: statusId('OPEN'), reason: 'Browser test: monitoring resumed', send_email: false });
  const parameter = filters.parameters.find((p: { code: string }) => p.code === 'ENTEROCOCCUS').parameter_id;
  const unit = filters.units.find((u: { code: string }) => u.code === 'CFU_100ML').result_unit_id;
  const saved = await api('POST', '/api/results/bulk', {
    program_id: ob.program_id,
    organization_id: ob.organizations[0].organization_id,
    sample_date: today,
    results: [{ beach_station_id: station.beach_station_id, sample_time_hh: '07', sample_time_mm: '30', parameter_id: parameter, result_unit_id: unit, value: 540 }],
  });
  await api('PUT', '/api/verify/', { result_ids: saved.results.map((r: { result_id: number }) => r.result_id) });
  const now = (await api('GET', `/api/beach/list/program/${ob.program_id}`)).beachList.find((s: Station) => s.beach_station_id === station.beach_station_id) as Station;
  expect(now.status?.code).toBe('ADVISORY');
  expect(now.requires_sanitary_survey).toBe(true);
  const open = ((await api('GET', `/api/beach/${station.beach_station_id}/incidents`)).list as { incident_id: number; state: string; start_date: string }[]).filter(
    (i) => i.state === 'OPEN',
  );
  expect(open).toHaveLength(1);
  expect(open[0]!.start_date).toBe(yesterday);
  return { station: now, incidentId: open[0]!.incident_id, today, yesterday };
}

async function stationRow(page: Page, station: Station) {
  await page.goto('/portal/beaches');
  await expect(page.getByRole('heading', { level: 1, name: 'Beach Stations' })).toBeVisible();
  await page.getByLabel('County', { exact: true }).selectOption({ label: station.municipality.county_name });
  await page.getByLabel('Municipality', { exact: true }).selectOption({ label: station.municipality.name });
  await page.getByLabel('Station type').selectOption('PRIMARY');
  return page.getByRole('row').filter({ hasText: station.station_name });
}

async function openIncidentScreen(page: Page) {
  const menu = page.getByRole('navigation', { name: 'Portal menu' });
  const link = menu.getByRole('link', { name: 'Incident', exact: true });
  if (!(await link.isVisible())) await menu.getByRole('button', { name: /^Beaches/ }).click();
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Incident' })).toBeVisible();
}

test('a county health officer logs an advisory’s incident, surveys the beach from a logged day, records a trackdown, closes the incident, and the public download has it', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const { station, incidentId, today, yesterday } = await advisoryBeachWithIncident(page.request);
  const place = `${station.beach_name} - ${station.station_name}`;
  const finalComments = `Browser journey ${incidentId}: resample met the standard; the roof drain is disconnected and signs are down.`;

  await loginAs(page, 'health@example.org');
  await expect(page).toHaveURL(/\/portal$/);
  const menu = page.getByRole('navigation', { name: 'Portal menu' });
  await menu.getByLabel('Program').selectOption({ label: 'OB - Ocean Beaches' });

  const flagged = await stationRow(page, station);
  await expect(flagged).toContainText('Sanitary survey required');

  // The Incident screen: the advisory's incident, found by its station.
  await openIncidentScreen(page);
  await page.getByLabel('Station', { exact: true }).selectOption(String(station.beach_station_id));
  const list = page.getByRole('table', { name: /^\d+ incidents?$/ });
  await expect(list.getByRole('row').filter({ hasText: station.station_name })).toHaveCount(1);
  await expectNoAxeViolations(page);
  await shoot(page, test.info(), 'journey-incident-list');
  await list.getByRole('button', { name: `Open the incident at ${place} of ${yesterday}` }).click();
  const details = page.getByRole('region', { name: `Incident at ${place}` });
  await expect(details).toBeVisible();
  await expect(details).toContainText('Advisory');

  // Two days logged: yesterday's advisory, then today's.
  const daily = details.getByRole('form', { name: 'Daily entry' });
  const log = () => details.getByRole('table', { name: 'Daily log' });
  const entries: [string, string][] = [
    [yesterday, 'Advisory signs posted at the entrances; lifeguards told.'],
    [today, 'Resample taken at 07:30; signs stay up.'],
  ];
  for (const [day, actions] of entries) {
    await daily.getByLabel(/^Day/).fill(day);
    await daily.getByLabel(/^Beach status that day/).selectOption({ label: 'Advisory' });
    await daily.getByLabel(/^Actions taken/).fill(actions);
    await daily.getByRole('button', { name: 'Save entry' }).click();
    await expect(page.getByText(`The entry of ${day} was saved.`)).toBeVisible();
    await expect(log().getByRole('row', { name: new RegExp(day) })).toContainText(actions);
  }
  await expect(log().getByRole('row', { name: new RegExp(`^(${yesterday}|${today})`) })).toHaveCount(2);
  await expectNoAxeViolations(page);
  await shoot(page, test.info(), 'journey-incident-days');

  // A survey of yesterday's day, started from the Incident screen, opens on Sanitary Surveys.
  await log().getByRole('button', { name: `Start sanitary survey of ${yesterday}` }).click();
  await expect(page).toHaveURL(/\/portal\/beaches\/sanitary-surveys\?survey=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sanitary Surveys' })).toBeVisible();
  const surveyHeading = page.getByRole('heading', { level: 2, name: `Survey of ${place} on ${yesterday}` });
  await expect(surveyHeading).toBeVisible();
  await expect(page.getByText(/Started from an incident day\./)).toBeVisible();

  const form = page.getByRole('form', { name: 'Sanitary survey' });
  await expect(form.getByLabel(/^Surveyor/)).toHaveValue('Helen Rossi');
  await form.getByLabel(/^Sky now/).selectOption({ label: 'Overcast' });
  await form.getByLabel(/^Rainfall, previous 24 hours/).fill('1.1');
  await form.getByLabel(/^Tide/).selectOption({ label: 'Ebb (falling)' });
  await form.getByRole('button', { name: 'Add an outfall or pipe' }).click();
  await form.getByLabel('Outfall or pipe (1)').fill('Storm drain at the street end');
  await form.getByText('Flowing (1)').click();
  await form.getByText('Storm-related runoff', { exact: true }).click();
  await form.getByLabel(/^Comments and observations/).fill('Storm drain flowing after the overflow; dye test the laterals upstream.');
  await expectNoAxeViolations(page);
  await shoot(page, test.info(), 'journey-survey-form');
  await form.getByRole('button', { name: 'Save and complete' }).click();
  await expect(page.getByText(`The survey of ${place} on ${yesterday} was completed; the station no longer needs a sanitary survey.`)).toBeVisible();
  const surveys = page.getByRole('table', { name: /survey/ });
  await expect(surveys.getByRole('row').filter({ hasText: station.station_name }).first()).toContainText('Completed');
  await expectNoAxeViolations(page);

  // Beach Stations: the flag is gone; the station's dashboard takes the trackdown.
  const cleared = await stationRow(page, station);
  await expect(cleared).toBeVisible();
  await expect(cleared).not.toContainText('Sanitary survey required');
  await expect(cleared).not.toContainText('open sanitary survey');
  await expectNoAxeViolations(page);
  await shoot(page, test.info(), 'journey-beach-stations');

  const report = pdf(`Dye test at ${station.station_name}`);
  await cleared.getByRole('link', { name: `Open the dashboard of ${place}` }).click();
  await expect(page).toHaveURL(/\/portal\/beaches\/station\/\d+$/);
  const dashboard = page.getByRole('region', { name: place }).filter({ has: page.getByRole('heading', { name: 'Source trackdowns' }) });
  await expect(dashboard.getByRole('heading', { name: 'Source trackdowns' })).toBeVisible();
  await dashboard.getByRole('button', { name: 'Add a source trackdown' }).click();
  await expect(dashboard.getByRole('heading', { name: 'Add a source trackdown' })).toBeVisible();
  await dashboard.getByLabel('Identified problems (optional)').fill('Illicit connection: a roof drain tied into the sanitary lateral upstream of the outfall.');
  await dashboard.getByLabel('Suggested solutions (optional)').fill('Disconnect the roof drain; dye test again after the repair.');
  await dashboard.getByRole('button', { name: 'Add an attempted fix' }).click();
  const fix = dashboard.getByRole('group', { name: 'Attempted fix 1' });
  await fix.getByLabel(/^Date/).fill(today);
  await fix.getByLabel('Comments (optional)').fill('Roof drain disconnected by the property owner');
  await fix.getByText('Water quality improved').click();
  await dashboard.getByRole('button', { name: 'Add a file' }).click();
  const file = dashboard.getByRole('group', { name: 'File 1' });
  await file.locator('input[type=file]').setInputFiles({ name: 'dye-test.pdf', mimeType: 'application/pdf', buffer: report });
  await expect(file.getByText(/Chosen: dye-test\.pdf/)).toBeVisible();
  await file.getByLabel('Description (optional)').fill('Dye test report');
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await keepScreenshot(dashboard, { path: testInfo.outputPath('journey-trackdown-form-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await keepScreenshot(dashboard, { path: testInfo.outputPath('journey-trackdown-form-390.png') });
  await page.setViewportSize({ width: 1280, height: 900 });
  await dashboard.getByRole('button', { name: 'Add the trackdown' }).click();
  await expect(dashboard.getByRole('status')).toContainText('The source trackdown was added.');
  const trackdown = dashboard.getByRole('article', { name: new RegExp(`^Trackdown #\\d+ of ${today} by Helen Rossi$`) });
  await expect(trackdown).toContainText('Illicit connection: a roof drain tied into the sanitary lateral');
  await expect(
    trackdown.getByRole('table', { name: 'Attempted fixes' }).getByRole('row', { name: new RegExp(`${today} Roof drain disconnected by the property owner Yes`) }),
  ).toBeVisible();
  await expect(trackdown.getByRole('button', { name: 'Download dye-test.pdf' })).toBeVisible();
  await expectNoAxeViolations(page);

  // Back on the Incident screen: closed with final comments, after the confirmation.
  await openIncidentScreen(page);
  await page.getByLabel('Station', { exact: true }).selectOption(String(station.beach_station_id));
  await page.getByRole('button', { name: `Open the incident at ${place} of ${yesterday}` }).click();
  await expect(details).toBeVisible();
  await expect(log().getByRole('row', { name: new RegExp(`^(${yesterday}|${today})`) })).toHaveCount(2);
  const closing = details.getByRole('form', { name: 'Close the incident' });
  await closing.getByLabel(/^Final comments/).fill(finalComments);
  await closing.getByRole('button', { name: 'Close incident' }).click();
  const dialog = page.getByRole('dialog', { name: 'Close this incident?' });
  await expect(dialog.getByRole('heading', { name: 'Close this incident?' })).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Close incident' }).click();
  await expect(page.getByText(`The incident at ${place} was closed.`)).toBeVisible();
  await expect(details.getByText(finalComments)).toBeVisible();
  await expect(details.getByRole('form', { name: 'Daily entry' })).toHaveCount(0);
  await expect(details.getByRole('button', { name: /^Start sanitary survey/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await shoot(page, test.info(), 'journey-incident-closed');

  // The public site's Download Data panel: the station and the two days give the closed incident.
  await skipWelcome(page);
  await page.goto('/faqs');
  await page.getByRole('button', { name: 'Beach Data' }).click();
  const panel = page.getByRole('dialog', { name: 'Download Data' });
  await panel.getByLabel('County').selectOption({ label: station.municipality.county_name });
  await panel.getByLabel('Municipality').selectOption({ label: station.municipality.name });
  await panel.getByLabel('Beach', { exact: true }).selectOption(String(station.beach_station_id));
  await panel.getByLabel('Start date').fill(yesterday);
  await panel.getByLabel('End date').fill(today);
  const count = panel.getByText('Incidents', { exact: true }).locator('xpath=following-sibling::dd');
  await expect(count).toHaveText(/^[1-9][\d,]*$/);
  await expectNoAxeViolations(page);
  // The dialog sits over the page: the viewport shows it, a full-page shot would show the page behind.
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await keepScreenshot(page, { path: testInfo.outputPath(`journey-public-download-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await panel.getByRole('button', { name: 'Download Incident Data' }).click();
  const notice = panel.getByRole('region', { name: 'Data use notice' });
  const downloading = page.waitForEvent('download');
  await notice.getByRole('button', { name: 'Accept and download' }).click();
  const download = await downloading;
  expect(download.url()).toContain('/api/public/data/download/incident/?downloadType=incident');
  const [header, ...rows] = parseCsv(await readFile((await download.path())!, 'utf8')).filter((row) => row.some((cell) => cell !== ''));
  const column = (name: string) => header!.indexOf(name);
  const mine = rows.find((row) => row[column('Incident_Id')] === String(incidentId));
  expect(mine, `incident ${incidentId} in the download`).toBeDefined();
  expect(mine![column('Station_Name')]).toBe(station.station_name);
  expect(mine![column('Start_Date')]).toBe(usDate(yesterday));
  expect(mine![column('End_Date')]).toBe(usDate(today));
  expect(mine![column('Incident_State')]).toBe('Closed');
  expect(mine![column('Final_Comments')]).toBe(finalComments);
});
