import { act, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, setLanguage } from '../../i18n';
import { mockFetch } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';
import { filterStations, NO_FILTERS } from './station-filters';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { makeStore } from '../../app/store';
import { MAP_DRAWN } from '../../app/page-settled';
import { StationPopup } from './StationPopup';
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
    // In the public order the stations come in (program, Beach Ordering).
    expect(within(list).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Ocean Avenue',
      'Brighton Avenue',
      'Beach Avenue',
    ]);

    // Since when and why, the last sample and the link to the beach page.
    const closed = within(list).getByRole('heading', { level: 3, name: 'Brighton Avenue' }).closest('li')!;
    expect(within(closed as HTMLElement).getByText('Closed')).toBeInTheDocument();
    expect(closed).toHaveTextContent('since Jul 12, 2026');
    expect(closed).toHaveTextContent('Why: Advisory to Closed');
    expect(closed).toHaveTextContent('Last sample: Jul 13, 2026, 20 CFU/100mL');
    expect(within(closed as HTMLElement).getByRole('link', { name: /Beach page/ })).toHaveAttribute('href', '/beach/2');

    await user.type(within(list).getByLabelText('Search by beach or town name'), 'avenue');
    expect(await screen.findByText('Showing 3 of 3 stations.')).toBeInTheDocument();
    await user.selectOptions(within(list).getByLabelText('County'), 'Monmouth');
    expect(await screen.findByText('Showing 2 of 2 stations.')).toBeInTheDocument();
    await user.selectOptions(within(list).getByLabelText('Status'), 'Closed');
    expect(await screen.findByText('Showing 1 of 1 station.')).toBeInTheDocument();
    expect(within(list).getByRole('heading', { level: 3, name: 'Brighton Avenue' })).toBeInTheDocument();
    // The filters are in the address, so Back from a beach page returns to the same list.
    expect(router.state.location.search).toContain('county=1');
    expect(router.state.location.search).toContain('status=CLOSED');

    await user.clear(within(list).getByLabelText('Search by beach or town name'));
    await user.type(within(list).getByLabelText('Search by beach or town name'), 'nowhere');
    expect(await screen.findByText('No beaches match these filters.')).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('Showing 3 of 3 stations.')).toBeInTheDocument();
  });

  it('keeps Show more in the address: a link to the list a page longer, which a later visit opens at that length', async () => {
    dismissWelcome();
    const many = Array.from({ length: 60 }, (_, i) => station({ beach_station_id: 1000 + i, beach_name: `Beach ${String(i).padStart(2, '0')}`, county_id: 1, county: 'Monmouth' }));
    const { calls } = mockFetch(mapRoutes(statusesPayload(many)));
    const { user, router } = renderApp('/?view=list&pages=2');
    const lists = () => calls.filter((c) => c.path === '/api/public/map/list');

    expect(await screen.findByText('Showing 50 of 60 stations.')).toBeInTheDocument();
    const list = screen.getByRole('region', { name: 'Beach list' });
    expect(within(list).getAllByRole('heading', { level: 3 })).toHaveLength(50);
    expect(lists().map((c) => c.query.offset)).toEqual([undefined, '25']);
    const more = within(list).getByRole('link', { name: 'Show 10 more' });
    expect(more).toHaveAttribute('href', '?view=list&pages=3');

    await user.click(more);
    expect(await screen.findByText('Showing 60 of 60 stations.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?view=list&pages=3');
    // A filter starts again at the first page, and takes the length out of the address.
    await user.selectOptions(within(list).getByLabelText('County'), 'Monmouth');
    await waitFor(() => expect(router.state.location.search).toBe('?view=list&county=1'));
    expect(await screen.findByText('Showing 25 of 60 stations.')).toBeInTheDocument();
  });

  it('reads today\'s list 25 stations at a time, a search once typing pauses, and never the full list', async () => {
    dismissWelcome();
    const many = Array.from({ length: 60 }, (_, i) =>
      station({ beach_station_id: 1000 + i, beach_name: `Beach ${String(i).padStart(2, '0')}`, municipality: i < 40 ? 'Sea Girt' : 'Avalon', county_id: 1, county: 'Monmouth' }),
    );
    const { calls } = mockFetch(mapRoutes(statusesPayload(many)));
    const { user } = renderApp('/?view=list');
    const lists = () => calls.filter((c) => c.path === '/api/public/map/list');

    expect(await screen.findByText('Showing 25 of 60 stations.')).toBeInTheDocument();
    const list = screen.getByRole('region', { name: 'Beach list' });
    expect(within(list).getAllByRole('heading', { level: 3 })).toHaveLength(25);
    expect(lists().map((c) => c.query)).toEqual([{ v: 'test-version' }]);

    await user.click(within(list).getByRole('link', { name: 'Show 25 more' }));
    expect(await screen.findByText('Showing 50 of 60 stations.')).toBeInTheDocument();
    await user.click(within(list).getByRole('link', { name: 'Show 10 more' }));
    expect(await screen.findByText('Showing 60 of 60 stations.')).toBeInTheDocument();
    const headings = within(list).getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    // In the public order the stations come in (Beach Ordering), every station once.
    expect(headings).toHaveLength(60);
    expect(new Set(headings).size).toBe(60);
    expect(headings[0]).toBe('Beach 00');
    expect(headings[59]).toBe('Beach 59');
    expect(within(list).queryByRole('link', { name: /^Show \d+ more$/ })).not.toBeInTheDocument();
    expect(lists().map((c) => c.query.offset)).toEqual([undefined, '25', '50']);

    // A search typed letter by letter is one request, and starts again at the first page.
    await user.type(within(list).getByLabelText('Search by beach or town name'), 'sea girt');
    expect(await screen.findByText('Showing 25 of 40 stations.')).toBeInTheDocument();
    expect(lists().slice(3).map((c) => c.query)).toEqual([{ name: 'sea girt', v: 'test-version' }]);
    expect(calls.map((c) => c.path)).not.toContain('/api/public/beaches/statuses/');
  });

  it('filters a past day\'s list from the snapshot the page has', async () => {
    dismissWelcome();
    const routes = mapRoutes(statusesPayload(STATIONS));
    const { calls } = mockFetch({
      ...routes,
      'GET /api/public/snapshots': { body: { code: 'SNAPSHOT_FOUND', payload: { date: '2026-07-10', program_id: null, statuses: STATIONS } } },
    });
    const { user } = renderApp('/?view=list&date=2026-07-10');
    expect(await screen.findByText('Showing 3 of 3 stations.')).toBeInTheDocument();
    const list = screen.getByRole('region', { name: 'Beach list' });
    await user.selectOptions(within(list).getByLabelText('Status'), 'Advisory');
    expect(await screen.findByText('Showing 1 of 1 station.')).toBeInTheDocument();
    expect(within(list).getByRole('heading', { level: 3, name: 'Beach Avenue' })).toBeInTheDocument();
    expect(calls.map((c) => c.path)).not.toContain('/api/public/map/list');
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
    expect(await within(list).findAllByText('Not Monitored', { selector: 'strong' })).toHaveLength(3);
  });

  it('shows an error with Retry when the statuses cannot be loaded', async () => {
    dismissWelcome();
    let calls = 0;
    const routes = mapRoutes(statusesPayload(STATIONS));
    mockFetch({
      ...routes,
      'GET /api/public/map/list': (call) => {
        calls += 1;
        return calls === 1 ? { status: 500, body: { code: 'SERVER_ERROR', payload: null } } : routes['GET /api/public/map/list'](call);
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

describe('Map page in Spanish', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
    document.documentElement.lang = 'en';
  });

  const WITH_OCEAN = [...STATIONS, station({ beach_station_id: 4, beach_name: 'Island Beach', county_id: 9, county: 'Ocean' })];

  it('shows the side panel, the list view and the legend in Spanish; statuses and names stay as entered', async () => {
    dismissWelcome();
    await act(() => setLanguage('es'));
    mockFetch(mapRoutes(statusesPayload(WITH_OCEAN)));
    const { user } = renderApp('/?view=list');

    expect(await screen.findByRole('heading', { level: 1, name: 'Mapa' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Mapa | Portal de Playas'));
    expect(await screen.findByText('Se muestran 4 de 4 estaciones.')).toBeInTheDocument();
    expect(screen.getByText('Estado de las playas al 14 jul 2026, 10:05 a.m.')).toBeInTheDocument();
    const views = screen.getByRole('group', { name: 'Mostrar las playas en' });
    expect(within(views).getByRole('button', { name: 'Vista de mapa' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(views).getByRole('button', { name: 'Vista de lista' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Ver el estado de las playas en un día anterior')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ver el día' })).toBeInTheDocument();

    // Side panel: counts with their plurals, counties, and the panels below it.
    const panel = screen.getByRole('region', { name: 'Cierres y avisos' });
    expect(within(panel).getByText('1 cierre y 1 aviso hoy.')).toBeInTheDocument();
    const monmouth = within(panel).getByRole('heading', { level: 3, name: 'Condado de Monmouth' }).parentElement!;
    expect(monmouth).toHaveTextContent('Closed desde el 12 jul 2026');
    expect(within(panel).getByRole('heading', { level: 3, name: 'Condado de Ocean' }).parentElement).toHaveTextContent('Sin cierres vigentes');
    expect(await screen.findByRole('heading', { level: 2, name: 'Vuelo diario' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Últimas noticias' })).toBeInTheDocument();
    expect(await screen.findByText('No hay noticias en este momento.')).toBeInTheDocument();

    // The list view: filters, each station's summary and its buttons.
    const list = screen.getByRole('region', { name: 'Lista de playas' });
    expect(within(list).getByRole('search', { name: 'Filtrar la lista de playas' })).toBeInTheDocument();
    expect(within(list).getByLabelText('Condado')).toHaveDisplayValue('Todos los condados');
    expect(within(list).getByLabelText('Estado')).toHaveDisplayValue('Todos los estados');
    const closed = within(list).getByRole('heading', { level: 3, name: 'Brighton Avenue' }).closest('li')!;
    expect(closed).toHaveTextContent('Estación: Long Branch - Brighton Avenue');
    expect(closed).toHaveTextContent('Long Branch, condado de Monmouth');
    expect(within(closed).getByText('Closed')).toHaveAttribute('lang', 'en');
    expect(closed).toHaveTextContent('Closed desde el 12 jul 2026');
    expect(closed).toHaveTextContent('Motivo: Advisory to Closed');
    expect(closed).toHaveTextContent('Última muestra: 13 jul 2026, 20 CFU/100mL');
    expect(within(closed).getByRole('link', { name: 'Página de la playa Long Branch - Brighton Avenue' })).toHaveTextContent(
      'Página de la playa',
    );
    expect(within(closed).getByRole('button', { name: 'Ver en el mapa: Long Branch - Brighton Avenue' })).toHaveTextContent('Ver en el mapa');

    await user.selectOptions(within(list).getByLabelText('Estado'), 'Closed');
    expect(await screen.findByText('Se muestra 1 de 1 estación.')).toBeInTheDocument();
    await user.type(within(list).getByLabelText('Buscar por nombre de playa o de pueblo'), 'ninguna');
    expect(await screen.findByText('Ninguna playa coincide con estos filtros.')).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Quitar los filtros' }));
    expect(await screen.findByText('Se muestran 4 de 4 estaciones.')).toBeInTheDocument();

    // The legend: its heading in Spanish, the status names and meanings as entered.
    const legend = screen.getByRole('region', { name: 'Leyenda' });
    expect(within(legend).getByRole('heading', { level: 2, name: 'Leyenda' })).toBeInTheDocument();
    expect(within(legend).getByText('Open')).toBeInTheDocument();

    // Nothing of the interface is left in English.
    for (const english of ['Map view', 'Closures and Advisories', 'No Current Closures', 'Statuses as of', 'Legend', 'Showing', 'Latest News', 'Daily Flight', ' County']) {
      expect(document.body, english).not.toHaveTextContent(english);
    }
  });

  it('switches a page already shown in English when Español is chosen', async () => {
    dismissWelcome();
    mockFetch(mapRoutes(statusesPayload(WITH_OCEAN)));
    const { user } = renderApp('/?view=list');
    expect(await screen.findByText('1 closure and 1 advisory today.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Español' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Mapa' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Cierres y avisos' })).toHaveTextContent('1 cierre y 1 aviso hoy.');
    expect(screen.getByRole('region', { name: 'Lista de playas' })).toHaveTextContent('Se muestran 4 de 4 estaciones.');
    expect(screen.getByRole('heading', { level: 2, name: 'Leyenda' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('es');
  });

  it('tells the season notice and the closures summary in Spanish', async () => {
    dismissWelcome();
    await act(() => setLanguage('es'));
    const ended = program({ in_season: false, monitored: false, next_season_start: '2027-05-22' });
    const idle = STATIONS.map((s) => ({ ...s, status_code: 'NOT_MONITORED' as const, status_name: 'Not Monitored', status_since: null, reason: null }));
    mockFetch(mapRoutes(statusesPayload(idle, { today: '2026-11-21', programs: [ended] })));
    renderApp('/?view=list');

    const notice = await screen.findByRole('heading', { level: 2, name: 'La temporada de baño terminó' });
    const alert = notice.closest('.usa-alert') as HTMLElement;
    expect(alert).toHaveTextContent('La temporada de baño 2026 terminó el 7 sept 2026.');
    expect(alert).toHaveTextContent('El monitoreo se reanudará con la temporada de baño que comienza el 22 may 2027.');
    expect(alert).toHaveTextContent('Hasta entonces, todas las playas aparecen como No monitoreadas');
    const panel = screen.getByRole('region', { name: 'Cierres y avisos' });
    expect(panel).toHaveTextContent('Hoy ninguna playa está cerrada ni tiene un aviso.');
    expect(panel).toHaveTextContent('La temporada de baño 2026 terminó el 7 sept 2026.');
  });

  it('names the map, its controls and its popups in Spanish', async () => {
    // jsdom has no canvas: Leaflet's marker canvas draws into a context that does nothing.
    const noDrawing = new Proxy({}, { get: (_target, name) => (name === 'canvas' ? document.createElement('canvas') : () => ({})) });
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(noDrawing as CanvasRenderingContext2D);
    dismissWelcome();
    await act(() => setLanguage('es'));
    mockFetch(mapRoutes(statusesPayload(STATIONS)));
    const { user } = renderApp('/');

    const map = await screen.findByRole('region', {
      name: 'Mapa de las estaciones de playa. Los marcadores no se pueden usar con el teclado; use la vista de lista para llegar a cada playa.',
    });
    // Leaflet starts once the page around the map is painted (decision 0041): its controls come then.
    expect(await within(map).findByRole('button', { name: 'Acercar' })).toHaveAttribute('title', 'Acercar');
    expect(within(map).getByRole('button', { name: 'Alejar' })).toHaveAttribute('title', 'Alejar');
    // The test setup has no tile URL: the map says so.
    expect(await screen.findByText('No se pudo cargar el mapa base. Se siguen mostrando el contorno del estado y todas las playas.')).toBeInTheDocument();
    const hint = screen.getByText(/^¿Usa un teclado o un lector de pantalla\?/);
    expect(hint).toHaveTextContent('¿Usa un teclado o un lector de pantalla? Abra la vista de lista para llegar a cada playa.');

    await user.click(within(hint).getByRole('link', { name: 'Abra la vista de lista' }));
    await user.click(await screen.findByRole('button', { name: 'Ver en el mapa: Long Branch - Brighton Avenue' }));
    const popup = (await screen.findByRole('heading', { level: 2, name: 'Brighton Avenue' })).closest('.leaflet-popup') as HTMLElement;
    expect(popup).toHaveTextContent('Closed desde el 12 jul 2026');
    expect(within(popup).getByRole('button', { name: 'Cerrar la ventana emergente' })).toBeInTheDocument();
  });

  it('offers Reintentar when the legend fails', async () => {
    await act(() => setLanguage('es'));
    render(<StatusLegend items={undefined} isLoading={false} isError onRetry={() => {}} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Leyenda' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('No se pudo cargar la leyenda.');
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});

describe('Map page, what it reads (decision 0020)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('draws the map from the lean statuses, loads a popup on demand and a page of the list only for the list view', async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
      new Proxy({}, { get: (_target, name) => (name === 'canvas' ? document.createElement('canvas') : () => ({})) }) as CanvasRenderingContext2D,
    );
    dismissWelcome();
    const { calls } = mockFetch(mapRoutes(statusesPayload(STATIONS)));
    const { user } = renderApp('/');

    await screen.findByRole('region', { name: /^Map of beach stations/ });
    // The closures panel comes with the lean statuses: names, places, since when and why.
    const panel = screen.getByRole('region', { name: 'Closures and Advisories' });
    expect(within(panel).getByRole('link', { name: 'Brighton Avenue' })).toBeInTheDocument();
    expect(panel).toHaveTextContent('Advisory to Closed');
    // Once the map is drawn, the legend and the side panels read theirs.
    expect(await screen.findByText('Open', { selector: '.status-legend strong' })).toBeInTheDocument();
    // And says so, by the mark the offline worker's install waits for (app/page-settled.ts).
    expect(performance.getEntriesByName(MAP_DRAWN)).not.toHaveLength(0);
    const paths = () => calls.map((c) => c.path);
    expect(paths()).toContain('/api/public/map/statuses');
    expect(paths()).not.toContain('/api/public/beaches/statuses/');
    expect(paths().some((p) => p.startsWith('/api/public/map/stations/'))).toBe(false);

    expect(paths()).not.toContain('/api/public/map/list');

    // The list view reads its first page; its Show on map opens that station's popup without another read.
    await user.click(screen.getByRole('button', { name: 'List view' }));
    await user.click(await screen.findByRole('button', { name: 'Show on map: Long Branch - Brighton Avenue' }));
    const popup = (await screen.findByRole('heading', { level: 2, name: 'Brighton Avenue' })).closest('.leaflet-popup') as HTMLElement;
    expect(popup).toHaveTextContent('Closed since Jul 12, 2026');
    expect(paths()).toContain('/api/public/map/list');
    expect(paths()).not.toContain('/api/public/beaches/statuses/');
    expect(paths()).not.toContain('/api/public/map/stations/2');
  });

  it('loads a popup from public/map/stations/{id} with the version of the statuses it was drawn from', async () => {
    const { calls } = mockFetch(mapRoutes(statusesPayload(STATIONS)));
    render(
      <Provider store={makeStore()}>
        <MemoryRouter>
          <StationPopup stationId={2} version="test-version" focusTitle />
        </MemoryRouter>
      </Provider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading this beach…');
    const title = await screen.findByRole('heading', { level: 2, name: 'Brighton Avenue' });
    // Opened from the list view (focusTitle): focus moves to the title once the details show.
    expect(title).toHaveFocus();
    expect(calls).toContainEqual(expect.objectContaining({ path: '/api/public/map/stations/2', query: { v: 'test-version' } }));
  });
});
