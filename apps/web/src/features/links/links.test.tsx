import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeWelcomeDismissed } from '../welcome/welcome-storage';
import { mockFetch } from '../../test/fetch-mock';
import { ok } from '../../test/public-data';
import { renderApp } from '../../test/render-app';

describe('Links and Partners', () => {
  it('lists the links grouped by category', async () => {
    storeWelcomeDismissed();
    mockFetch({
      'GET /api/public/externalLinks/': ok([
        { link_id: 1, title: 'EPA Beaches', url: 'https://www.epa.gov/beaches', description: 'The BEACH Act program.', category: 'Federal', rank: 1 },
        { link_id: 2, title: 'NOAA Tides', url: 'https://tidesandcurrents.noaa.gov/', description: '', category: 'Weather and tides', rank: 2 },
      ]),
    });
    renderApp('/links-and-partners');
    expect(await screen.findByRole('heading', { level: 1, name: 'Links and Partners' })).toBeInTheDocument();
    const federal = await screen.findByRole('region', { name: 'Federal' });
    expect(within(federal).getByRole('heading', { level: 2, name: 'Federal' })).toBeInTheDocument();
    expect(within(federal).getByRole('link', { name: 'EPA Beaches' })).toHaveAttribute('href', 'https://www.epa.gov/beaches');
    expect(within(federal).getByText('The BEACH Act program.')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Weather and tides' })).getByRole('link', { name: 'NOAA Tides' })).toBeInTheDocument();
  });

  it('says when there are no links', async () => {
    storeWelcomeDismissed();
    mockFetch({ 'GET /api/public/externalLinks/': ok([]) });
    renderApp('/links-and-partners');
    expect(await screen.findByText('No links have been posted yet.')).toBeInTheDocument();
  });
});
