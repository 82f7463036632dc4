import { LIMITS } from '@beach/domain';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BackToTop } from './BackToTop';

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    fireEvent.scroll(window);
  });
}

describe('BackToTop', () => {
  it('appears only after scrolling past 100 px and scrolls back to the top', () => {
    const scroll = vi.fn();
    vi.stubGlobal('scrollTo', scroll);
    render(<BackToTop />);
    expect(screen.queryByRole('button', { name: /back to top/i })).not.toBeInTheDocument();

    scrollTo(LIMITS.backToTopPx);
    expect(screen.queryByRole('button', { name: /back to top/i })).not.toBeInTheDocument();

    scrollTo(LIMITS.backToTopPx + 1);
    fireEvent.click(screen.getByRole('button', { name: /back to top/i }));
    expect(scroll).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });

    scrollTo(0);
    expect(screen.queryByRole('button', { name: /back to top/i })).not.toBeInTheDocument();
  });

  it('appears without a scroll event on a page already scrolled, once the page is drawn (decision 0041)', async () => {
    Object.defineProperty(window, 'scrollY', { value: LIMITS.backToTopPx + 50, configurable: true });
    render(<BackToTop />);
    // Not read while the page renders: the frame after it checks.
    expect(screen.queryByRole('button', { name: /back to top/i })).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /back to top/i })).toBeInTheDocument();
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });
});
