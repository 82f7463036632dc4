import type { ComponentProps } from 'react';
import { lazyPage } from '../../app/lazy-page';
import type { StationList as List } from './StationList';

/**
 * The map page's list view (filters, pages of today's list from the api): a chunk of its own, which the map's
 * first view skips. Loaded ahead of the first render when the address asks for the list (map-reads.ts), on the
 * server too, so `/?view=list` arrives with its first stations in the HTML (decision 0067).
 */
export const StationList = lazyPage<ComponentProps<typeof List>>(() => import('./StationList').then((module) => ({ default: module.StationList })));
