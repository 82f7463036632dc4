import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicGisService } from '@beach/domain';
import { mockFetch } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';
import { mapRoutes, station, statusesPayload } from './test-data';

const dismissWelcome = () => window.localStorage.setItem('beach-portal:welcome-dismissed', new Date().toISOString());

const SERVICES: PublicGisService[] = [
  { gis_rest_service_id: 7, name: 'Outfalls', layer_type: 'FEATURE', layer_ids: [0, 3], opacity: 0.8, shown_by_default: false },
  { gis_rest_service_id: 8, name: 'Shellfish waters', layer_type: 'MAP', layer_ids: [], opacity: 0.6, shown_by_default: false },
];

describe('the map’s GIS layers', () => {
  // jsdom has no canvas: Leaflet's canvases draw into a context that does nothing.
  beforeEach(() => {
    const noDrawing = new Proxy({}, { get: (_target, name) => (name === 'canvas' ? document.createElement('canvas') : () => ({})) });
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(noDrawing as CanvasRenderingContext2D);
  });
  afterEach(() => vi.restoreAllMocks());

  it('offers the active services in a Map layers list once the stations are drawn; a failing one says so and the map carries on', async () => {
    dismissWelcome();
    const { calls } = mockFetch({
      ...mapRoutes(statusesPayload([station({ beach_station_id: 1, beach_name: 'Ocean Avenue' })])),
      'GET /api/public/gisServices/': { body: { code: 'GIS_SERVICES_FOUND', payload: SERVICES } },
      'GET /api/public/gisServices/7/query': { body: { code: 'GIS_SERVICE_UNAVAILABLE', message: 'The map layer "Outfalls" is not available right now.', payload: null } },
    });
    const { user } = renderApp('/');
    const toggle = await screen.findByRole('button', { name: 'Map layers' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // Nothing is drawn (and the drawing code is not loaded) until a layer is turned on.
    expect(calls.some((c) => c.path.startsWith('/api/public/gisServices/7'))).toBe(false);
    await user.click(toggle);
    const outfalls = screen.getByRole('checkbox', { name: 'Outfalls' });
    expect(screen.getByRole('checkbox', { name: 'Shellfish waters' })).not.toBeChecked();
    await user.click(outfalls);
    expect(await screen.findByText('The map layer "Outfalls" could not be loaded.')).toBeInTheDocument();
    // One query per layer id of the feature service.
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/public/gisServices/7/query').map((c) => c.query.layer).sort()).toEqual(['0', '3']));
    expect(outfalls).not.toBeChecked();
    expect(screen.getByRole('region', { name: /map/i })).toBeInTheDocument();
    // Turning it on again tries again.
    await user.click(outfalls);
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/public/gisServices/7/query')).toHaveLength(4));
    await waitFor(() => expect(outfalls).not.toBeChecked());
    expect(screen.getByText('The map layer "Outfalls" could not be loaded.')).toBeInTheDocument();
  });

  it('shows no Map layers list when no service is active', async () => {
    dismissWelcome();
    const { calls } = mockFetch({
      ...mapRoutes(statusesPayload([station({ beach_station_id: 1, beach_name: 'Ocean Avenue' })])),
      'GET /api/public/gisServices/': { body: { code: 'GIS_SERVICES_FOUND', payload: [] } },
    });
    renderApp('/');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/public/gisServices/')).toBe(true));
    expect(screen.queryByRole('button', { name: 'Map layers' })).not.toBeInTheDocument();
  });
});
