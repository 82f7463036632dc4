import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeWelcomeDismissed } from '../welcome/welcome-storage';
import { mockFetch } from '../../test/fetch-mock';
import { ok } from '../../test/public-data';
import { renderApp } from '../../test/render-app';
import { PALETTE } from './aircraft-plot';
import type { AircraftReading, FlightReport, FlightSummary } from './api';

const FLIGHTS: FlightSummary[] = [
  { daily_flight_id: 8, flight_date: '2026-07-05', status: 'FLOWN', flight_path: 'Cape May Point north to Sandy Hook.', photo_count: 1, file_count: 1 },
  { daily_flight_id: 7, flight_date: '2026-07-04', status: 'CANCELLED_WEATHER', flight_path: '', photo_count: 0, file_count: 0 },
  { daily_flight_id: 3, flight_date: '2025-08-01', status: 'FLOWN', flight_path: 'Sandy Hook to Cape May.', photo_count: 0, file_count: 0 },
];

const REPORT: FlightReport = {
  ...FLIGHTS[0]!,
  observations: { floatables: 'A slick off Asbury Park.', debris: '', algal_blooms: 'Bloom in Barnegat Bay.', wildlife: 'Dolphins off Sea Girt.', notes: '' },
  photos: [{ daily_flight_photo_id: 1, file_id: 40, file: '/api/files/40', caption: 'Slick off Asbury Park' }],
  files: [{ daily_flight_file_id: 1, file_id: 41, file: '/api/files/41', name: 'observer-log.pdf', type: 'application/pdf', size_bytes: 20480, description: 'Observer log' }],
};

const TRACK: AircraftReading = {
  available: true,
  fetched_at: '2026-07-05T16:00:00Z',
  flight_date: '2026-07-05',
  unit: 'µg/L',
  points: [
    { lat: 40.46, lon: -73.99, value: 1.5, time: '2026-07-05T14:00:00Z' },
    { lat: 40.2, lon: -74.01, value: 4.2, time: '2026-07-05T14:05:00Z' },
    { lat: 39.9, lon: -74.07, value: 12.75, time: '2026-07-05T14:10:00Z' },
  ],
};

const UNAVAILABLE: AircraftReading = {
  available: false,
  fetched_at: '2026-07-05T16:00:00Z',
  flight_date: null,
  unit: null,
  points: [],
  message: 'Aircraft data is unavailable right now. Please try again later.',
};

function open(path: string, routes: Parameters<typeof mockFetch>[0]) {
  storeWelcomeDismissed();
  const fetch = mockFetch(routes);
  return { ...renderApp(path), ...fetch };
}

describe('Daily Flights', () => {
  it('lists the latest year’s flight reports and switches years', async () => {
    const { user } = open('/daily-flight-reports', {
      'GET /api/public/dailyFlights/': ok(FLIGHTS),
      'GET /api/public/aircraft/chlorophyll': ok(TRACK),
      'GET /api/public/aircraft/phycocyanin': ok(UNAVAILABLE, 'AIRCRAFT_DATA_UNAVAILABLE'),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Daily Flights' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Flight reports' });
    expect(within(table).getByRole('link', { name: 'July 5, 2026' })).toHaveAttribute('href', '/daily-flight-reports/8');
    expect(within(table).getByText('Cancelled (weather)')).toBeInTheDocument();
    expect(within(table).queryByText('Sandy Hook to Cape May.')).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Year'), '2025');
    expect(within(screen.getByRole('table', { name: 'Flight reports' })).getByText('Sandy Hook to Cape May.')).toBeInTheDocument();
  });

  it('draws the aircraft track coloured by concentration with a legend and a table, or says the data is unavailable', async () => {
    const { user, calls } = open('/daily-flight-reports', {
      'GET /api/public/dailyFlights/': ok(FLIGHTS),
      'GET /api/public/aircraft/chlorophyll': ok(TRACK),
      'GET /api/public/aircraft/phycocyanin': ok(UNAVAILABLE, 'AIRCRAFT_DATA_UNAVAILABLE'),
    });
    const chlorophyll = await screen.findByRole('region', { name: 'Chlorophyll' });
    const plot = await within(chlorophyll).findByRole('img', { name: /Chlorophyll along the flight track on July 5, 2026: 3 readings from 1.5 to 12.75 µg\/L/ });
    const circles = plot.querySelectorAll('circle');
    expect(circles).toHaveLength(3);
    // Five equal ranges from 1.5 to 12.75: the readings fall in the first, second and last.
    expect([...circles].map((c) => c.parentElement?.getAttribute('fill'))).toEqual([PALETTE[0], PALETTE[1], PALETTE[4]]);
    expect(within(chlorophyll).getByText('Concentration (µg/L)')).toBeInTheDocument();
    expect(within(chlorophyll).getAllByRole('listitem')).toHaveLength(5);

    await user.click(within(chlorophyll).getByText('Show the readings as a table'));
    const table = within(chlorophyll).getByRole('table', { name: 'Chlorophyll readings, 3 of 3' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getByText('12.75')).toBeInTheDocument();

    const phycocyanin = screen.getByRole('region', { name: 'Phycocyanin' });
    expect(within(phycocyanin).getByText(/Data unavailable\. Aircraft data is unavailable right now/)).toBeInTheDocument();
    expect(within(phycocyanin).queryByRole('img')).not.toBeInTheDocument();
    await user.click(within(phycocyanin).getByRole('button', { name: 'Retry' }));
    expect(calls.filter((c) => c.path === '/api/public/aircraft/phycocyanin').length).toBeGreaterThanOrEqual(2);
  });

  it('shows a flight report: date, path, observations, photos and files', async () => {
    open('/daily-flight-reports/8', { 'GET /api/public/dailyFlights/8': ok(REPORT) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Flight report for July 5, 2026' })).toBeInTheDocument();
    expect(screen.getByText('Cape May Point north to Sandy Hook.')).toBeInTheDocument();
    expect(screen.getByText('Floatables').nextElementSibling).toHaveTextContent('A slick off Asbury Park.');
    expect(screen.getByText('Debris').nextElementSibling).toHaveTextContent('None reported');
    expect(screen.getByText('Algal blooms').nextElementSibling).toHaveTextContent('Bloom in Barnegat Bay.');
    expect(screen.getByText('Wildlife').nextElementSibling).toHaveTextContent('Dolphins off Sea Girt.');
    expect(screen.getByRole('img', { name: 'Slick off Asbury Park' })).toHaveAttribute('src', '/api/files/40');
    expect(screen.getByRole('heading', { level: 2, name: 'Files' })).toBeInTheDocument();
    const file = screen.getByRole('link', { name: 'Observer log' });
    expect(file).toHaveAttribute('href', '/api/files/41');
    expect(file).toHaveAttribute('download', 'observer-log.pdf');
    expect(file.parentElement).toHaveTextContent('(PDF, 20 KB)');
  });

  it('says so when a flight report does not exist', async () => {
    open('/daily-flight-reports/404', {});
    expect(await screen.findByText('This flight report was not found.')).toBeInTheDocument();
  });
});
