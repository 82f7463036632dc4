import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { loginAs, staffApi } from '../support/auth';
import { expectNoAxeViolations, shoot } from '../support/page-checks';

/**
 * Sanitary surveys (issue 12, decision 0027): a result above the beach action value at an Open beach puts
 * it under an Advisory, flags it for a sanitary survey and has an incident with that day logged; the county
 * health officer starts a survey from that incident day on the Sanitary Surveys screen, fills it in and
 * completes it, and the flag is gone from Beach Stations. Screenshots at 1280 and 390 wide go to the test output.
 */

/** A one-pixel PNG: the photo the officer adds. */
const PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

interface Station {
  beach_station_id: number;
  station_name: string;
  beach_name: string;
  type: { code: string };
  active: boolean;
  municipality: { name: string; county_name: string };
  status: { code: string } | null;
  requires_sanitary_survey: boolean;
  open_surveys: number;
}

/** The agency's side, through the API as the administrator: an Advisory beach flagged for a survey, with an open incident whose day is logged. */
async function advisoryBeachWithIncident(request: APIRequestContext) {
  const api = await staffApi(request);
  const filters = await api('GET', '/api/results/filters');
  const ob = filters.programs.find((p: { abbv: string }) => p.abbv === 'OB');
  const list = (await api('GET', `/api/beach/list/program/${ob.program_id}`)).beachList as Station[];
  const station = list.find((s) => s.type.code === 'PRIMARY' && s.active && !s.requires_sanitary_survey && s.open_surveys === 0)!;
  const legend = (await (await request.get('/api/public/beaches/statuses/legend')).json()).payload as { beach_status_id: number; code: string }[];
  const statusId = (code: string) => legend.find((s) => s.code === code)!.beach_status_id;
  // Monitoring resumes (Open), then a sample far above 104 CFU/100mL is entered and verified: the program's rule sets Advisory and asks for a survey.
  await api('PUT', '/api/beach/bulkStatus', { beach_station_ids: [station.beach_station_id], beach_status_id: statusId('OPEN'), reason: 'Browser test: monitoring resumed' });
  const parameter = filters.parameters.find((p: { code: string }) => p.code === 'ENTEROCOCCUS').parameter_id;
  const unit = filters.units.find((u: { code: string }) => u.code === 'CFU_100ML').result_unit_id;
  const saved = await api('POST', '/api/results/bulk', {
    program_id: ob.program_id,
    organization_id: ob.organizations[0].organization_id,
    sample_date: filters.today,
    results: [{ beach_station_id: station.beach_station_id, sample_time_hh: '07', sample_time_mm: '45', parameter_id: parameter, result_unit_id: unit, value: 620 }],
  });
  await api('PUT', '/api/verify/', { result_ids: saved.results.map((r: { result_id: number }) => r.result_id) });
  const now = (await api('GET', `/api/beach/list/program/${ob.program_id}`)).beachList.find((s: Station) => s.beach_station_id === station.beach_station_id) as Station;
  expect(now.status?.code).toBe('ADVISORY');
  expect(now.requires_sanitary_survey).toBe(true);
  // The advisory's incident (opened by the rule where it does that, else by hand), with today logged as an Advisory day.
  const incidents = (await api('GET', `/api/beach/${station.beach_station_id}/incidents`)).list as { incident_id: number; state: string }[];
  const incidentId =
    incidents.find((i) => i.state === 'OPEN')?.incident_id ??
    (await api('POST', `/api/beach/${station.beach_station_id}/incidents`, { start_date: filters.today, reason_code: 'ELEV_BACT', source_code: 'UNKNOWN' })).incident_id;
  await api('PUT', `/api/incidents/${incidentId}/daily`, {
    daily_incidents: [{ entry_date: filters.today, beach_status_id: statusId('ADVISORY'), actions: 'Advisory signs posted; resample taken.', comments: '' }],
  });
  return { station: now, incidentId: incidentId as number, today: filters.today as string };
}

async function stationRow(page: Page, station: Station) {
  await page.goto('/portal/beaches');
  await expect(page.getByRole('heading', { level: 1, name: 'Beach Stations' })).toBeVisible();
  await page.getByLabel('County', { exact: true }).selectOption({ label: station.municipality.county_name });
  await page.getByLabel('Municipality', { exact: true }).selectOption({ label: station.municipality.name });
  await page.getByLabel('Station type').selectOption('PRIMARY');
  return page.getByRole('row').filter({ hasText: station.station_name });
}

test('a county health officer completes a sanitary survey started from an incident day, and the survey flag clears', async ({ page }) => {
  test.setTimeout(180_000);
  const { station, incidentId, today } = await advisoryBeachWithIncident(page.request);

  await loginAs(page, 'health@example.org');
  await expect(page).toHaveURL(/\/portal$/);
  const menu = page.getByRole('navigation', { name: 'Portal menu' });
  await menu.getByLabel('Program').selectOption({ label: 'OB - Ocean Beaches' });

  const before = await stationRow(page, station);
  await expect(before).toContainText('Sanitary survey required');

  // The Beaches section is open already on Beach Stations (its route prefix).
  const link = menu.getByRole('link', { name: 'Sanitary Surveys', exact: true });
  if (!(await link.isVisible())) await menu.getByRole('button', { name: /^Beaches/ }).click();
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sanitary Surveys' })).toBeVisible();
  const start = page.getByRole('form', { name: 'Start a survey from an incident day' });
  await start.getByLabel(/^Incident day/).selectOption(`${incidentId}|${today}`);
  await expectNoAxeViolations(page);
  await shoot(page, test.info(), 'sanitary-surveys-list');
  await start.getByRole('button', { name: 'Start sanitary survey' }).click();
  await expect(page.getByText(`A survey of ${station.beach_name} - ${station.station_name} on ${today} was started.`)).toBeVisible();

  // A photo of the outfall, through the upload pipeline (re-encoded, served to the survey's users only).
  const photos = page.getByRole('region', { name: 'Photos' });
  const addPhoto = photos.getByRole('form', { name: 'Add a photo' });
  await addPhoto.locator('input[type=file]').setInputFiles({ name: 'outfall.png', mimeType: 'image/png', buffer: PIXEL_PNG });
  await addPhoto.getByLabel(/^Caption/).fill('Outfall at the street end');
  await addPhoto.getByRole('button', { name: 'Add the photo' }).click();
  await expect(photos.getByText('The photo outfall.png was added.')).toBeVisible();
  await expect(photos.getByRole('img', { name: 'Outfall at the street end' })).toBeVisible();

  const form = page.getByRole('form', { name: 'Sanitary survey' });
  await expect(form.getByLabel(/^Surveyor/)).toHaveValue('Helen Rossi');
  await form.getByLabel(/^Sky now/).selectOption({ label: 'Overcast' });
  await form.getByLabel(/^Rainfall, previous 24 hours/).fill('0.8');
  await form.getByLabel(/^Rainfall, previous 48 hours/).fill('1.4');
  await form.getByLabel(/^Tide/).selectOption({ label: 'Ebb (falling)' });
  await form.getByLabel(/^Wind speed/).fill('12');
  await form.getByLabel(/^Wind direction/).selectOption({ label: 'From the northeast' });
  await form.getByLabel(/^Water temperature/).fill('64');
  await form.getByLabel(/^Turbidity/).selectOption({ label: 'Slightly turbid' });
  await form.getByRole('button', { name: 'Add birds or animals' }).click();
  await form.getByLabel('Count (1)').fill('85');
  await form.getByLabel('Where and what (1, optional)').fill('Gulls at the wrack line');
  await form.getByRole('button', { name: 'Add an outfall or pipe' }).click();
  await form.getByLabel('Outfall or pipe (1)').fill('Storm drain at the street end');
  await form.getByText('Flowing (1)').click();
  await form.getByText('Storm-related runoff', { exact: true }).click();
  await form.getByText('Wildlife', { exact: true }).click();
  await form.getByLabel(/^Comments and observations/).fill('Outfall flowing after overnight rain; resample tomorrow.');
  await expectNoAxeViolations(page);
  await shoot(page, test.info(), 'sanitary-survey-form');
  await form.getByRole('button', { name: 'Save and complete' }).click();
  await expect(page.getByText(/was completed; the station no longer needs a sanitary survey\./)).toBeVisible();
  const table = page.getByRole('table', { name: /survey/ });
  await expect(table.getByRole('row').filter({ hasText: station.station_name }).first()).toContainText('Completed');

  const after = await stationRow(page, station);
  await expect(after).toBeVisible();
  await expect(after).not.toContainText('Sanitary survey required');
  await expect(after).not.toContainText('open sanitary survey');
});
