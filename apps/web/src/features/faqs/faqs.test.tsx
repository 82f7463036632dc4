import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { storeWelcomeDismissed } from '../welcome/welcome-storage';
import { mockFetch } from '../../test/fetch-mock';
import { ok } from '../../test/public-data';
import { renderApp } from '../../test/render-app';
import type { Faq } from './api';

const FAQS: Faq[] = [
  { faq_id: 1, question: 'What does a swimming advisory mean?', answer: 'A sample exceeded the standard.', rank: 1, photos: [] },
  {
    faq_id: 2,
    question: 'What about algal blooms?',
    answer: 'Blooms can produce toxins.\n\nKeep pets out of the water.',
    rank: 2,
    photos: [{ faq_photo_id: 5, file_id: 12, file: '/api/files/12', width: 600, height: 900, title: 'A bloom on a lake', desc: 'Green scum along the shore', name: 'bloom.jpg', type: 'image/jpeg' }],
  },
];

// The page is a lazy chunk: load it before the first test, so a slow machine does not run out the test's wait.
beforeAll(async () => {
  await import('./FaqsPage');
}, 60_000);

describe('FAQs', () => {
  it('opens each answer with its photos from the question button', async () => {
    storeWelcomeDismissed();
    mockFetch({ 'GET /api/public/faqs/': ok(FAQS) });
    const { user } = renderApp('/faqs');
    expect(await screen.findByRole('heading', { level: 1, name: 'FAQs' })).toBeInTheDocument();
    const question = await screen.findByRole('button', { name: 'What about algal blooms?' });
    expect(question).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('Keep pets out of the water.')).not.toBeVisible();

    await user.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Keep pets out of the water.')).toBeVisible();
    const image = screen.getByRole('img', { name: 'A bloom on a lake' });
    expect(image).toHaveAttribute('src', '/api/files/12?size=thumb');
    expect(image).toHaveAttribute('srcset', '/api/files/12?size=thumb 267w, /api/files/12 600w');
    expect(image).toHaveAttribute('height', '900');
    expect(screen.getByText('Green scum along the shore')).toBeInTheDocument();
    await user.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens the question a search result links to', async () => {
    storeWelcomeDismissed();
    mockFetch({ 'GET /api/public/faqs/': ok(FAQS) });
    renderApp('/faqs#faq-1');
    expect(await screen.findByRole('button', { name: 'What does a swimming advisory mean?' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'What about algal blooms?' })).toHaveAttribute('aria-expanded', 'false');
  });
});
