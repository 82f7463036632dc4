import { LIMITS } from '@beach/domain/constants';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Welcome } from './Welcome';
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
