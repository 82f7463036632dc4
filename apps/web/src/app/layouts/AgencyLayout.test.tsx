import { act, screen, within } from '@testing-library/react';
import { MESSAGES } from '@beach/domain/messages';
import { describe, expect, it } from 'vitest';
import { storeWelcomeDismissed } from '../../features/welcome/welcome-storage';
import { mockFetch } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';

function renderPublic(path: string) {
  mockFetch({});
  storeWelcomeDismissed();
  return renderApp(path);
}

describe('Agency layout', () => {
  it('highlights the current entry by the lower-cased path', async () => {
    renderPublic('/NEWS');
    const nav = await screen.findByRole('navigation', { name: 'Program navigation' });
    const current = within(nav).getByRole('link', { name: 'Important Information' });
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(current).toHaveClass('usa-current');
    expect(within(nav).getByRole('link', { name: 'Map' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getAllByRole('link').filter((a) => a.getAttribute('aria-current') === 'page')).toHaveLength(1);
  });

  it('shows the page heading, landmarks, skip link, banner, address and copyright', async () => {
    renderPublic('/beach-actions');
    expect(await screen.findByRole('heading', { level: 1, name: 'Beach Actions' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main-content');
    expect(screen.getByText('An official website of the State of New Jersey')).toBeInTheDocument();
    expect(screen.getByText('Mail Code 401-04B')).toBeInTheDocument();
    expect(screen.getByText('401 East State Street')).toBeInTheDocument();
    expect(screen.getByText('Trenton, NJ 08625')).toBeInTheDocument();
    expect(screen.getByText(`© 1996–${new Date().getFullYear()} State of New Jersey`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /on Facebook/ })).toHaveAttribute('href', expect.stringContaining('facebook.com'));
    const logo = document.querySelector('header .site-logo img');
    expect(logo).toHaveAttribute('width', '36');
    expect(logo).toHaveAttribute('height', '36');
  });

  it('opens the Download Data modal from Beach Data and closes it', async () => {
    const { user } = renderPublic('/');
    await user.click(await screen.findByRole('button', { name: 'Beach Data' }));
    const dialog = await screen.findByRole('dialog', { name: 'Download Data' });
    // The filter snapshot is not mocked here: the panel says so.
    expect(await within(dialog).findByText(MESSAGES.filtersLoadFailed)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Download Data' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Beach Data' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Download Data' })).getByRole('button', { name: 'Close this window' }));
    expect(screen.queryByRole('dialog', { name: 'Download Data' })).not.toBeInTheDocument();
  });

  it('searches with GET /search?q=', async () => {
    const { user, router } = renderPublic('/');
    await user.type(await screen.findByRole('searchbox', { name: 'Search the Beach Portal' }), 'sea bright');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Search' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/search');
    expect(router.state.location.search).toBe('?q=sea%20bright');
    expect(screen.getByRole('searchbox', { name: 'Search for' })).toHaveValue('sea bright');
  });

  it('opens and closes the mobile menu from the keyboard', async () => {
    const { user } = renderPublic('/faqs');
    const menu = await screen.findByRole('button', { name: 'Menu' });
    const nav = screen.getByRole('navigation', { name: 'Program navigation' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(nav).toHaveClass('is-visible');
    expect(screen.getByRole('button', { name: 'Close navigation menu' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(nav).not.toHaveClass('is-visible');
    expect(menu).toHaveFocus();
  });

  it('shows the welcome pop-up and the news banner only while their switches are on', async () => {
    const news = { news_id: 4, title: 'Beaches open for the season', summary: 'Monitoring is under way.', body: '', published_on: '2026-05-20', is_banner: true, rank: 1 };
    const switches = (on: boolean) => [
      { website_toggle_id: 1, code: 'WELCOME_MODAL', value: on },
      { website_toggle_id: 2, code: 'NEWS_BANNER', value: on },
    ];
    mockFetch({
      'GET /api/public/switches/': { body: { code: 'SWITCHES_FOUND', payload: switches(false) } },
      'GET /api/public/news/latest': { body: { code: 'NEWS_FOUND', payload: news } },
    });
    const off = renderApp('/faqs');
    expect(await screen.findByRole('heading', { level: 1, name: 'FAQs' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog', { name: 'Welcome to the Beach Portal' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Important information' })).not.toBeInTheDocument();
    off.unmount();

    mockFetch({
      'GET /api/public/switches/': { body: { code: 'SWITCHES_FOUND', payload: switches(true) } },
      'GET /api/public/news/latest': { body: { code: 'NEWS_FOUND', payload: news } },
    });
    const { router } = renderApp('/faqs');
    expect(await screen.findByRole('dialog', { name: 'Welcome to the Beach Portal' })).toBeInTheDocument();
    const banner = await screen.findByRole('region', { name: 'Important information' });
    expect(within(banner).getByRole('link', { name: 'Beaches open for the season' })).toHaveAttribute('href', '/news/4');

    // Not on the map, whose own Latest News panel shows the same item.
    await act(() => router.navigate('/'));
    expect(screen.queryByRole('region', { name: 'Important information' })).not.toBeInTheDocument();
  });

  it('links Found on the Beach from the footer', async () => {
    renderPublic('/faqs');
    const footer = await screen.findByRole('navigation', { name: 'Footer navigation' });
    expect(within(footer).getByRole('link', { name: 'Found on the Beach' })).toHaveAttribute('href', '/found-on-the-beach');
  });

  it('serves every public route with its label as the heading', async () => {
    for (const [path, label] of [
      ['/', 'Map'],
      ['/daily-flight-reports', 'Daily Flights'],
      ['/reports-and-publications', 'Reports'],
      ['/faqs', 'FAQs'],
      ['/links-and-partners', 'Links and Partners'],
      ['/social-media', 'Social Media'],
      ['/news', 'Important Information'],
      ['/found-on-the-beach', 'Found on the Beach'],
      ['/search', 'Search'],
    ] as const) {
      const view = renderPublic(path);
      expect(await screen.findByRole('heading', { level: 1, name: label })).toBeInTheDocument();
      view.unmount();
    }
  });
});
