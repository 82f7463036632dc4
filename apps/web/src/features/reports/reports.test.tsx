import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeWelcomeDismissed } from '../welcome/welcome-storage';
import { mockFetch } from '../../test/fetch-mock';
import { FILTER_SNAPSHOT, ok } from '../../test/public-data';
import { renderApp } from '../../test/render-app';
import type { Report } from './api';

const base: Omit<Report, 'report_and_publication_id' | 'title'> = {
  description: '',
  date: '2025-10-20',
  url: null,
  is_publication: false,
  county_id: null,
  municipality_id: null,
  beach_station_id: null,
  program_id: 1,
  file_id: null,
  upload_file: null,
  type: null,
  name: null,
  rank: 1,
};

const REPORTS: Report[] = [
  { ...base, report_and_publication_id: 1, title: '2025 Annual Summary', description: 'Samples and closures.', file_id: 9, upload_file: '/api/files/9', type: 'application/pdf', name: 'summary-2025.pdf' },
  { ...base, report_and_publication_id: 2, title: 'Beach Act Guidance', is_publication: true, url: 'https://www.epa.gov/beaches', date: '2024-03-01' },
];

describe('Reports', () => {
  it('lists reports and publications with their file links, and filters through the server', async () => {
    storeWelcomeDismissed();
    const { calls } = mockFetch({
      'GET /api/public/reportsAndPublications/': (call) => ok(call.query.county === '15' ? [] : REPORTS),
      'GET /api/public/data/filters': ok(FILTER_SNAPSHOT),
    });
    const { user, router } = renderApp('/reports-and-publications');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
    const download = await screen.findByRole('link', { name: /Download 2025 Annual Summary/ });
    expect(download).toHaveAttribute('href', '/api/files/9');
    expect(download).toHaveAttribute('download', 'summary-2025.pdf');
    expect(download).toHaveTextContent('(PDF file)');
    expect(screen.getByRole('link', { name: 'Open Beach Act Guidance' })).toHaveAttribute('href', 'https://www.epa.gov/beaches');
    expect(screen.getByText('Publication')).toBeInTheDocument();
    expect(screen.getByText('2 reports')).toBeInTheDocument();

    const municipality = screen.getByLabelText('Municipality');
    await waitFor(() => expect(screen.getByLabelText('County')).toBeEnabled());
    expect(municipality).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('County'), 'Monmouth');
    await user.selectOptions(municipality, 'Sea Bright');
    expect(within(screen.getByLabelText('Beach')).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'All beaches',
      'Sea Bright - Anchorage Beach',
      'Sea Bright - North Bracket',
    ]);
    await user.selectOptions(screen.getByLabelText('Beach'), 'Sea Bright - Anchorage Beach');
    await user.selectOptions(screen.getByLabelText('Program'), 'Ocean Beaches');
    await waitFor(() =>
      expect(calls.at(-1)?.query).toEqual({ county: '13', municipality: '101', program: '1' }),
    );
    expect(router.state.location.search).toBe('?county=13&municipality=101&program=1');

    await user.selectOptions(screen.getByLabelText('County'), 'Ocean');
    expect(await screen.findByText('No reports match these filters.')).toBeInTheDocument();
    expect(screen.getByLabelText('Municipality')).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('2 reports')).toBeInTheDocument();
    expect(calls.at(-1)?.query).toEqual({});
  });
});
