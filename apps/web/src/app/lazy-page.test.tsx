import { act, render, screen } from '@testing-library/react';
import { startTransition, Suspense, useState } from 'react';
import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { Component, type ReactNode } from 'react';
import { lazyModule, lazyPage, preloadRoutePages, type LazyModule } from './lazy-page';

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((n) => n + 1)}>
      {label} {count}
    </button>
  );
}

/**
 * Runs `test` with a root rendered by React's own scheduler, as in a browser, not inside `act` (which restarts a
 * render from the top and hides what these tests look for).
 */
async function onReactsScheduler(test: (root: Root) => Promise<void>) {
  const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const wasAct = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
  const container = document.body.appendChild(document.createElement('div'));
  const root = createRoot(container);
  try {
    await test(root);
  } finally {
    root.unmount();
    container.remove();
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = wasAct;
  }
}

function shell(children: React.ReactNode) {
  return <Suspense fallback={<p>Loading…</p>}>{children}</Suspense>;
}

describe('lazyPage', () => {
  it('renders a preloaded page in the first render, with no Loading… line', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Counter }));
    const Page = lazyPage(load);
    await Page.preload();
    render(shell(<Page label="Beach" />));
    expect(screen.getByRole('button', { name: 'Beach 0' })).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('falls back to Suspense when not preloaded, loads once, and keeps the page (and its state) after loading', async () => {
    let resolve!: (module: { default: typeof Counter }) => void;
    const load = vi.fn(() => new Promise<{ default: typeof Counter }>((r) => (resolve = r)));
    const Page = lazyPage(load);
    const { rerender } = render(shell(<Page label="Beach" />));
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    await act(async () => resolve({ default: Counter }));
    const button = await screen.findByRole('button', { name: 'Beach 0' });
    act(() => button.click());
    rerender(shell(<Page label="Beach" />));
    expect(screen.getByRole('button', { name: 'Beach 1' })).toBe(button);
    await Page.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps a page whose chunk came in while React drew it, and its state, when it renders again', async () => {
    // A chunk that is in by the time React looks again (microtasks later): React takes its paused render up at the
    // suspended component, not at the page above it, so the page is drawn through React.lazy. Its next render must
    // not mount it again (the map's list view took the focus away from its search box that way, under load). React's own
    // scheduler, as in a browser: `act` would restart the render from the top instead.
    await onReactsScheduler(async (root) => {
      const load = vi.fn(() => Promise.resolve({ default: Counter }));
      const Page = lazyPage(load);
      startTransition(() => root.render(shell(<Page label="Beach" />)));
      const button = await screen.findByRole('button', { name: 'Beach 0' });
      button.click();
      await screen.findByRole('button', { name: 'Beach 1' });
      flushSync(() => root.render(shell(<Page label="Beach" />)));
      expect(screen.getByRole('button', { name: 'Beach 1' })).toBe(button);
      expect(load).toHaveBeenCalledTimes(1);
    });
  });

  it('preloads only the pages of the routes that match the address', async () => {
    const beach = vi.fn(() => Promise.resolve({ default: Counter }));
    const news = vi.fn(() => Promise.resolve({ default: Counter }));
    const BeachPage = lazyPage(beach);
    const NewsPage = lazyPage(news);
    const routes: RouteObject[] = [
      { path: '/', element: <div />, children: [{ path: '/beach/:id', element: <BeachPage label="b" /> }, { path: '/news', element: <NewsPage label="n" /> }] },
    ];
    await preloadRoutePages(routes, { pathname: '/beach/7' });
    expect(beach).toHaveBeenCalledTimes(1);
    expect(news).not.toHaveBeenCalled();
    await expect(preloadRoutePages(routes, { pathname: '/nowhere' })).resolves.toBeDefined();
    expect(news).not.toHaveBeenCalled();
  });

  it('fails as the chunk does', async () => {
    const Page = lazyPage<{ label: string }>(() => Promise.reject(new Error('chunk gone')));
    await expect(preloadRoutePages([{ path: '/', element: <Page label="x" /> }], { pathname: '/' })).rejects.toThrow('chunk gone');
  });
});

class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
  override state = { error: null as string | null };
  static getDerivedStateFromError(error: Error) {
    return { error: error.message };
  }
  override render() {
    return this.state.error ? <p role="alert">{this.state.error}</p> : this.props.children;
  }
}

describe('lazyModule', () => {
  type Parts = { Label: () => ReactNode };
  function Part({ wanted, module }: { wanted: boolean; module: LazyModule<Parts> }) {
    const loaded = module.use(wanted);
    return loaded ? <loaded.Label /> : <p>Placeholder</p>;
  }
  const labelled = () => Promise.resolve({ Label: () => <p>Loaded part</p> });

  it('draws its placeholder, never suspends (the server renders it as is), and loads only once wanted', async () => {
    const load = vi.fn(labelled);
    const module = lazyModule(load);
    expect(renderToString(<Part wanted module={module} />)).toBe('<p>Placeholder</p>');
    const { rerender } = render(<Part wanted={false} module={module} />);
    await act(async () => undefined);
    expect(load).not.toHaveBeenCalled();
    rerender(<Part wanted module={module} />);
    expect(await screen.findByText('Loaded part')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('is there at the first render once loaded', async () => {
    const module = lazyModule(labelled);
    await module.load();
    render(<Part wanted module={module} />);
    expect(screen.getByText('Loaded part')).toBeInTheDocument();
  });

  it('shows the module only through its transition: a synchronous render after the load still draws the placeholder', async () => {
    // A store update (react-redux renders those synchronously) that lands between the load and the transition
    // must not build the module's parts in its one task. React's own scheduler, as in a browser.
    await onReactsScheduler(async (root) => {
      const load = vi.fn(labelled);
      const module = lazyModule(load);
      function Counted() {
        const [count, setCount] = useState(0);
        return (
          <>
            <button type="button" onClick={() => setCount((n) => n + 1)}>
              Render {count}
            </button>
            <Part wanted module={module} />
          </>
        );
      }
      flushSync(() => root.render(<Counted />));
      await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
      await module.load();
      flushSync(() => screen.getByRole('button', { name: 'Render 0' }).click());
      expect(screen.getByRole('button', { name: 'Render 1' })).toBeInTheDocument();
      expect(screen.getByText('Placeholder')).toBeInTheDocument();
      expect(await screen.findByText('Loaded part')).toBeInTheDocument();
    });
  });

  it("throws a chunk's failure to the nearest error boundary, and tries again later", async () => {
    const load = vi.fn(labelled).mockRejectedValueOnce(new Error('chunk gone'));
    const module = lazyModule(load);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <Boundary>
        <Part wanted module={module} />
      </Boundary>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('chunk gone');
    await expect(module.load()).resolves.toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
