import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SOCIAL_LINKS } from '../../app/agency';
import { storeWelcomeDismissed } from '../welcome/welcome-storage';
import { mockFetch } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';

describe('Social Media', () => {
  it('links each of the agency’s channels, with no embedded third-party content', async () => {
    storeWelcomeDismissed();
    mockFetch({});
    const { container } = renderApp('/social-media');
    expect(await screen.findByRole('heading', { level: 1, name: 'Social Media' })).toBeInTheDocument();
    for (const channel of SOCIAL_LINKS) {
      expect(screen.getByRole('heading', { level: 2, name: channel.name })).toBeInTheDocument();
      expect(screen.getAllByRole('link').some((a) => a.getAttribute('href') === channel.href)).toBe(true);
    }
    expect(container.querySelectorAll('main iframe, main script')).toHaveLength(0);
  });
});
