import { LIMITS } from '@beach/domain/constants';
import { MESSAGES } from '@beach/domain/messages';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import DownloadDataDialog from '../../app/layouts/DownloadDataDialog';
import { makeStore } from '../../app/store';
import { mockFetch, type RecordedCall, type Reply } from '../../test/fetch-mock';
import { FILTER_SNAPSHOT, ok } from '../../test/public-data';
import { RecordCount } from './RecordCount';

const FILTERS = 'GET /api/public/data/filters';
const COUNTS = 'GET /api/public/data/counts';

interface Submission {
  action: string | null;
  target: string;
  method: string;
  fields: Record<string, string>;
}

let submissions: Submission[];

beforeEach(() => {
  submissions = [];
  // jsdom does not navigate: record what each download form would send into the hidden frame.
  vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
    submissions.push({
      action: this.getAttribute('action'),
      target: this.target,
      method: this.method,
      fields: Object.fromEntries([...new FormData(this)].map(([k, v]) => [k, String(v)])),
    });
  });
});

/** Counts that change with the filter, so a refresh is visible: water quality 1000 + number of chosen fields. */
function countsFor(call: RecordedCall): Reply {
  return ok({ 'water-quality': 1000 + Object.keys(call.query).length, incident: 7 });
}

function setup(routes: Parameters<typeof mockFetch>[0] = {}, store = makeStore()) {
  const fetch = mockFetch({ [FILTERS]: ok(FILTER_SNAPSHOT, 'RETRIEVED_FILTER_LIST'), [COUNTS]: countsFor, ...routes });
  const user = userEvent.setup();
  const onClose = vi.fn();
  const view = render(
    <Provider store={store}>
      {/* The dialog links to the developers page (decision 0045). */}
      <MemoryRouter>
        <DownloadDataDialog onClose={onClose} />
      </MemoryRouter>
    </Provider>,
  );
  const countCalls = () => fetch.calls.filter((c) => c.path === '/api/public/data/counts');
  return { ...view, ...fetch, user, store, onClose, countCalls };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLSelectElement | HTMLInputElement;
const optionsOf = (label: string) => within(field(label)).getAllByRole('option').map((o) => o.textContent);

async function ready() {
  await screen.findByLabelText('County');
  await waitFor(() => expect(screen.getByText('Water quality results').nextElementSibling).toHaveTextContent('1,002'));
}

describe('Download Data panel', () => {
  it('shows Loading Filters... while the snapshot loads, then the nine filters', async () => {
    let release: (reply: Reply) => void = () => undefined;
    setup({ [FILTERS]: () => new Promise<Reply>((resolve) => (release = resolve)) });
    expect(await screen.findByRole('dialog', { name: 'Download Data' })).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.loadingFilters)).toBeInTheDocument();
    expect(screen.queryByLabelText('County')).not.toBeInTheDocument();

    release(ok(FILTER_SNAPSHOT));
    for (const label of ['Program', 'County', 'Municipality', 'Location type', 'Station type', 'Beach', 'Local health authority (LHA)', 'Start date', 'End date']) {
      expect(await screen.findByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.queryByText(MESSAGES.loadingFilters)).not.toBeInTheDocument();
    expect(optionsOf('Location type')).toEqual(['All', 'Ocean', 'Bay', 'River', 'Lake']);
    expect(optionsOf('Station type')).toEqual(['Both', 'Primary', 'Bracket']);
  });

  it('reports a snapshot that failed to load, and Retry fetches it again', async () => {
    let attempt = 0;
    const { user, calls } = setup({ [FILTERS]: () => (++attempt === 1 ? { status: 500, body: { code: 'SERVER_ERROR', payload: null } } : ok(FILTER_SNAPSHOT)) });
    expect(await screen.findByText(MESSAGES.filtersLoadFailed)).toBeInTheDocument();
    expect(screen.queryByLabelText('County')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText('County')).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.filtersLoadFailed)).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/public/data/filters')).toHaveLength(2);
  });

  it('keeps the municipality list unavailable, with the hint, until a county is chosen', async () => {
    const { user } = setup();
    await ready();
    const municipality = field('Municipality');
    expect(municipality).toBeDisabled();
    expect(municipality).toHaveAccessibleDescription(MESSAGES.municipalityHint);

    await user.selectOptions(field('County'), 'Monmouth');
    expect(municipality).toBeEnabled();
    expect(screen.queryByText(MESSAGES.municipalityHint)).not.toBeInTheDocument();
    expect(optionsOf('Municipality')).toEqual(['All municipalities', 'Long Branch', 'Sea Bright']);
  });

  it('clears filters in cascade: county clears municipality and beach; clearing it clears the municipality; the others clear the beach', async () => {
    const { user } = setup();
    await ready();
    const choose = async (label: string, option: string) => user.selectOptions(field(label), option);

    await choose('County', 'Monmouth');
    await choose('Municipality', 'Sea Bright');
    await choose('Beach', 'Sea Bright - Anchorage Beach');
    await choose('County', 'Ocean');
    expect(field('Municipality')).toHaveValue('');
    expect(field('Beach')).toHaveValue('');

    await choose('County', 'Monmouth');
    await choose('Municipality', 'Sea Bright');
    await choose('Beach', 'Sea Bright - Anchorage Beach');
    await choose('County', 'All counties');
    expect(field('Municipality')).toHaveValue('');
    expect(field('Municipality')).toBeDisabled();
    expect(field('Beach')).toHaveValue('1');

    await choose('County', 'Monmouth');
    for (const [label, option] of [
      ['Municipality', 'Long Branch'],
      ['Station type', 'Primary'],
      ['Location type', 'Ocean'],
      ['Local health authority (LHA)', 'Monmouth County Health Department'],
    ] as const) {
      const listed = optionsOf('Beach')[1]!;
      await choose('Beach', listed);
      expect(field('Beach')).not.toHaveValue('');
      await choose(label, option);
      expect(field('Beach'), `${label} clears the beach`).toHaveValue('');
    }
  });

  it('lists beaches only once a filter other than Both / All is chosen, and only those that match', async () => {
    const { user } = setup();
    await ready();
    expect(optionsOf('Beach')).toEqual(['All beaches']);
    expect(field('Beach')).toHaveAccessibleDescription('Choose a filter above to list beaches.');

    await user.selectOptions(field('Station type'), 'Primary');
    expect(optionsOf('Beach')).toEqual(['All beaches', 'Long Branch - Pier', 'Sea Bright - Anchorage Beach', 'Seaside Park - Bay Avenue']);
    await user.selectOptions(field('Station type'), 'Both');
    expect(optionsOf('Beach')).toEqual(['All beaches']);

    await user.selectOptions(field('Location type'), 'Bay');
    expect(optionsOf('Beach')).toEqual(['All beaches', 'Seaside Park - Bay Avenue']);
    await user.selectOptions(field('Location type'), 'All');

    await user.selectOptions(field('County'), 'Monmouth');
    await user.selectOptions(field('Local health authority (LHA)'), 'Monmouth County Health Department');
    expect(optionsOf('Beach')).toEqual(['All beaches', 'Long Branch - Pier', 'Sea Bright - Anchorage Beach', 'Sea Bright - North Bracket']);
    await user.selectOptions(field('Municipality'), 'Sea Bright');
    await user.selectOptions(field('Station type'), 'Bracket');
    expect(optionsOf('Beach')).toEqual(['All beaches', 'Sea Bright - North Bracket']);
    await user.selectOptions(field('Program'), 'Bay Beaches');
    expect(optionsOf('Beach')).toEqual(['All beaches']);
    expect(field('Beach')).toHaveAccessibleDescription('No beaches match these filters.');
  });

  it('refreshes both counts on every filter change with the filter as query parameters', async () => {
    const { user, countCalls } = setup();
    await ready();
    expect(countCalls().at(-1)?.query).toEqual({ locationType: 'ALL', stationType: 'BOTH' });
    expect(screen.getByText('Incidents').nextElementSibling).toHaveTextContent('7');

    await user.selectOptions(field('County'), 'Monmouth');
    await waitFor(() => expect(countCalls().at(-1)?.query).toEqual({ county: '13', locationType: 'ALL', stationType: 'BOTH' }));
    await waitFor(() => expect(screen.getByText('Water quality results').nextElementSibling).toHaveTextContent('1,003'));

    await user.selectOptions(field('Program'), 'Ocean Beaches');
    await waitFor(() => expect(countCalls().at(-1)?.query).toMatchObject({ program: '1', county: '13' }));
    fireEvent.change(field('Start date'), { target: { value: '2024-06-01' } });
    await waitFor(() => expect(countCalls().at(-1)?.query).toMatchObject({ startDate: '2024-06-01' }));
    await waitFor(() => expect(screen.getByText('Water quality results').nextElementSibling).toHaveTextContent('1,005'));
    expect(countCalls()).toHaveLength(4);
  });

  it("shows 'Error...' where a count failed, and 'Unknown Count' for a kind the answer lacks", async () => {
    let fail = true;
    const { user } = setup({
      [COUNTS]: () => (fail ? { status: 500, body: { code: 'SERVER_ERROR', payload: null } } : ok({ 'water-quality': 12 })),
    });
    await screen.findByLabelText('County');
    await waitFor(() => expect(screen.getAllByText(MESSAGES.countError)).toHaveLength(2));

    fail = false;
    await user.selectOptions(field('County'), 'Ocean');
    await waitFor(() => expect(screen.getByText('Water quality results').nextElementSibling).toHaveTextContent('12'));
    expect(screen.getByText('Incidents').nextElementSibling).toHaveTextContent(MESSAGES.unknownCount);
  });

  it("shows 'Unknown Count' for an unrecognised kind", () => {
    render(<RecordCount kind="sanitary-survey" counts={{ 'water-quality': 3, incident: 1 }} isError={false} isLoading={false} />);
    expect(screen.getByText(MESSAGES.unknownCount)).toBeInTheDocument();
  });

  it('Clear Filters resets every filter', async () => {
    const { user } = setup();
    await ready();
    await user.selectOptions(field('Program'), 'Ocean Beaches');
    await user.selectOptions(field('County'), 'Monmouth');
    await user.selectOptions(field('Municipality'), 'Sea Bright');
    await user.selectOptions(field('Location type'), 'Ocean');
    await user.selectOptions(field('Station type'), 'Primary');
    await user.selectOptions(field('Beach'), 'Sea Bright - Anchorage Beach');
    await user.selectOptions(field('Local health authority (LHA)'), 'Monmouth County Health Department');
    fireEvent.change(field('Start date'), { target: { value: '2024-06-01' } });
    fireEvent.change(field('End date'), { target: { value: '2024-08-31' } });

    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    for (const label of ['Program', 'County', 'Municipality', 'Beach', 'Local health authority (LHA)', 'Start date', 'End date']) {
      expect(field(label), label).toHaveValue('');
    }
    expect(field('Location type')).toHaveValue('ALL');
    expect(field('Station type')).toHaveValue('BOTH');
    expect(field('Municipality')).toBeDisabled();
    expect(optionsOf('Beach')).toEqual(['All beaches']);
  });

  it('does not let the dates go later than tomorrow', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-07-04T15:00:00Z'));
    const { user, countCalls } = setup();
    await ready();
    for (const label of ['Start date', 'End date']) {
      expect(field(label)).toHaveAttribute('type', 'date');
      expect(field(label)).toHaveAttribute('max', '2026-07-05');
    }
    fireEvent.change(field('End date'), { target: { value: '2026-07-05' } });
    await waitFor(() => expect(countCalls().at(-1)?.query.endDate).toBe('2026-07-05'));
    expect(field('End date')).not.toHaveAttribute('aria-invalid');

    const before = countCalls().length;
    fireEvent.change(field('End date'), { target: { value: '2026-07-06' } });
    expect(field('End date')).toHaveAttribute('aria-invalid', 'true');
    expect(field('End date')).toHaveAccessibleDescription(/Choose a date no later than July 5, 2026/);
    expect(screen.getByRole('button', { name: 'Download Water Quality Data' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => expect(countCalls().length).toBeGreaterThan(before));
    expect(countCalls().some((c) => c.query.endDate === '2026-07-06')).toBe(false);
  });

  it('asks for the data-use notice before the first download, then submits the GET form into the hidden frame', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = new Date('2026-07-04T15:00:00Z').getTime();
    vi.setSystemTime(start);
    const { user, store } = setup();
    await ready();
    await user.selectOptions(field('County'), 'Monmouth');
    fireEvent.change(field('Start date'), { target: { value: '2026-06-01' } });

    await user.click(screen.getByRole('button', { name: 'Download Water Quality Data' }));
    const notice = await screen.findByRole('region', { name: 'Data use notice' });
    expect(submissions).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Download Water Quality Data', hidden: true })).not.toBeVisible();

    await user.click(within(notice).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('region', { name: 'Data use notice' })).not.toBeInTheDocument();
    expect(submissions).toHaveLength(0);
    expect(store.getState().license.expiry).toBeNull();
    expect(screen.getByRole('button', { name: 'Download Water Quality Data' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Download Water Quality Data' }));
    await user.click(await screen.findByRole('button', { name: 'Accept and download' }));
    expect(store.getState().license.expiry).toBe(start + LIMITS.licenseMs);
    expect(submissions).toEqual([
      {
        action: '/api/public/data/download/waterQuality',
        target: 'beach-data-download',
        method: 'get',
        fields: {
          downloadType: 'water-quality',
          program: '',
          county: '13',
          municipality: '',
          locationType: 'ALL',
          stationType: 'BOTH',
          beachId: '',
          lha: '',
          startDate: '2026-06-01',
          endDate: '',
        },
      },
    ]);
    expect(screen.getByText(/Your download has started/)).toBeInTheDocument();

    // Within the 4 hours: no notice again, for either download.
    vi.setSystemTime(start + LIMITS.licenseMs - 1);
    await user.click(screen.getByRole('button', { name: 'Download Incident Data' }));
    expect(screen.queryByRole('region', { name: 'Data use notice' })).not.toBeInTheDocument();
    expect(submissions.at(-1)).toMatchObject({
      action: '/api/public/data/download/incident/',
      fields: { downloadType: 'incident', county: '13', startDate: '2026-06-01' },
    });

    // After 4 hours the acceptance has lapsed.
    vi.setSystemTime(start + LIMITS.licenseMs);
    await user.click(screen.getByRole('button', { name: 'Download Incident Data' }));
    expect(await screen.findByRole('region', { name: 'Data use notice' })).toBeInTheDocument();
    expect(submissions).toHaveLength(2);
  });

  it('keeps the acceptance in the persisted license state: a new visit within 4 hours downloads at once', async () => {
    const first = makeStore();
    const view = setup({}, first);
    await ready();
    await view.user.click(screen.getByRole('button', { name: 'Download Water Quality Data' }));
    await view.user.click(await screen.findByRole('button', { name: 'Accept and download' }));
    const expiry = first.getState().license.expiry;
    expect(expiry).toBeGreaterThan(Date.now());
    expect(JSON.parse(JSON.parse(window.localStorage.getItem('persist:beach-portal') ?? '{}').license)).toEqual({ expiry });
    view.unmount();

    // The next visit: a new store, read from localStorage as main.tsx makes it.
    const second = makeStore();
    expect(second.getState().license.expiry).toBe(expiry);
    const again = setup({}, second);
    await ready();
    await again.user.click(screen.getByRole('button', { name: 'Download Water Quality Data' }));
    expect(screen.queryByRole('region', { name: 'Data use notice' })).not.toBeInTheDocument();
    expect(submissions).toHaveLength(2);
  });

  it('closes with Close', async () => {
    const { user, onClose } = setup();
    await ready();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });
});
