import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';
import { filterStations, NO_FILTERS } from './station-filters';
import { StatusLegend } from './StatusLegend';
import { LEGEND, mapRoutes, program, station, statusesPayload } from './test-data';

// The welcome pop-up would cover the page.
const dismissWelcome = () => window.localStorage.setItem('beach-portal:welcome-dismissed', new Date().toISOString());

const STATIONS = [
  station({ beach_station_id: 1, beach_name: 'Ocean Avenue', station_name: 'Sea Bright - Ocean Avenue', municipality: 'Sea Bright', county_id: 1, county: 'Monmouth' }),
  station({
    beach_station_id: 2,
    beach_name: 'Brighton Avenue',
    station_name: 'Long Branch - Brighton Avenue',
    municipality: 'Long Branch',
    county_id: 1,
    county: 'Monmouth',
    status_code: 'CLOSED',
    status_since: '2026-07-12',
    reason: 'Advisory to Closed',
  }),
  station({
    beach_station_id: 3,
    beach_name: 'Beach Avenue',
    station_name: 'Cape May - Beach Avenue',
    municipality: 'Cape May',
    county_id: 5,
    county: 'Cape May',
    status_code: 'ADVISORY',
    status_since: '2026-07-14',
    reason: 'Open to Advisory',
    last_sample_value: 140,
  }),
];

describe('station list filtering', () => {
  it('matches every word against beach, station and town names, ignoring case and accents', () => {
    expect(filterStations(STATIONS, { ...NO_FILTERS, query: 'long BRANCH' }).map((s) => s.beach_station_id)).toEqual([2]);
    expect(filterStations(STATIONS, { ...NO_FILTERS, query: 'avenue cape' }).map((s) => s.beach_station_id)).toEqual([3]);
    expect(filterStations(STATIONS, { ...NO_FILTERS, county: '1', status: 'CLOSED' }).map((s) => s.beach_station_id)).toEqual([2]);
    expect(filterStations(STATIONS, { ...NO_FILTERS, county: '5', status: 'OPEN' })).toEqual([]);
  });
});

describe('Map page, list view', () => {
  it('lists every station and filters by name, county and status', async () => {
    dismissWelcome();
    mockFetch(mapRoutes(statusesPayload(STATIONS)));
    const { user, router } = renderApp('/?view=list');

    expect(await screen.findByRole('heading', { level: 1, name: 'Map' })).toBeInTheDocument();
    expect(await screen.findByText('Showing 3 of 3 stations.')).toBeInTheDocument();
    const list = screen.getByRole('region', { name: 'Beach list' });
    expect(within(list).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Beach Avenue',
      'Brighton Avenue',
      'Ocean Avenue',
    ]);

    // Since when and why, the last sample and the link to the beach page.
    const closed = within(list).getByRole('heading', { level: 3, name: 'Brighton Avenue' }).closest('li')!;
    expect(within(closed as HTMLElement).getByText('Closed')).toBeInTheDocument();
    expect(closed).toHaveTextContent('since Jul 12, 2026');
    expect(closed).toHaveTextContent('Why: Advisory to Closed');
    expect(closed).toHaveTextContent('Last sample: Jul 13, 2026, 20 CFU/100mL');
    expect(within(closed as HTMLElement).getByRole('link', { name: /Beach page/ })).toHaveAttribute('href', '/beach/2');

    await user.type(within(list).getByLabelText('Search by beach or town name'), 'avenue');
    expect(screen.getByText('Showing 3 of 3 stations.')).toBeInTheDocument();
    await user.selectOptions(within(list).getByLabelText('County'), 'Monmouth');
    expect(screen.getByText('Showing 2 of 2 stations.')).toBeInTheDocument();
    await user.selectOptions(within(list).getByLabelText('Status'), 'Closed');
    expect(screen.getByText('Showing 1 of 1 station.')).toBeInTheDocument();
    expect(within(list).getByRole('heading', { level: 3, name: 'Brighton Avenue' })).toBeInTheDocument();
    // The filters are in the address, so Back from a beach page returns to the same list.
    expect(router.state.location.search).toContain('county=1');
    expect(router.state.location.search).toContain('status=CLOSED');

    await user.clear(within(list).getByLabelText('Search by beach or town name'));
    await user.type(within(list).getByLabelText('Search by beach or town name'), 'nowhere');
    expect(screen.getByText('No beaches match these filters.')).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByText('Showing 3 of 3 stations.')).toBeInTheDocument();
  });

  it('groups closures and advisories by county, and says No Current Closures for a county without any', async () => {
    dismissWelcome();
    mockFetch(mapRoutes(statusesPayload([...STATIONS, station({ county_id: 9, county: 'Ocean' })])));
    renderApp('/?view=list');
    expect(await screen.findByText('1 closure and 1 advisory today.')).toBeInTheDocument();
    const panel = screen.getByRole('region', { name: 'Closures and Advisories' });
    const monmouth = within(panel).getByRole('heading', { level: 3, name: 'Monmouth County' }).parentElement!;
    expect(within(monmouth).getByRole('link', { name: 'Brighton Avenue' })).toHaveAttribute('href', '/beach/2');
    expect(monmouth).toHaveTextContent('Closed since Jul 12, 2026');
    const ocean = within(panel).getByRole('heading', { level: 3, name: 'Ocean County' }).parentElement!;
    expect(ocean).toHaveTextContent('No Current Closures');
    expect(screen.getByText(/Statuses as of Jul 14, 2026/)).toBeInTheDocument();
  });

  it('points to Beach Actions when a county has more closures than the panel lists', async () => {
    dismissWelcome();
    const closures = Array.from({ length: 10 }, (_, i) =>
      station({ beach_name: `Closed Beach ${String(i).padStart(2, '0')}`, status_code: 'CLOSED', county_id: 1, county: 'Monmouth' }),
    );
    mockFetch(mapRoutes(statusesPayload(closures)));
    renderApp('/?view=list');
    expect(await screen.findByText('10 closures and 0 advisories today.')).toBeInTheDocument();
    const panel = screen.getByRole('region', { name: 'Closures and Advisories' });
    expect(within(panel).getAllByRole('link', { name: /^Closed Beach/ })).toHaveLength(8);
    expect(within(panel).getByRole('link', { name: '2 more in Monmouth County on Beach Actions' })).toHaveAttribute('href', '/beach-actions');
  });

  it('says the season has ended and when monitoring resumes, with every station Not Monitored', async () => {
    dismissWelcome();
    const ended = program({ in_season: false, monitored: false, next_season_start: '2027-05-22' });
    const idle = STATIONS.map((s) => ({
      ...s,
      status_code: 'NOT_MONITORED' as const,
      status_name: 'Not Monitored',
      status_color: '#565c65',
      marker_symbol: 'N',
      marker_shape: 'diamond',
      status_since: null,
      reason: null,
    }));
    mockFetch(mapRoutes(statusesPayload(idle, { today: '2026-11-21', programs: [ended] })));
    renderApp('/?view=list');

    const notice = await screen.findByRole('heading', { level: 2, name: 'The swimming season has ended' });
    const alert = notice.closest('.usa-alert') as HTMLElement;
    expect(alert).toHaveTextContent('The 2026 swimming season ended on Sep 7, 2026.');
    expect(alert).toHaveTextContent('Monitoring resumes for the swimming season starting May 22, 2027.');
    expect(alert).toHaveTextContent('every beach shows as Not Monitored');
    // The side panel says it too.
    const panel = screen.getByRole('region', { name: 'Closures and Advisories' });
    expect(panel).toHaveTextContent('The 2026 swimming season ended on Sep 7, 2026.');
    expect(within(panel).getAllByText('No Current Closures').length).toBeGreaterThan(0);
    const list = screen.getByRole('region', { name: 'Beach list' });
    expect(within(list).getAllByText('Not Monitored', { selector: 'strong' })).toHaveLength(3);
  });

  it('shows an error with Retry when the statuses cannot be loaded', async () => {
    dismissWelcome();
    let calls = 0;
    const routes = mapRoutes(statusesPayload(STATIONS));
    mockFetch({
      ...routes,
      'GET /api/public/beaches/statuses/': () => {
        calls += 1;
        return calls === 1 ? { status: 500, body: { code: 'SERVER_ERROR', payload: null } } : routes['GET /api/public/beaches/statuses/'];
      },
    });
    const { user } = renderApp('/?view=list');
    const alert = (await screen.findByText(/Beach statuses could not be loaded/)).closest('[role="alert"]') as HTMLElement;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Showing 3 of 3 stations.')).toBeInTheDocument();
  });
});

describe('status legend', () => {
  it('draws each status with its own shape and letter next to its name', () => {
    render(<StatusLegend items={LEGEND} isLoading={false} isError={false} onRetry={() => {}} />);
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('strong')?.textContent)).toEqual(['Open', 'Advisory', 'Closed', 'Not Monitored']);
    const symbols = items.map((li) => li.querySelector('svg')!);
    expect(symbols.map((svg) => svg.querySelector('text')?.textContent)).toEqual(['O', 'A', 'C', 'N']);
    // Circle, triangle (3 corners), square (4), diamond (4): never colour alone.
    expect(symbols[0]!.querySelector('circle')).not.toBeNull();
    expect(symbols[1]!.querySelector('polygon')!.getAttribute('points')!.split(' ')).toHaveLength(3);
    expect(symbols[2]!.querySelector('polygon')!.getAttribute('points')!.split(' ')).toHaveLength(4);
    expect(symbols[3]!.querySelector('polygon')!.getAttribute('points')).not.toBe(symbols[2]!.querySelector('polygon')!.getAttribute('points'));
    expect(symbols.every((svg) => svg.getAttribute('aria-hidden') === 'true')).toBe(true);
    // The meaning, without the notes on marker colours.
    expect(items[0]).toHaveTextContent('Water quality meets the standard; swimming is permitted.');
    expect(items[0]).not.toHaveTextContent('Marker:');
    // Amber takes a dark letter; the others white.
    expect(symbols[1]!.querySelector('text')).toHaveAttribute('fill', '#1b1b1b');
    expect(symbols[2]!.querySelector('text')).toHaveAttribute('fill', '#ffffff');
  });

  it('offers Retry when the legend fails', () => {
    render(<StatusLegend items={undefined} isLoading={false} isError onRetry={() => {}} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The legend could not be loaded.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
