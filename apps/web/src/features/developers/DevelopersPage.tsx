import '../../styles/uswds/content.scss';
import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { WATER_QUALITY_COLUMNS } from '@beach/domain/csv/columns';
import { OPEN_DATA_LIMIT_MAX } from '@beach/domain/schemas/open-data';
import { EMBED_MAX_BEACHES, embedListQuerySchema } from '@beach/domain/embed';
import { PublicPage } from '../../components/PublicPage';
import { usePublicText } from '../../i18n';
import { copyText } from './copy-text';
import './developers-text';
import '../../i18n/page-text';
import './developers.css';

const BASE = '/api/public/v1';

type EndpointKey = 'stations' | 'results' | 'actions' | 'geomeans';

/**
 * The examples each endpoint shows: a curl line for a terminal (the e2e test fetches them as copied). Dates are
 * in the latest summer that has begun, so every example answers whenever the page is read (no day after tomorrow).
 */
function examples(now = new Date()): Record<EndpointKey, string[]> {
  const season = now.getMonth() >= 7 ? now.getFullYear() : now.getFullYear() - 1;
  return {
    stations: [`${BASE}/stations`, `${BASE}/stations?date=${season}-07-01`],
    results: [`${BASE}/results?locationType=OCEAN&startDate=${season}-01-01&limit=500`, `${BASE}/results.csv?startDate=${season}-01-01&limit=1000`],
    actions: [`${BASE}/beach-actions?from=${season}-05-01&to=${season}-07-31`],
    geomeans: [`${BASE}/stations/1/geomeans?year=${season}`],
  };
}

/** The rate limit in force, as the API's own RateLimit-Policy header says ("300;w=60"); null until known. */
function useRateLimit(): { limit: string; window: string } | null {
  const [policy, setPolicy] = useState<{ limit: string; window: string } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetch(`${BASE}/beach-actions`, { method: 'HEAD', signal: controller.signal })
      .then((res) => {
        const match = /^(\d+);w=(\d+)/.exec(res.headers.get('ratelimit-policy') ?? '');
        if (match) setPolicy({ limit: match[1]!, window: match[2]! });
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  return policy;
}

const originNeverChanges = () => () => undefined;
/**
 * This site's origin, for the examples to copy. The server's render has no window: there, and in the hydration that
 * takes its markup over, the examples show paths (`curl '/api/public/v1/...'`), and the origin fills in right after,
 * so the two renders agree (no recoverable hydration error) and the page reads without a script.
 */
function useSiteOrigin(): string {
  return useSyncExternalStore(originNeverChanges, () => window.location.origin, () => '');
}

/** For developers and researchers (/developers, decision 0045): the open data API explained, with examples to copy. */
export default function DevelopersPage() {
  const { t } = usePublicText();
  const origin = useSiteOrigin();
  const policy = useRateLimit();
  const endpoints: EndpointKey[] = ['stations', 'results', 'actions', 'geomeans'];
  const [shown] = useState(examples);

  return (
    <PublicPage title={t('developers.title')} intro={t('developers.intro')}>
      <div className="usa-prose developers-page">
        <h2>{t('developers.overviewHeading')}</h2>
        <p>{t('developers.overview', { base: `${origin}${BASE}` })}</p>
        <ul>
          <li>
            <a href="/api/docs">{t('developers.docsLink')}</a>
          </li>
          <li>
            <a href="/api/openapi.json">{t('developers.openapiLink')}</a>
          </li>
        </ul>

        <h2>{t('developers.endpointsHeading')}</h2>
        {endpoints.map((key) => (
          <section key={key} aria-labelledby={`developers-${key}`}>
            <h3 id={`developers-${key}`}>{t(`developers.${key}.heading`)}</h3>
            <p>{t(`developers.${key}.text`, { max: OPEN_DATA_LIMIT_MAX.toLocaleString('en-US') })}</p>
            {shown[key].map((path) => (
              <Example key={path} command={`curl '${origin}${path}'`} what={t(`developers.${key}.heading`)} />
            ))}
          </section>
        ))}

        <EmbedSection origin={origin} />

        <h2 id="developers-columns">{t('developers.columnsHeading')}</h2>
        <p>{t('developers.columnsIntro')}</p>
        <table className="usa-table usa-table--stacked-header usa-table--borderless developers-columns" aria-labelledby="developers-columns">
          <thead>
            <tr>
              <th scope="col">{t('developers.column')}</th>
              <th scope="col">{t('developers.meaning')}</th>
            </tr>
          </thead>
          <tbody>
            {WATER_QUALITY_COLUMNS.map((column) => (
              <tr key={column}>
                <th scope="row" data-label={t('developers.column')}>
                  <code>{column}</code>
                </th>
                <td data-label={t('developers.meaning')}>{t(`developers.columns.${column}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>

        <h2>{t('developers.limitsHeading')}</h2>
        <p>{t('developers.limits', { limit: policy?.limit ?? '…', window: policy?.window ?? '…' })}</p>
        <p>{t('developers.caching')}</p>

        <h2>{t('developers.versionHeading')}</h2>
        <p>{t('developers.version')}</p>

        <h2>{t('developers.licenseHeading')}</h2>
        <p>{t('developers.licenseIntro')}</p>
        <blockquote className="developers-license">
          <p>{t('license.provided')}</p>
          <p>{t('license.warranty')}</p>
        </blockquote>
      </div>
    </PublicPage>
  );
}

/**
 * The embeddable status for a town's website (issue 31, decision 0062): the <iframe> snippet for one beach and
 * for a list, in the page's language, each with a Copy button.
 */
function EmbedSection({ origin }: { origin: string }) {
  const { t, language } = usePublicText();
  const [one, setOne] = useState('1');
  const [list, setList] = useState('1,2,3');
  const lang = language === 'es' ? 'lang=es' : '';
  const title = t('developers.embed.frameTitle');
  const snippet = (path: string, height: number) =>
    `<iframe src="${origin}${path}" title="${title}" width="360" height="${height}" style="border:1px solid #dfe1e2" loading="lazy"></iframe>`;
  const oneIds = embedListQuerySchema.safeParse({ ids: one.trim() });
  const listIds = embedListQuerySchema.safeParse({ ids: list.replace(/\s+/g, '') });
  const oneId = oneIds.success && oneIds.data.ids.length === 1 ? oneIds.data.ids[0] : null;
  return (
    <section aria-labelledby="developers-embed">
      <h2 id="developers-embed">{t('developers.embed.heading')}</h2>
      <p>{t('developers.embed.text')}</p>
      <p>{t('developers.embed.findId')}</p>
      <h3>{t('developers.embed.oneHeading')}</h3>
      <label className="usa-label" htmlFor="developers-embed-one">
        {t('developers.embed.oneLabel')}
      </label>
      <input
        id="developers-embed-one"
        className="usa-input usa-input--small"
        inputMode="numeric"
        value={one}
        aria-invalid={oneId === null}
        aria-describedby={oneId === null ? 'developers-embed-one-error' : undefined}
        onChange={(event) => setOne(event.target.value)}
      />
      {oneId === null ? (
        <p className="usa-error-message" id="developers-embed-one-error">
          {t('developers.embed.invalid')}
        </p>
      ) : (
        <Example command={snippet(`/embed/beach/${oneId}${lang ? `?${lang}` : ''}`, 200)} what={t('developers.embed.oneHeading')} />
      )}
      <h3>{t('developers.embed.listHeading')}</h3>
      <label className="usa-label" htmlFor="developers-embed-list">
        {t('developers.embed.listLabel', { max: EMBED_MAX_BEACHES })}
      </label>
      <input
        id="developers-embed-list"
        className="usa-input"
        value={list}
        aria-invalid={!listIds.success}
        aria-describedby={listIds.success ? undefined : 'developers-embed-list-error'}
        onChange={(event) => setList(event.target.value)}
      />
      {listIds.success ? (
        <Example
          command={snippet(`/embed/beaches?ids=${listIds.data.ids.join(',')}${lang ? `&${lang}` : ''}`, 120 + 110 * listIds.data.ids.length)}
          what={t('developers.embed.listHeading')}
        />
      ) : (
        <p className="usa-error-message" id="developers-embed-list-error">
          {t('developers.embed.invalid')}
        </p>
      )}
      <p>{t('developers.embed.language')}</p>
    </section>
  );
}

/** A command with a Copy button; the result ("Copied") is announced in a live region. */
function Example({ command, what }: { command: string; what: string }) {
  const { t } = usePublicText();
  const id = useId();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = () => {
    void copyText(command).then((copied) => {
      setState(copied ? 'copied' : 'failed');
      clearTimeout(timer.current);
      if (copied) timer.current = setTimeout(() => setState('idle'), 4000);
    });
  };

  return (
    <div className="developers-example">
      <span className="usa-sr-only" id={`${id}-label`}>
        {t('developers.example')}
      </span>
      <pre aria-labelledby={`${id}-label`}>
        <code id={`${id}-code`}>{command}</code>
      </pre>
      <button
        type="button"
        className="usa-button usa-button--outline developers-copy"
        aria-label={t('developers.copyLabel', { what: `${what}, ${command}` })}
        aria-describedby={`${id}-code`}
        onClick={copy}
      >
        {t('developers.copy')}
      </button>
      <span role="status" className="developers-copy-status">
        {state === 'copied' ? t('developers.copied') : state === 'failed' ? t('developers.copyFailed') : ''}
      </span>
    </div>
  );
}
