/**
 * The only script of a rendered beach page or Beach Actions before its first paint (decision 0072), put inline by
 * the api: the page arrives with its content in its HTML (decision 0067), so the browser paints that first, and
 * the app (the entry and the modules the page needs, which this script's element names) starts loading once the
 * first contentful paint has happened. Otherwise, on a fast connection, the app's files arrive with the HTML and
 * run before anything is drawn, and the page waits for a script it does not need to be read.
 *
 * No imports: this file is its own entry, a few hundred bytes, and must not pull the app in with it.
 */
const script = document.querySelector<HTMLScriptElement>('script[data-entry]');
let started = false;

/**
 * The ICU warm-up worker (i18n/icu-warmup.ts, decision 0048), before the app's files have loaded and run: on a slow
 * phone the page's first date format otherwise often comes before the worker has loaded the data, and loads it itself
 * on the main thread (20-65 ms measured on a slow host). An entry started from here starts none.
 */
function startIcuWarmUp(): void {
  try {
    new Worker(new URL('./i18n/icu-warmup.worker.ts', import.meta.url), { type: 'module', name: 'icu-warmup' });
  } catch {
    // No workers, or a policy that refuses this one: the first formatter loads the data itself, as before.
  }
}

/**
 * Runs the steps in order, each in a task of its own: a message, not a timer (nested timers wait 4 ms each).
 */
function inTasks(steps: (() => void)[]): void {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    steps.shift()?.();
    if (steps.length > 0) channel.port2.postMessage(null);
    else channel.port1.close();
  };
  channel.port2.postMessage(null);
}

function preload(href: string): () => void {
  return () => {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  };
}

function start(): void {
  if (started || !script?.dataset.entry) return;
  started = true;
  void import(/* @vite-ignore */ script.dataset.entry);
  // The page's modules, as the server's Link header would have preloaded them, then the ICU worker: each in a task of
  // its own, just after the entry's import. Adding a preload link can wait on the browser's other processes (0.1-10 ms
  // each at 1x CPU on a slow host, 3-28 ms for the ten of Beach Actions); in one task with the worker they were a task
  // Lighthouse's 4x CPU counted as long (decision 0091). The entry's own imports are the first preloads, so the files
  // still load side by side.
  inTasks([...(script.dataset.preload ?? '').split(' ').filter(Boolean).map(preload), startIcuWarmUp]);
}

const paintObserved = typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint');
if (!paintObserved || document.visibilityState !== 'visible') {
  // A browser that reports no paint, or a page opened in the background (it paints nothing until shown): at once.
  start();
} else {
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    start();
  }).observe({ type: 'paint', buffered: true });
  // Sent to the background before it painted; or a page with nothing contentful to paint: the app anyway.
  document.addEventListener('visibilitychange', start, { once: true });
  setTimeout(start, 3000);
}
