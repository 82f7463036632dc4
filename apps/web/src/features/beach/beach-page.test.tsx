import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, setLanguage } from '../../i18n';
import { mockFetch } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';
import type { BeachGeomeans, BeachResult, PublicBeachProfile, StationActions } from '@beach/domain';

const dismissWelcome = () => window.localStorage.setItem('beach-portal:welcome-dismissed', new Date().toISOString());

const SEASON = { year: 2026, preseason_start: '2026-05-11', start_date: '2026-05-23', end_date: '2026-09-07' };

const PROFILE: PublicBeachProfile = {
  beach_station_id: 52,
  station_name: 'Seaside Park - 5th Avenue',
  type: 'PRIMARY',
  primary_station: null,
  category: 'OCEAN',
  latitude: 39.928265,
  longitude: -74.073883,
  epa_station_id: 'OB-052-P',
  beach: {
    beach_id: 52,
    name: '5th Avenue (Seaside Park)',
    description: 'Guarded ocean beach at 5th Avenue.',
    water_body_name: 'Atlantic Ocean',
    length_miles: 0.24,
    access_notes: 'Seasonal beach badge required.',
  },
  municipality: { municipality_id: 23, name: 'Seaside Park' },
  county: { county_id: 15, name: 'Ocean' },
  program: { program_id: 1, name: 'Ocean Beaches', abbv: 'OB', color: '#005ea2' },
  brackets: [{ beach_station_id: 248, station_name: 'Seaside Park - 5th Avenue N1', latitude: 39.93, longitude: -74.07 }],
  status: { code: 'ADVISORY', name: 'Advisory', color: '#ffbe2e', marker_symbol: 'A', marker_shape: 'triangle', since: '2026-07-14', reason: 'Open to Advisory' },
  season: { in_season: true, monitored: true, current_season: SEASON, next_season_start: null },
  last_sample: { date: '2026-07-13', value: 127, remark: null, unit: 'CFU_100ML', parameter: 'ENTEROCOCCUS' },
  parameter: 'ENTEROCOCCUS',
  thresholds: {
    parameter: 'ENTEROCOCCUS',
    parameter_name: 'Enterococcus',
    unit: 'CFU_100ML',
    unit_name: 'CFU/100mL',
    geomean_threshold: 35,
    statistical_threshold: 130,
    beach_action_value: 104,
  },
};

function result(id: number, date: string, value: number | null, remark: string | null = null): BeachResult {
  return {
    result_id: id,
    sample_date: date,
    sample_time_hh: '10',
    sample_time_mm: '05',
    parameter: 'ENTEROCOCCUS',
    parameter_name: 'Enterococcus',
    value,
    remark_code: remark,
    remark_name: remark === 'K' ? 'Less than reporting limit' : null,
    unit: 'CFU_100ML',
    unit_name: 'CFU/100mL',
    is_resample: false,
  };
}

const RESULTS = [result(3, '2026-07-13', 127), result(2, '2026-07-06', 10, 'K'), result(1, '2026-06-29', 42)];

const GEOMEANS: BeachGeomeans = {
  beach_station_id: 52,
  parameter: 'ENTEROCOCCUS',
  season: SEASON,
  from: '2026-05-11',
  to: '2026-09-07',
  window_days: 30,
  min_samples: 5,
  threshold: 35,
  censored_rule: 'AT_LIMIT',
  points: [
    { start_date: '2026-05-31', end_date: '2026-06-29', count: 5, geomean: 20.5, pass: true },
    { start_date: '2026-06-14', end_date: '2026-07-13', count: 5, geomean: 38.2, pass: false },
  ],
};

const ACTIONS: StationActions = {
  beach_station_id: 52,
  from: '2024-01-01',
  to: '2026-07-15',
  actions: [
    {
      beach_station_id: 52,
      station_name: 'Seaside Park - 5th Avenue',
      beach_id: 52,
      beach_name: '5th Avenue (Seaside Park)',
      municipality_id: 23,
      municipality: 'Seaside Park',
      county_id: 15,
      county: 'Ocean',
      program_id: 1,
      program_abbv: 'OB',
      status_code: 'ADVISORY',
      status_name: 'Advisory',
      status_color: '#ffbe2e',
      start_date: '2026-07-14',
      end_date: null,
      ongoing: true,
      days: 2,
      reason_code: null,
      reason: 'Elevated bacteria',
      source_code: null,
      source: 'Wildlife',
      comments: null,
    },
  ],
};

const ok = (code: string, payload: unknown) => ({ body: { code, payload } });

function beachRoutes() {
  return {
    'GET /api/public/beaches/52': ok('BEACH_FOUND', PROFILE),
    'GET /api/public/beaches/52/results': ok('RESULTS_FOUND', { beach_station_id: 52, from: '2026-05-11', to: '2026-07-15', truncated: false, results: RESULTS }),
    'GET /api/public/beaches/52/geomeans': ok('GEOMEANS_FOUND', GEOMEANS),
    'GET /api/public/beaches/52/actions': ok('BEACH_ACTIONS_FOUND', ACTIONS),
    'GET /api/public/beaches/52/photos': ok('PHOTOS_FOUND', []),
    'GET /api/public/beaches/52/reportsAndPublications': ok('REPORTS_FOUND', []),
    'GET /api/public/switches/': ok('SWITCHES_FOUND', []),
  };
}

describe('Beach page', () => {
  it('shows the status with since-when and why, and the chart with the program thresholds as labelled lines', async () => {
    dismissWelcome();
    mockFetch(beachRoutes());
    const { user } = renderApp('/beach/52');

    expect(await screen.findByRole('heading', { level: 1, name: '5th Avenue (Seaside Park)' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const status = screen.getByRole('region', { name: 'Current status' });
    expect(status).toHaveTextContent('Advisory');
    expect(status).toHaveTextContent('Since Jul 14, 2026');
    expect(status).toHaveTextContent('Why: Open to Advisory');
    expect(status).toHaveTextContent('Jul 13, 2026: 127 CFU/100mL');
    expect(await within(status).findByText(/38\.2 CFU\/100mL/)).toHaveTextContent('above the threshold of 35');

    const chart = await screen.findByRole('img', { name: /Enterococcus results, 2026 season/ });
    // Each threshold is a line with its name and value written on it.
    const lines = [...chart.querySelectorAll('[data-threshold]')].map((g) => g.getAttribute('data-threshold'));
    expect(lines.sort()).toEqual(['104', '130', '35']);
    expect(within(chart).getByText('Beach action value 104')).toBeInTheDocument();
    expect(within(chart).getByText('Statistical threshold 130')).toBeInTheDocument();
    expect(within(chart).getByText('Geomean threshold 35')).toBeInTheDocument();
    // The value above the beach action value is a triangle, the censored one a hollow circle.
    expect(chart.querySelectorAll('polygon')).toHaveLength(1);
    expect(chart.querySelectorAll('circle')).toHaveLength(2);
    expect(chart.querySelector('desc')).toHaveTextContent('3 Enterococcus results from Jun 29, 2026 to Jul 13, 2026; 1 above the beach action value of 104');

    // The accessible table behind the chart.
    await user.click(screen.getByText('Chart data as a table'));
    const table = screen.getByRole('table', { name: /Enterococcus \(CFU\/100mL\), 2026 season/ });
    const row = within(table).getByRole('row', { name: /Jul 13, 2026/ });
    expect(row).toHaveTextContent('127');
    expect(row).toHaveTextContent('Yes');
    expect(row).toHaveTextContent('38.2');
    expect(within(table).getByRole('row', { name: /Jul 6, 2026/ })).toHaveTextContent('<10');

    const latest = screen.getByRole('table', { name: /latest results/ });
    expect(within(latest).getAllByRole('row')).toHaveLength(4);
    expect(within(latest).getByRole('row', { name: /Jul 13, 2026/ })).toHaveTextContent('above the action value');

    const actions = await screen.findByRole('region', { name: 'Advisories and closures' });
    const actionRow = await within(actions).findByRole('row', { name: /Advisory/ });
    expect(actionRow).toHaveTextContent('Jul 14, 2026');
    expect(actionRow).toHaveTextContent('In effect');
    expect(actionRow).toHaveTextContent('Elevated bacteria');
    expect(actionRow).toHaveTextContent('Wildlife');

    expect(await screen.findByText('No photos of this beach yet.')).toBeInTheDocument();
    expect(await screen.findByText('No reports or publications about this beach.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Seaside Park - 5th Avenue N1' })).toHaveAttribute('href', '/beach/248');
  });

  it('out of season says when monitoring resumes and keeps last season’s results', async () => {
    dismissWelcome();
    const routes = beachRoutes();
    mockFetch({
      ...routes,
      'GET /api/public/beaches/52': ok('BEACH_FOUND', {
        ...PROFILE,
        status: { ...PROFILE.status, code: 'NOT_MONITORED', name: 'Not Monitored', marker_symbol: 'N', marker_shape: 'diamond', since: null, reason: null },
        season: { in_season: false, monitored: false, current_season: SEASON, next_season_start: '2027-05-22' },
      }),
    });
    renderApp('/beach/52');
    const status = await screen.findByRole('region', { name: 'Current status' });
    expect(status).toHaveTextContent('Not Monitored');
    expect(status).toHaveTextContent('The 2026 swimming season ended on Sep 7, 2026.');
    expect(status).toHaveTextContent('Monitoring resumes for the swimming season starting May 22, 2027.');
    expect(await screen.findByRole('img', { name: /Enterococcus results, 2026 season/ })).toBeInTheDocument();
  });

  it('answers an unknown beach with Beach not found', async () => {
    dismissWelcome();
    mockFetch({ 'GET /api/public/switches/': ok('SWITCHES_FOUND', []) });
    renderApp('/beach/999');
    expect(await screen.findByRole('heading', { level: 1, name: 'Beach not found' })).toBeInTheDocument();
  });

  it('offers Retry when the beach fails to load', async () => {
    dismissWelcome();
    let calls = 0;
    const routes = beachRoutes();
    mockFetch({
      ...routes,
      'GET /api/public/beaches/52': () => {
        calls += 1;
        return calls === 1 ? { status: 500, body: { code: 'SERVER_ERROR', payload: null } } : routes['GET /api/public/beaches/52'];
      },
    });
    const { user } = renderApp('/beach/52');
    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: '5th Avenue (Seaside Park)' })).toBeInTheDocument();
  });
});

describe('Beach page in Spanish', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
    document.documentElement.lang = 'en';
  });

  it('shows the headings, status, chart and tables in Spanish; the beach’s own data as entered', async () => {
    dismissWelcome();
    await act(() => setLanguage('es'));
    mockFetch(beachRoutes());
    const { user } = renderApp('/beach/52');

    expect(await screen.findByRole('heading', { level: 1, name: '5th Avenue (Seaside Park)' })).toBeInTheDocument();
    // The title is set in an effect after the commit that shows the heading: waited for, not read at once.
    await waitFor(() => expect(document.title).toBe('5th Avenue (Seaside Park) | Portal de Playas'));
    expect(screen.getByRole('link', { name: 'Mapa de playas' })).toHaveAttribute('href', '/');
    expect(screen.getByText('Seaside Park - 5th Avenue. Seaside Park, condado de Ocean.')).toBeInTheDocument();
    const headings = (level: number) => screen.getAllByRole('heading', { level }).map((h) => h.textContent);
    expect(headings(2)).toEqual(
      expect.arrayContaining(['Estado actual', 'Resultados de calidad del agua', 'Avisos y cierres', 'Acerca de esta playa', 'Fotos', 'Informes y publicaciones']),
    );
    expect(await screen.findByRole('heading', { level: 3, name: 'Gráfico histórico' })).toBeInTheDocument();
    expect(headings(3)).toEqual(expect.arrayContaining(['Resultados más recientes', 'Otras estaciones en esta playa']));

    const status = screen.getByRole('region', { name: 'Estado actual' });
    expect(within(status).getByText('Advisory')).toHaveAttribute('lang', 'en');
    expect(status).toHaveTextContent('Desde el 14 jul 2026');
    expect(status).toHaveTextContent('Motivo: Open to Advisory');
    expect(status).toHaveTextContent('Última muestra13 jul 2026: 127 CFU/100mL');
    expect(await within(status).findByText(/38\.2 CFU\/100mL/)).toHaveTextContent(
      '38.2 CFU/100mL (5 muestras, del 14 jun 2026 al 13 jul 2026): supera el umbral de 35',
    );
    expect(status).toHaveTextContent('Valor de acción para playas 104, umbral estadístico 130, media geométrica 35 CFU/100mL');

    const chart = await screen.findByRole('img', { name: /Resultados de Enterococcus, temporada 2026/ });
    expect(within(chart).getByText('Valor de acción para playas 104')).toBeInTheDocument();
    expect(within(chart).getByText('Umbral estadístico 130')).toBeInTheDocument();
    expect(within(chart).getByText('Umbral de media geométrica 35')).toBeInTheDocument();
    expect(chart.querySelector('desc')).toHaveTextContent(
      '3 resultados de Enterococcus del 29 jun 2026 al 13 jul 2026; 1 por encima del valor de acción para playas de 104 CFU/100mL; el más alto, 127 CFU/100mL, el 13 jul 2026.',
    );
    expect(within(chart).getByText('jul')).toBeInTheDocument();

    await user.click(screen.getByText('Datos del gráfico en una tabla'));
    const data = screen.getByRole('table', { name: 'Enterococcus (CFU/100mL), temporada 2026' });
    expect(within(data).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Fecha',
      'Resultado de la muestra',
      '¿Por encima del valor de acción para playas (104)?',
      'Media geométrica de 30 días',
      '¿Media geométrica por encima de su umbral (35)?',
    ]);
    expect(within(data).getByRole('row', { name: /13 jul 2026/ })).toHaveTextContent('Sí');

    const latest = screen.getByRole('table', { name: 'Los 3 resultados más recientes, temporada 2026: Enterococcus' });
    expect(within(latest).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Fecha', 'Hora', 'Resultado', 'Calificador', 'Remuestreo']);
    expect(within(latest).getByRole('row', { name: /13 jul 2026/ })).toHaveTextContent('por encima del valor de acción');

    const actions = await screen.findByRole('region', { name: 'Avisos y cierres' });
    expect(await within(actions).findByRole('table', { name: 'Del 1 ene 2024 al 15 jul 2026' })).toBeInTheDocument();
    expect(within(actions).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Estado', 'Inicio', 'Fin', 'Días', 'Motivo', 'Fuente']);
    expect(within(actions).getByRole('row', { name: /Advisory/ })).toHaveTextContent('En vigor');

    const profile = screen.getByRole('region', { name: 'Acerca de esta playa' });
    expect(profile).toHaveTextContent('Tipo de ubicaciónOcéano');
    expect(profile).toHaveTextContent('Seaside Park - 5th Avenue (estación principal)');
    expect(profile).toHaveTextContent('Longitud de la playa0.24 millas');
    expect(profile).toHaveTextContent('Seaside Park, condado de Ocean (39.9283, -74.0739)');
    expect(await screen.findByText('Todavía no hay fotos de esta playa.')).toBeInTheDocument();
    expect(await screen.findByText('No hay informes ni publicaciones sobre esta playa.')).toBeInTheDocument();
  });

  it('says out of season when monitoring resumes, in Spanish', async () => {
    dismissWelcome();
    await act(() => setLanguage('es'));
    mockFetch({
      ...beachRoutes(),
      'GET /api/public/beaches/52': ok('BEACH_FOUND', {
        ...PROFILE,
        status: { ...PROFILE.status, code: 'NOT_MONITORED', name: 'Not Monitored', marker_symbol: 'N', marker_shape: 'diamond', since: null, reason: null },
        season: { in_season: false, monitored: false, current_season: SEASON, next_season_start: '2027-05-22' },
      }),
    });
    renderApp('/beach/52');
    const status = await screen.findByRole('region', { name: 'Estado actual' });
    expect(status).toHaveTextContent(
      'La temporada de baño 2026 terminó el 7 sept 2026. El monitoreo se reanudará con la temporada de baño que comienza el 22 may 2027. Hasta entonces, la playa aparece como No monitoreada',
    );
  });

  it('answers an unknown beach in Spanish', async () => {
    dismissWelcome();
    await act(() => setLanguage('es'));
    mockFetch({ 'GET /api/public/switches/': ok('SWITCHES_FOUND', []) });
    renderApp('/beach/999');
    expect(await screen.findByRole('heading', { level: 1, name: 'No se encontró la playa' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir al mapa de playas' })).toHaveAttribute('href', '/');
  });
});
