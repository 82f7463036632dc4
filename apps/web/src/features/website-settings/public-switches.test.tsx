import { act, screen, waitFor, within } from '@testing-library/react';
import type { SiteSwitchCode } from '@beach/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../app/api';
import { storeWelcomeDismissed } from '../welcome/welcome-storage';
import { mockFetch } from '../../test/fetch-mock';
import { ok } from '../../test/public-data';
import { renderApp } from '../../test/render-app';

/**
 * The public site follows the switches staff set under All Switches (SPEC 4, Website toggle): the site notice
 * (MAINTENANCE_NOTICE), Beach Data and its download panel (DOWNLOADS) and the aircraft readings on Daily
 * Flights (AIRCRAFT_DATA). Each is shown while its switch is on and goes when it is turned off, without a reload
 * (the next read of the switches), and comes back when it is turned on again.
 */

beforeAll(async () => {
  await Promise.all([import('../../app/layouts/AgencyLayout'), import('../faqs/FaqsPage'), import('../flights/FlightsPage')]);
}, 60_000);

const NOTICE = 'Maintenance: some beach data may be briefly unavailable while the site is updated.';

const READING = {
  available: true,
  fetched_at: '2026-07-05T16:00:00Z',
  flight_date: '2026-07-05',
  unit: 'µg/L',
  points: [
    { lat: 40.46, lon: -73.99, value: 1.5, time: '2026-07-05T14:00:00Z' },
    { lat: 40.2, lon: -74.01, value: 4.2, time: '2026-07-05T14:05:00Z' },
  ],
};
const FLIGHTS = [{ daily_flight_id: 8, flight_date: '2026-07-05', status: 'FLOWN', flight_path: 'Cape May Point north to Sandy Hook.', photo_count: 0, file_count: 0 }];

/** The public site at `path` with one switch set as `state.on` says (every other switch off); change it and call `reread`. */
function openWith(path: string, code: SiteSwitchCode, state: { on: boolean }) {
  storeWelcomeDismissed();
  const fetch = mockFetch({
    'GET /api/public/switches/': () => ok([{ website_toggle_id: 9, code, value: state.on }], 'SWITCHES_FOUND'),
    'GET /api/public/faqs/': ok([]),
    'GET /api/public/dailyFlights/': ok(FLIGHTS),
    'GET /api/public/aircraft/chlorophyll': ok(READING),
    'GET /api/public/aircraft/phycocyanin': ok(READING),
  });
  const view = renderApp(path);
  const switchReads = () => fetch.calls.filter((c) => c.path === '/api/public/switches/').length;
  /** Staff changed the switch: the site reads the switches again (as it does on its next visit). */
  const reread = async (on: boolean) => {
    state.on = on;
    const before = switchReads();
    act(() => void view.store.dispatch(api.util.invalidateTags(['Switches'])));
    await waitFor(() => expect(switchReads()).toBeGreaterThan(before));
  };
  return { ...view, ...fetch, switchReads, reread };
}

describe('the public site follows its switches', () => {
  it('shows the site notice while MAINTENANCE_NOTICE is on, and not while it is off', async () => {
    const { reread, switchReads } = openWith('/faqs', 'MAINTENANCE_NOTICE', { on: true });
    expect(await screen.findByText(NOTICE)).toBeInTheDocument();
    expect(switchReads()).toBe(1);

    await reread(false);
    await waitFor(() => expect(screen.queryByText(NOTICE)).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 1, name: 'FAQs' })).toBeInTheDocument();

    await reread(true);
    expect(await screen.findByText(NOTICE)).toBeInTheDocument();
  });

  it('leaves the site notice out when MAINTENANCE_NOTICE is off from the start', async () => {
    const { switchReads } = openWith('/faqs', 'MAINTENANCE_NOTICE', { on: false });
    expect(await screen.findByRole('heading', { level: 1, name: 'FAQs' })).toBeInTheDocument();
    await waitFor(() => expect(switchReads()).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
  });

  it('offers Beach Data and its Download Data panel while DOWNLOADS is on, and neither while it is off', async () => {
    const { user, reread } = openWith('/faqs', 'DOWNLOADS', { on: true });
    const nav = await screen.findByRole('navigation', { name: 'Program navigation' });
    expect(await screen.findByRole('heading', { level: 1, name: 'FAQs' })).toBeInTheDocument();
    await user.click(within(nav).getByRole('button', { name: 'Beach Data' }));
    expect(await screen.findByRole('dialog', { name: 'Download Data' })).toBeInTheDocument();

    // Turned off while the panel is open: the panel closes and the menu entry goes.
    await reread(false);
    await waitFor(() => expect(within(nav).queryByRole('button', { name: 'Beach Data' })).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog', { name: 'Download Data' })).not.toBeInTheDocument();
    // The rest of the menu stays.
    expect(within(nav).getByRole('link', { name: 'FAQs' })).toBeInTheDocument();

    // On again: Beach Data is back, and the panel it closed stays closed until it is pressed.
    await reread(true);
    expect(await within(nav).findByRole('button', { name: 'Beach Data' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Download Data' })).not.toBeInTheDocument();
    await user.click(within(nav).getByRole('button', { name: 'Beach Data' }));
    expect(await screen.findByRole('dialog', { name: 'Download Data' })).toBeInTheDocument();
  });

  it('shows the aircraft readings on Daily Flights while AIRCRAFT_DATA is on, and not while it is off', async () => {
    const { reread } = openWith('/daily-flight-reports', 'AIRCRAFT_DATA', { on: true });
    expect(await screen.findByRole('region', { name: 'Chlorophyll' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Phycocyanin' })).toBeInTheDocument();

    await reread(false);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Chlorophyll' })).not.toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Phycocyanin' })).not.toBeInTheDocument();
    // The flight reports are not part of the switch.
    expect(screen.getByRole('table', { name: 'Flight reports' })).toBeInTheDocument();

    await reread(true);
    expect(await screen.findByRole('region', { name: 'Chlorophyll' })).toBeInTheDocument();
  });
});
