import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeWelcomeDismissed } from '../welcome/welcome-storage';
import { mockFetch } from '../../test/fetch-mock';
import { ok } from '../../test/public-data';
import { renderApp } from '../../test/render-app';

describe('Found on the Beach', () => {
  it('shows each photo with its title, description and where it was found', async () => {
    storeWelcomeDismissed();
    mockFetch({
      'GET /api/public/photos/': ok([
        {
          beach_photo_id: 3,
          title: 'Horseshoe crab',
          desc: 'A horseshoe crab on the tide line',
          county_id: 5,
          county: 'Cape May',
          municipality_id: 50,
          municipality: 'Wildwood',
          beach_station_id: 9,
          station_name: 'Wildwood - Cresse Avenue',
          beach_name: 'Cresse Avenue',
          file_id: 21,
          file: '/api/files/21',
          width: 1600,
          height: 1200,
          name: 'crab.jpg',
          type: 'image/jpeg',
          rank: 1,
        },
      ]),
    });
    renderApp('/found-on-the-beach');
    expect(await screen.findByRole('heading', { level: 1, name: 'Found on the Beach' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Horseshoe crab' })).toBeInTheDocument();
    // The thumbnail, the display copy for wide slots, and the size that keeps the card's space while it loads.
    const image = screen.getByRole('img', { name: 'A horseshoe crab on the tide line' });
    expect(image).toHaveAttribute('src', '/api/files/21?size=thumb');
    expect(image).toHaveAttribute('srcset', '/api/files/21?size=thumb 400w, /api/files/21 1600w');
    expect(image).toHaveAttribute('width', '1600');
    expect(image).toHaveAttribute('height', '1200');
    expect(screen.getByText('Cresse Avenue, Wildwood, Cape May')).toBeInTheDocument();
  });

  it('says when no photos have been posted', async () => {
    storeWelcomeDismissed();
    mockFetch({ 'GET /api/public/photos/': ok([]) });
    renderApp('/found-on-the-beach');
    expect(await screen.findByText('No photos have been posted yet.')).toBeInTheDocument();
  });
});
