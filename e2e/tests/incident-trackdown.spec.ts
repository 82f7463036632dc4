import { expect, test } from '../support/test';
import { loginAs, staffApi } from '../support/auth';
import { expectNoAxeViolations, shoot } from '../support/page-checks';

/**
 * Incidents and source trackdowns connected (issue 28): the county health officer (an incidents
 * administrator and a sanitary surveys user in Ocean Beaches) opens an incident, starts a source trackdown
 * from it (the station's dashboard, its own page, opens with the form prefilled with the incident and its
 * dates), saves it, sees the incident on the trackdown, follows the link back to the incident and sees the
 * trackdown listed there, and follows that link to the trackdown. Axe on each page; screenshots of the
 * incident and of the trackdown at 1280 and 390 wide go to the test output.
 */

const dayBefore = (day: string) => new Date(Date.parse(`${day}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

interface Station {
  beach_station_id: number;
  station_name: string;
  beach_name: string;
  type: { code: string };
  active: boolean;
  public_visible: boolean;
  municipality: { county_name: string };
}

test('an incident starts a source trackdown, the trackdown names the incident, and the incident lists the trackdown', async ({ page }) => {
  test.setTimeout(180_000);
  // The agency's side: an incident opened by hand yesterday at an Ocean Beaches primary station.
  const api = await staffApi(page.request);
  const filters = await api('GET', '/api/results/filters');
  const today = filters.today as string;
  const yesterday = dayBefore(today);
  const ob = filters.programs.find((p: { abbv: string }) => p.abbv === 'OB');
  const list = (await api('GET', `/api/beach/list/program/${ob.program_id}`)).beachList as Station[];
  // A station with no open incident, so the Incident screen lists this one alone there; outside Monmouth, whose
  // first station source-trackdowns.spec.ts takes (incident-journey.spec.ts takes the last eligible one).
  const withIncident = new Set(
    ((await api('GET', `/api/incidents/program/${ob.program_id}?state=open`)).list as { beach_station_id: number }[]).map((i) => i.beach_station_id),
  );
  const station = list.find((s) => s.type.code === 'PRIMARY' && s.active && s.public_visible && s.municipality.county_name !== 'Monmouth' && !withIncident.has(s.beach_station_id))!;
  expect(station, 'an Ocean Beaches primary station without an open incident').toBeTruthy();
  const place = `${station.beach_name} - ${station.station_name}`;
  const incident = (await api('POST', `/api/beach/${station.beach_station_id}/incidents`, {
    start_date: yesterday,
    reason_code: 'ELEV_BACT',
    source_code: 'STORM',
    additional_overall_comments: 'Browser test: storm drain flowing onto the beach.',
  })) as { incident_id: number };

  await loginAs(page, 'health@example.org');
  await expect(page).toHaveURL(/\/portal$/);
  await page.getByRole('navigation', { name: 'Portal menu' }).getByLabel('Program').selectOption({ label: 'OB - Ocean Beaches' });

  // The incident, opened from the Incident screen's list.
  await page.goto('/portal/beaches/incidents');
  await expect(page.getByRole('heading', { level: 1, name: 'Incident' })).toBeVisible();
  await page.getByLabel('Station', { exact: true }).selectOption(String(station.beach_station_id));
  await page.getByRole('button', { name: `Open the incident at ${place} of ${yesterday}` }).click();
  await expect(page).toHaveURL(new RegExp(`\\?station=${station.beach_station_id}&incident=${incident.incident_id}$`));
  const details = page.getByRole('region', { name: `Incident at ${place}` });
  await expect(details).toBeVisible();
  const trackdowns = details.getByRole('region', { name: 'Source trackdowns' });
  await expect(trackdowns).toBeVisible();
  await expect(trackdowns.getByText('No source trackdown follows up this incident yet.')).toBeVisible();
  await expectNoAxeViolations(page);

  // Start a source trackdown: the station's dashboard page, the form open with the incident chosen and its dates.
  await trackdowns.getByRole('link', { name: 'Start a source trackdown' }).click();
  await expect(page).toHaveURL(new RegExp(`/portal/beaches/station/${station.beach_station_id}\\?trackdownFor=${incident.incident_id}#source-trackdowns$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Station dashboard' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Beach Stations' })).toHaveAttribute('href', '/portal/beaches');
  const dashboard = page.getByRole('region', { name: place });
  await expect(dashboard.getByRole('heading', { name: 'Start a source trackdown for the incident' })).toBeVisible();
  await expect(dashboard.getByLabel('Incident it follows up (optional)')).toHaveValue(String(incident.incident_id));
  await expect(dashboard.getByLabel('Description (optional)')).toHaveValue(`Follow-up of the incident at ${place} that started on ${yesterday} (still open).`);
  await dashboard.getByLabel('Identified problems (optional)').fill('Storm drain outfall 2 carries a dry-weather flow.');
  await expectNoAxeViolations(page);
  await dashboard.getByRole('button', { name: 'Add the trackdown' }).click();

  // The trackdown names the incident, with a link back.
  await expect(dashboard.getByRole('status')).toContainText('The source trackdown was added.');
  await expect(page).not.toHaveURL(/trackdownFor/);
  const trackdown = dashboard.getByRole('article', { name: /^Trackdown #\d+ of \d{4}-\d{2}-\d{2} by Helen Rossi$/ }).filter({ hasText: 'Storm drain outfall 2' });
  await expect(trackdown).toBeVisible();
  const followed = trackdown.getByRole('link', { name: new RegExp(`^Incident of ${yesterday} \\(Open\\)`) });
  await expect(followed).toHaveAttribute('href', `/portal/beaches/incidents?station=${station.beach_station_id}&incident=${incident.incident_id}`);
  const trackdownId = Number(/#(\d+)/.exec((await trackdown.getByRole('heading').first().textContent())!)![1]);
  await expect(dashboard.getByText(/^Loading/)).toHaveCount(0);
  await expectNoAxeViolations(page);
  await trackdown.scrollIntoViewIfNeeded();
  await shoot(page, test.info(), 'incident-trackdown-trackdown-page');

  // Back to the incident: the trackdown is listed, linking to it.
  await followed.click();
  await expect(page).toHaveURL(new RegExp(`/portal/beaches/incidents\\?station=${station.beach_station_id}&incident=${incident.incident_id}$`));
  await expect(details).toBeVisible();
  const listed = trackdowns.getByRole('link', { name: new RegExp(`^Trackdown #${trackdownId} of `) });
  await expect(listed).toHaveAttribute('href', `/portal/beaches/station/${station.beach_station_id}#trackdown-${trackdownId}`);
  await expect(trackdowns.getByRole('listitem').filter({ hasText: `Trackdown #${trackdownId} of ` })).toContainText('Storm drain outfall 2 carries a dry-weather flow.');
  await expectNoAxeViolations(page);
  await shoot(page, test.info(), 'incident-trackdown-incident-page');

  // And from the incident to the trackdown, shown on its station's page.
  await listed.click();
  await expect(page).toHaveURL(new RegExp(`/portal/beaches/station/${station.beach_station_id}#trackdown-${trackdownId}$`));
  await expect(page.locator(`#trackdown-${trackdownId}`)).toBeFocused();
  await page.getByRole('link', { name: 'Back to Beach Stations' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Beach Stations' })).toBeVisible();
});
