import { enCore } from './en-core';
import { enPages } from './en-pages';
import { enAlerts } from './en-alerts';
import { enDevelopers } from './en-developers';
import { enSigns } from './en-signs';
import { enOffline } from './en-offline';

/**
 * The public site's interface text in English, whole: the first view's (en-core.ts, in the entry) and the
 * other pages' (en-pages.ts, loaded with them). The types and the tests read it; the runtime loads the two
 * parts separately (decision 0020).
 */
const { nav, layout, common, news, welcome, map } = enCore;
const { flights, aircraft, reports, faqs, links, social, photos, search, downloads, license, beach, beachActions } = enPages;
// In the order es.ts has its namespaces.
export const en = {
  nav,
  layout,
  common,
  news,
  flights,
  aircraft,
  reports,
  faqs,
  links,
  social,
  photos,
  search,
  welcome,
  downloads,
  license,
  map,
  beach,
  beachActions,
  developers: enDevelopers,
  alerts: enAlerts,
  signs: enSigns,
  offline: enOffline,
} as const;

/** The shape every language's text has: the same keys, any strings. */
export type Translation = Widen<typeof en>;
type Widen<T> = { -readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
