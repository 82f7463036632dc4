/**
 * The user-timing mark the map page sets once its stations are on the map (StationMap, which writes it out: a shared
 * constant would be a file of its own in the first view; the map page's test checks the two agree). Traces and
 * browser tests read it too.
 */
export const MAP_DRAWN = 'beach:map-drawn';

/**
 * How long no file or read may have arrived before the page's start-up counts as over. Well under the second of
 * network quiet after which Lighthouse ends its trace: work that waits for it is still measured (decision 0088).
 */
export const QUIET_MS = 400;

/**
 * Resolves once the page's own start-up is over: its map drawn (on the map page), then no file or read arrived for
 * `quietMs` (the panels' chunk and reads, the map's tiles). At most `capMs` after it was asked, for a map that never
 * draws or a network that never settles. Work that does nothing for what is on screen (the offline worker's install)
 * waits for it, so it never competes with the page's start-up (decisions 0087 and 0088).
 */
export const pageSettled = (capMs = 10_000, quietMs = QUIET_MS) =>
  new Promise<void>((resolve) => {
    let mapDrawn = !document.querySelector('.map-frame__map') || performance.getEntriesByName(MAP_DRAWN).length > 0;
    let quiet: ReturnType<typeof setTimeout> | undefined;
    const observer = new PerformanceObserver((list) => {
      const drawnNow = list.getEntriesByName(MAP_DRAWN).length > 0;
      mapDrawn ||= drawnNow;
      if (drawnNow || list.getEntriesByType('resource').length > 0) waitForQuiet();
    });
    const settle = () => {
      clearTimeout(quiet);
      clearTimeout(cap);
      observer.disconnect();
      resolve();
    };
    const waitForQuiet = () => {
      clearTimeout(quiet);
      quiet = setTimeout(() => mapDrawn && settle(), quietMs);
    };
    const cap = setTimeout(settle, capMs);
    observer.observe({ entryTypes: ['mark', 'resource'] });
    waitForQuiet();
  });
