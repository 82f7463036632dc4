/**
 * Starts the ICU warm-up worker (icu-warmup.worker.ts, decision 0048). Called once, first thing in the entry,
 * so the worker's load runs while the page fetches its data; a rendered page's boot script starts it sooner, and
 * then this starts none. Where workers are missing (tests, old browsers) nothing happens: the first formatter then
 * loads the data itself, as before.
 */
export function warmUpIntl(): void {
  if (typeof Worker === 'undefined') return;
  // A page the boot script started (boot.ts, its element names the entry) has it from there already.
  if (document.querySelector('script[data-entry]')) return;
  try {
    new Worker(new URL('./icu-warmup.worker.ts', import.meta.url), { type: 'module', name: 'icu-warmup' });
  } catch {
    // A browser that refuses the worker (a strict policy) formats as before.
  }
}
