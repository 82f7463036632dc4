import { LIMITS } from '@beach/domain/constants';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Welcome } from './Welcome';
import { WELCOME_COOKIE } from '@beach/domain/page-cookies';
import { WELCOME_DISMISSED_KEY, storeWelcomeDismissed } from './welcome-storage';

const NAME = 'Welcome to the Beach Portal';

describe('Welcome modal', () => {
  it('shows until dismissed with Close, and stays dismissed on the next visit', async () => {
    const user = userEvent.setup();
    const first = render(<Welcome enabled />);
    const dialog = await screen.findByRole('dialog', { name: NAME });
    expect(within(dialog).getByText(/license plate/i)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: NAME })).not.toBeInTheDocument();
    expect(window.localStorage.getItem(WELCOME_DISMISSED_KEY)).not.toBeNull();

    first.unmount();
    render(<Welcome enabled />);
    expect(screen.queryByRole('dialog', { name: NAME })).not.toBeInTheDocument();
  });

  it('is dismissed by the X as well', async () => {
    const user = userEvent.setup();
    render(<Welcome enabled />);
    await user.click(within(await screen.findByRole('dialog', { name: NAME })).getByRole('button', { name: 'Close this window' }));
    expect(screen.queryByRole('dialog', { name: NAME })).not.toBeInTheDocument();
    expect(window.localStorage.getItem(WELCOME_DISMISSED_KEY)).not.toBeNull();
  });

  it('is not shown while the WELCOME_MODAL switch is off', async () => {
    const view = render(<Welcome enabled={false} />);
    await act(async () => {
      await import('./WelcomeModal');
    });
    expect(screen.queryByRole('dialog', { name: NAME })).not.toBeInTheDocument();
    view.rerender(<Welcome enabled />);
    expect(await screen.findByRole('dialog', { name: NAME })).toBeInTheDocument();
  });

  it('re-checks the stored dismissal every 60 s while shown (another tab may dismiss it)', async () => {
    // Only intervals are faked: the lazy dialog still loads, and findBy still sees it appear.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    render(<Welcome enabled />);
    expect(await screen.findByRole('dialog', { name: NAME })).toBeInTheDocument();

    storeWelcomeDismissed();
    act(() => vi.advanceTimersByTime(LIMITS.welcomeCheckMs - 1));
    expect(screen.getByRole('dialog', { name: NAME })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('dialog', { name: NAME })).not.toBeInTheDocument();
  });
});

describe('Welcome pop-up in the server\'s render (decision 0073)', () => {
  it('is drawn into the HTML unless the request\'s cookie says it was closed', async () => {
    const { renderToString } = await import('react-dom/server');
    const { ServedWelcomeDismissal } = await import('./welcome-storage');
    // The server has no document: the dismissal comes from the context alone, never from this test's storage.
    vi.stubGlobal('document', undefined);
    try {
      const drawn = renderToString(<Welcome enabled />);
      const closed = renderToString(
        <ServedWelcomeDismissal.Provider value>
          <Welcome enabled />
        </ServedWelcomeDismissal.Provider>,
      );
      expect(drawn).toContain('welcome-modal');
      expect(drawn).toContain('role="dialog"');
      expect(closed).toBe('<div class="welcome-slot"></div>');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('sets the cookie when closed, and again for a dismissal stored before the cookie existed', async () => {
    const user = userEvent.setup();
    const view = render(<Welcome enabled />);
    await user.click(within(await screen.findByRole('dialog', { name: NAME })).getByRole('button', { name: 'Close' }));
    expect(document.cookie).toMatch(new RegExp(`(^|; )${WELCOME_COOKIE}=\\d{4}-\\d{2}-\\d{2}`));
    view.unmount();

    document.cookie = `${WELCOME_COOKIE}=; path=/; max-age=0`;
    window.localStorage.setItem(WELCOME_DISMISSED_KEY, '2025-06-01T00:00:00.000Z');
    render(<Welcome enabled />);
    expect(screen.queryByRole('dialog', { name: NAME })).not.toBeInTheDocument();
    expect(document.cookie).toContain(`${WELCOME_COOKIE}=`);
  });

  it('makes the rest of the page inert while shown, and only the parts it made inert live again', async () => {
    const user = userEvent.setup();
    render(
      <>
        <main>page</main>
        <div aria-hidden="true">already hidden</div>
        <Welcome enabled />
      </>,
    );
    const dialog = await screen.findByRole('dialog', { name: NAME });
    const main = document.querySelector('main')!;
    const hidden = screen.getByText('already hidden', { selector: 'div' });
    expect(main).toHaveAttribute('inert');
    expect(main).toHaveAttribute('aria-hidden', 'true');
    expect(dialog).not.toHaveAttribute('inert');
    expect(hidden).not.toHaveAttribute('inert');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(main).not.toHaveAttribute('inert');
    expect(main).not.toHaveAttribute('aria-hidden');
    expect(hidden).toHaveAttribute('aria-hidden', 'true');
  });
});
