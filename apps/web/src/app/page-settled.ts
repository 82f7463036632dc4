/**
 * The user-timing mark the map page sets once its stations are on the map (StationMap, which writes it out: a shared
 * constant would be a file of its own in the first view; the map page's test checks the two agree). Traces and
 * browser tests read it too.
 */
export const MAP_DRAWN = 'beach:map-drawn';

/**
 * Resolves once the page's own start-up is over: at once on most pages; on the map page, once its map is drawn (at
 * most `capMs` later, for a map that never draws: Leaflet's file failed to load, say). Work that does nothing for
 * what is on screen (the offline worker's install) waits for it, so it never competes with the map's start-up
 * (decision 0087).
 */
export const pageSettled = (capMs = 10_000) =>
  new Promise<void>((resolve) => {
    if (!document.querySelector('.map-frame__map') || performance.getEntriesByName(MAP_DRAWN).length > 0) return resolve();
    // Resolving again (the cap after the mark, or the mark after the cap) does nothing.
    setTimeout(resolve, capMs);
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName(MAP_DRAWN).length > 0) {
        observer.disconnect();
        resolve();
      }
    }).observe({ type: 'mark' });
  });
