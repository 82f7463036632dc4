import type { NowcastCoefficients, RainfallFeedStatus, StationNowcast } from '@beach/domain';
import './nowcast.css';

/** How the nowcast's numbers are written on staff screens. */
export const percent = (p: number | null) => (p === null ? '—' : `${Math.round(p * 100)}%`);
const signed = (x: number) => `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(2)}`;
const mm = (x: number) => `${x.toFixed(1)} mm`;
const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export const TERM_LABELS: Record<StationNowcast['terms'][number]['term'], string> = {
  intercept: 'Baseline (b0)',
  rain_24h: 'Rain, last 24 h',
  rain_48h: 'Rain, last 48 h',
  rain_72h: 'Rain, last 72 h',
  last_result: 'Last result, log10(value + 1)',
};

const MATCHED: Record<NonNullable<StationNowcast['rainfall']>['matched_by'], string> = {
  STATION: 'station gauge',
  MUNICIPALITY: 'municipality',
  COUNTY: 'county',
};

/** One line saying why: the biggest pushes up, in words. */
export function reasonText(s: StationNowcast): string {
  if (s.probability === null) return 'No rainfall reading for this station: no estimate.';
  const parts: string[] = [];
  if (s.rainfall) parts.push(`rain ${mm(s.rainfall.h24)} in 24 h, ${mm(s.rainfall.h48)} in 48 h, ${mm(s.rainfall.h72)} in 72 h (${MATCHED[s.rainfall.matched_by]})`);
  parts.push(
    s.last_result
      ? `last result ${s.last_result.value} ${s.last_result.unit} on ${s.last_result.sample_date}${s.last_result.beach_action_value !== null ? ` (action value ${s.last_result.beach_action_value})` : ''}`
      : 'no verified result yet',
  );
  const text = parts.join('; ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The feed's state in words, for a status line above the estimates. */
export function feedText(feed: RainfallFeedStatus): { type: 'info' | 'warning' | 'error'; text: string } {
  if (!feed.configured) return { type: 'warning', text: 'No rainfall feed is configured (RAINFALL_URL), so there are no estimates.' };
  const asOf = feed.as_of ? `Rainfall as of ${dateTime(feed.as_of)}, read ${dateTime(feed.fetched_at!)} (${feed.reading_count} readings).` : 'No rainfall has been read yet.';
  if (feed.state === 'FAILED') return { type: 'error', text: `The last read of the rainfall feed failed: ${feed.last_error ?? 'unknown error'}. ${asOf}` };
  if (feed.state === 'STALE') return { type: 'warning', text: `The rainfall readings are stale (older than 36 hours). ${asOf}` };
  if (feed.state === 'NONE') return { type: 'warning', text: asOf };
  return { type: 'info', text: asOf };
}

/** The model's terms for one station: input, coefficient and contribution to the log-odds. */
export function TermsTable({ station, caption }: { station: StationNowcast; caption: string }) {
  if (station.terms.length === 0) return null;
  return (
    <table className="usa-table usa-table--compact usa-table--borderless margin-y-1 morning-board__terms">
      <caption className="font-body-xs text-normal">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Term</th>
          <th scope="col">Input</th>
          <th scope="col">Coefficient</th>
          <th scope="col">Contribution</th>
        </tr>
      </thead>
      <tbody>
        {station.terms.map((t) => (
          <tr key={t.term}>
            <th scope="row" className="text-normal">
              {TERM_LABELS[t.term]}
            </th>
            <td>{t.term === 'intercept' ? '—' : t.term === 'last_result' ? t.input.toFixed(3) : mm(t.input)}</td>
            <td>{t.coefficient}</td>
            <td>{signed(t.contribution)}</td>
          </tr>
        ))}
        <tr>
          <th scope="row">Log-odds (sum)</th>
          <td />
          <td />
          <td className="text-bold">{signed(station.log_odds ?? 0)}</td>
        </tr>
      </tbody>
    </table>
  );
}

export function coefficientsText(c: NowcastCoefficients): string {
  return `b0 ${c.intercept}, b24 ${c.rain_24h}/mm, b48 ${c.rain_48h}/mm, b72 ${c.rain_72h}/mm, bR ${c.last_result}; flagged from ${percent(c.threshold)}`;
}
