import { mapApi } from './api';
import { StationList } from './list-view';
import { listPagesOf, STATION_LIST_PAGE_SIZE } from './station-filters';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The map page's first reads (app/first-reads.ts), with the same arguments its components ask with: today's lean
 * statuses (what the map and the closures panel draw from), a past day's snapshot when the address names a day,
 * and in the list view the legend, the list's chunk and its pages for the address's filters (the first, or as many
 * as its `pages` says). Both the browser (before its first render) and the server (for the page's HTML, decision
 * 0067) start them.
 */
export async function startMapReads(dispatch: (action: unknown) => unknown, params: URLSearchParams): Promise<unknown> {
  const { endpoints } = mapApi;
  const read = (request: unknown) => (request as { unwrap(): Promise<unknown> }).unwrap().catch(() => undefined);
  const dateParam = params.get('date');
  const date = dateParam && ISO_DAY.test(dateParam) ? dateParam : null;
  const list = params.get('view') === 'list';
  const lean = read(dispatch(endpoints.mapStatuses.initiate(undefined, { subscribe: false }))) as Promise<{ version?: string } | undefined>;
  const reads: Promise<unknown>[] = [lean];
  if (date) reads.push(read(dispatch(endpoints.statusSnapshot.initiate(date, { subscribe: false }))));
  if (list) {
    reads.push(read(dispatch(endpoints.statusLegend.initiate(undefined, { subscribe: false }))), StationList.preload().catch(() => undefined));
    // Today's list asks for its pages with the map's version (StationList's TodayResults): the first, or as many as
    // the address's Show more asked for.
    const page = (version: string, index: number) => ({
      version,
      name: (params.get('name') ?? '').trim(),
      county: params.get('county') ?? '',
      status: params.get('status') ?? '',
      offset: index * STATION_LIST_PAGE_SIZE,
    });
    const listed = async () => {
      const version = (await lean)?.version;
      if (version === undefined) return;
      const pages = Array.from({ length: listPagesOf(params) }, (_, index) => page(version, index));
      await Promise.all(pages.map((args) => read(dispatch(endpoints.mapList.initiate(args, { subscribe: false })))));
    };
    if (!date) reads.push(listed());
  }
  return Promise.all(reads);
}

