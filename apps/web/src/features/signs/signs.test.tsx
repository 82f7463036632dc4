import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PublicBeachProfile } from '@beach/domain';
import { AGENCY } from '../../app/agency';
import { i18n, setLanguage } from '../../i18n';
import { mockFetch } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';
import { program, station, statusesPayload } from '../map/test-data';

const ok = (code: string, payload: unknown) => ({ body: { code, payload } });

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
    access_notes: null,
  },
  municipality: { municipality_id: 23, name: 'Seaside Park' },
  county: { county_id: 15, name: 'Ocean' },
  program: { program_id: 1, name: 'Ocean Beaches', abbv: 'OB', color: '#005ea2' },
  brackets: [],
  status: { code: 'ADVISORY', name: 'Advisory', color: '#ffbe2e', marker_symbol: 'A', marker_shape: 'triangle', since: '2026-07-14', reason: 'Open to Advisory' },
  season: { in_season: true, monitored: true, current_season: null, next_season_start: null },
  last_sample: { date: '2026-07-13', value: 127, remark: null, unit: 'CFU_100ML', parameter: 'ENTEROCOCCUS' },
  parameter: 'ENTEROCOCCUS',
  thresholds: null,
};

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

/** Waits for the sign's QR code (node-qrcode's SVG) and returns its element. */
async function qrOf(sign: HTMLElement): Promise<HTMLElement> {
  const qr = within(sign).getByRole('img', { name: /^QR code linking to / });
  await expect.poll(() => qr.getAttribute('data-ready')).toBe('true');
  return qr;
}

describe('beach sign', () => {
  it('prints the beach, program, QR code, address and phone in English and Spanish, and no status', async () => {
    const { calls } = mockFetch({ 'GET /api/public/beaches/52': ok('BEACH_FOUND', PROFILE) });
    renderApp('/beach/52/sign');
    const sign = await screen.findByRole('article', { name: '5th Avenue (Seaside Park)' });
    const url = `${window.location.origin}/beach/52`;

    expect(within(sign).getByText('Ocean Beaches')).toBeInTheDocument();
    expect(within(sign).getByText('Seaside Park - 5th Avenue')).toBeInTheDocument();
    const qr = await qrOf(sign);
    expect(qr).toHaveAttribute('data-url', url);
    expect(qr).toHaveAccessibleName(`QR code linking to ${url}`);
    expect(qr.querySelector('svg')).not.toBeNull();
    expect(within(sign).getByText(url.replace(/^https?:\/\//, ''))).toBeInTheDocument();

    const english = within(sign).getByRole('region', { name: 'English' });
    expect(english).toHaveAttribute('lang', 'en');
    expect(within(english).getByRole('heading', { name: 'Water quality at this beach' })).toBeInTheDocument();
    expect(english).toHaveTextContent(`Questions? Call ${AGENCY.phone}.`);
    const spanish = within(sign).getByRole('region', { name: 'Español' });
    expect(spanish).toHaveAttribute('lang', 'es');
    expect(within(spanish).getByRole('heading', { name: 'Calidad del agua en esta playa' })).toBeInTheDocument();
    expect(spanish).toHaveTextContent(`¿Preguntas? Llame al ${AGENCY.phone}.`);

    // A sign points to the live page: no status, reason or sample of its own, and no site header or menu.
    expect(document.body).not.toHaveTextContent(/Advisory|Open to|127|Enterococcus/);
    expect(screen.queryByRole('navigation', { name: 'Program navigation' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign: 5th Avenue (Seaside Park)' })).toBeInTheDocument();
    expect(calls.map((c) => c.path)).toEqual(['/api/public/beaches/52']);
  });

  it('prints on Letter or A4 as chosen', async () => {
    mockFetch({ 'GET /api/public/beaches/52': ok('BEACH_FOUND', PROFILE) });
    const { user, router } = renderApp('/beach/52/sign');
    await screen.findByRole('article', { name: '5th Avenue (Seaside Park)' });
    const pageRule = () => [...document.querySelectorAll('style')].map((s) => s.textContent).find((text) => text?.includes('@page'));
    expect(pageRule()).toContain('size: letter');
    await user.selectOptions(screen.getByLabelText('Paper size'), 'A4');
    expect(pageRule()).toContain('size: A4');
    expect(router.state.location.search).toBe('?paper=a4');
  });

  it('keeps both languages on the sign when the visitor reads Spanish', async () => {
    mockFetch({ 'GET /api/public/beaches/52': ok('BEACH_FOUND', PROFILE) });
    await act(() => setLanguage('es'));
    renderApp('/beach/52/sign');
    const sign = await screen.findByRole('article', { name: '5th Avenue (Seaside Park)' });
    expect(screen.getByRole('button', { name: 'Imprimir' })).toBeInTheDocument();
    expect(screen.getByLabelText('Tamaño del papel')).toBeInTheDocument();
    expect(within(sign).getByRole('region', { name: 'English' })).toBeInTheDocument();
    expect(within(sign).getByRole('region', { name: 'Español' })).toBeInTheDocument();
  });

  it('has no sign for a beach the public may not see', async () => {
    mockFetch({ 'GET /api/public/beaches/77': { status: 404, body: { code: 'NOT_FOUND', payload: null, message: 'Beach not found.' } } });
    renderApp('/beach/77/sign');
    expect(await screen.findByRole('heading', { level: 1, name: 'Beach not found' })).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});

describe("a program's signs", () => {
  it('prints one sign per public primary station of the program, by name, without statuses', async () => {
    const payload = statusesPayload(
      [
        station({ beach_station_id: 3, beach_name: 'Manasquan', station_name: 'Manasquan', status_code: 'CLOSED' }),
        station({ beach_station_id: 1, beach_name: 'Belmar', station_name: 'Belmar - 5th Avenue' }),
        station({ beach_station_id: 2, beach_name: 'Belmar', station_name: 'Belmar - 5th Avenue N1', type: 'BRACKET', primary_station_id: 1 }),
      ],
      { programs: [program({ program_id: 1, name: 'Ocean Beaches' })] },
    );
    const { calls } = mockFetch({ 'GET /api/public/beaches/statuses/': ok('BEACH_STATUSES_FOUND', payload) });
    renderApp('/signs?program=1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Signs: Ocean Beaches' })).toBeInTheDocument();
    const signs = screen.getAllByRole('article');
    expect(signs.map((s) => s.getAttribute('aria-labelledby'))).toEqual(['beach-sign-1', 'beach-sign-3']);
    expect(screen.getByText('2 signs, one a page.')).toBeInTheDocument();
    expect(await qrOf(signs[0]!)).toHaveAttribute('data-url', `${window.location.origin}/beach/1`);
    expect(await qrOf(signs[1]!)).toHaveAttribute('data-url', `${window.location.origin}/beach/3`);
    expect(document.body).not.toHaveTextContent(/Closed|Open\b|Advisory/);
    expect(calls[0]).toMatchObject({ path: '/api/public/beaches/statuses/', query: { program: '1' } });
  });

  it('says so when the program does not exist or has no public beach', async () => {
    mockFetch({
      'GET /api/public/beaches/statuses/': ({ query }) =>
        ok('BEACH_STATUSES_FOUND', statusesPayload([], { programs: query.program === '2' ? [program({ program_id: 2, name: 'Lakes' })] : [] })),
    });
    renderApp('/signs?program=9');
    expect(await screen.findByRole('heading', { level: 1, name: 'Program not found' })).toBeInTheDocument();
    renderApp('/signs?program=2');
    expect(await screen.findByText('This program has no public beaches yet, so there are no signs to print.')).toBeInTheDocument();
  });
});
