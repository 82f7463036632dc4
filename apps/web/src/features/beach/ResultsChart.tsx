import { formatDay, usePublicText } from '../../i18n';
import { useId, useRef } from 'react';
import { dayMs, formatGeomean, formatMonth, formatNumber, formatValue, isCensoredLow } from './format';
import type { BeachGeomeanPoint, BeachResult, PublicThresholds } from '@beach/domain';
import { useElementWidth } from './use-element-width';
import '../../i18n/page-text';

interface ResultsChartProps {
  results: readonly BeachResult[];
  geomeans: readonly BeachGeomeanPoint[];
  thresholds: PublicThresholds | null;
  unit: string;
  parameterName: string;
  /** The x range: the season's first and last day. */
  from: string;
  to: string;
  /** '2026 season' in the visitor's language, used in the title and the table caption. */
  periodLabel: string;
  /** Samples a geomean window needs before it is judged against its threshold. */
  minSamples: number;
}

const HEIGHT = 300;
const MARGIN = { top: 14, right: 14, bottom: 34, left: 56 };
const COLORS = {
  sample: '#1a4480',
  exceedance: '#b50909',
  geomean: '#005ea2',
  actionValue: '#b50909',
  statistical: '#54278f',
  geomeanThreshold: '#1b1b1b',
  grid: '#dfe1e2',
  axis: '#565c65',
};

interface ThresholdLine {
  value: number;
  label: string;
  color: string;
  dash: string;
  anchor: 'start' | 'end';
  above: boolean;
}

function thresholdLines(thresholds: PublicThresholds | null, { t }: ReturnType<typeof usePublicText>): ThresholdLine[] {
  if (!thresholds) return [];
  return [
    {
      value: thresholds.statistical_threshold,
      label: t('beach.chart.statistical', { value: thresholds.statistical_threshold }),
      color: COLORS.statistical,
      dash: '2 3',
      anchor: 'end',
      above: true,
    },
    {
      value: thresholds.beach_action_value,
      label: t('beach.chart.actionValue', { value: thresholds.beach_action_value }),
      color: COLORS.actionValue,
      dash: '7 4',
      anchor: 'start',
      above: false,
    },
    {
      value: thresholds.geomean_threshold,
      label: t('beach.chart.geomeanThreshold', { value: thresholds.geomean_threshold }),
      color: COLORS.geomeanThreshold,
      dash: '10 3 2 3',
      anchor: 'start',
      above: true,
    },
  ];
}

/** One row per day of the chart's data table: the day's samples and the 30-day geomean ending that day. */
export interface ChartRow {
  date: string;
  samples: BeachResult[];
  geomean: BeachGeomeanPoint | null;
}

export function chartRows(results: readonly BeachResult[], geomeans: readonly BeachGeomeanPoint[]): ChartRow[] {
  const rows = new Map<string, ChartRow>();
  const row = (date: string) => {
    let found = rows.get(date);
    if (!found) {
      found = { date, samples: [], geomean: null };
      rows.set(date, found);
    }
    return found;
  };
  for (const result of results) row(result.sample_date).samples.push(result);
  for (const point of geomeans) if (point.geomean !== null) row(point.end_date).geomean = point;
  return [...rows.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/** Label every n-th month tick so each label has at least `minGap` px of the plot's width. */
export function monthLabelStep(tickCount: number, plotWidth: number, minGap: number): number {
  if (tickCount <= 1 || plotWidth <= 0) return 1;
  return Math.max(1, Math.ceil((tickCount * minGap) / plotWidth));
}

/** Whether the i-th tick is the first labelled one of its year (so its label carries the year). */
function newYearAt(ticks: readonly number[], i: number, step: number): boolean {
  const year = new Date(ticks[i]!).getUTCFullYear();
  return i < step || new Date(ticks[i - step]!).getUTCFullYear() !== year;
}

/** First day of each month inside the range. */
function monthTicks(fromMs: number, toMs: number): number[] {
  const ticks: number[] = [];
  const start = new Date(fromMs);
  let cursor = Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + (start.getUTCDate() === 1 ? 0 : 1), 1);
  while (cursor <= toMs) {
    ticks.push(cursor);
    const d = new Date(cursor);
    cursor = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  }
  return ticks;
}

/**
 * Results over a season on a log scale with the program's thresholds as labelled lines, and the rolling
 * 30-day geomean. Hand-written SVG (no chart library). Exceedances are triangles, other samples circles,
 * so colour is never the only signal; the same values are in the table below the chart.
 */
export function ResultsChart({ results, geomeans, thresholds, unit, parameterName, from, to, periodLabel, minSamples }: ResultsChartProps) {
  const text = usePublicText();
  const { t, language } = text;
  const id = useId();
  const boxRef = useRef<HTMLDivElement>(null);
  // Drawn once its box is measured, at the box's width: not in the served HTML (the server cannot know a phone's
  // width, and a chart drawn at another would be redrawn in sight), whose box keeps the chart's height instead.
  const measured = useElementWidth(boxRef, 720);
  const width = Math.max(280, measured ?? 0);
  const plotW = width - MARGIN.left - MARGIN.right;
  const plotH = HEIGHT - MARGIN.top - MARGIN.bottom;

  const values = results.map((r) => r.value).filter((v): v is number => v !== null);
  const lines = thresholdLines(thresholds, text);
  const geomeanPoints = geomeans.filter((p): p is BeachGeomeanPoint & { geomean: number } => p.geomean !== null);
  const highest = Math.max(10, ...values, ...geomeanPoints.map((p) => p.geomean), ...lines.map((l) => l.value));
  const decades = Math.max(2, Math.ceil(Math.log10(highest * 1.3)));
  const yMax = 10 ** decades;

  const dates = [...results.map((r) => r.sample_date), ...geomeanPoints.map((p) => p.end_date)];
  // A little room at both ends, so a first or last sample is not drawn on the axis or under a label.
  const firstMs = Math.min(dayMs(from), ...dates.map(dayMs));
  const lastMs = Math.max(dayMs(to), ...dates.map(dayMs), firstMs + 86_400_000);
  const pad = (lastMs - firstMs) * 0.04;
  const fromMs = firstMs - pad;
  const toMs = lastMs + pad;

  const x = (ms: number) => MARGIN.left + ((ms - fromMs) / (toMs - fromMs)) * plotW;
  const y = (value: number) => MARGIN.top + plotH - (Math.log10(Math.max(1, Math.min(value, yMax))) / decades) * plotH;

  const bav = thresholds?.beach_action_value ?? Infinity;
  const exceedances = results.filter((r) => r.value !== null && r.value > bav);
  const highestResult = results.reduce<BeachResult | null>((best, r) => (r.value !== null && (!best || r.value > (best.value ?? 0)) ? r : best), null);
  const noValue = t('beach.noValue');
  const day = (date: string) => formatDay(date, language);
  const value = (result: BeachResult) => formatValue(result.value, result.remark_code, language, noValue);
  // The description: what was sampled when, how many exceeded, the highest; clauses joined by '; '.
  let summary: string;
  if (results.length === 0) {
    summary = t('beach.chart.noResults', { parameter: parameterName, period: periodLabel });
  } else {
    const clauses: string[] = [
      t('beach.chart.range', {
        count: results.length,
        parameter: parameterName,
        from: day(results.reduce((a, r) => (r.sample_date < a ? r.sample_date : a), results[0]!.sample_date)),
        to: day(results.reduce((a, r) => (r.sample_date > a ? r.sample_date : a), results[0]!.sample_date)),
      }),
    ];
    if (thresholds) {
      clauses.push(t('beach.chart.aboveCount', { number: exceedances.length, value: thresholds.beach_action_value, unit }));
    }
    if (highestResult) {
      clauses.push(t('beach.chart.highest', { value: value(highestResult), unit, date: day(highestResult.sample_date) }));
    }
    summary = `${clauses.join('; ')}.`;
  }

  const geomeanPath = geomeanPoints
    .map((p, i) => `${i === 0 ? 'M' : 'L'}${x(dayMs(p.end_date)).toFixed(1)},${y(p.geomean).toFixed(1)}`)
    .join(' ');
  const ticks = monthTicks(fromMs, toMs);
  const spansYears = new Date(fromMs).getUTCFullYear() !== new Date(toMs).getUTCFullYear();
  // On a phone a year of months has about 25 px a month: label every second (or third) so none overlap.
  const labelEvery = monthLabelStep(ticks.length, plotW, spansYears ? 64 : 40);
  const rows = chartRows(results, geomeans);
  const yesNo = (yes: boolean) => (yes ? t('beach.yes') : t('beach.no'));

  return (
    <figure className="results-chart" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className="results-chart__caption">
        {t('beach.chart.caption', { parameter: parameterName, unit, period: periodLabel })}
      </figcaption>
      <div ref={boxRef} className="results-chart__box">
        {measured !== null && (
          <svg
            width={width}
            height={HEIGHT}
            viewBox={`0 0 ${width} ${HEIGHT}`}
            role="img"
            aria-labelledby={`${id}-title ${id}-desc`}
            className="results-chart__svg"
          >
            <title id={`${id}-title`}>{t('beach.chart.title', { parameter: parameterName, period: periodLabel })}</title>
            <desc id={`${id}-desc`}>{summary}</desc>

            {/* Log-scale grid and y axis: 1, 10, 100, ... */}
            {Array.from({ length: decades + 1 }, (_, i) => 10 ** i).map((tick) => (
              <g key={tick}>
                <line x1={MARGIN.left} x2={width - MARGIN.right} y1={y(tick)} y2={y(tick)} stroke={COLORS.grid} />
                <text x={MARGIN.left - 6} y={y(tick)} textAnchor="end" dominantBaseline="central" className="results-chart__tick">
                  {formatNumber(tick, language)}
                </text>
              </g>
            ))}
            {ticks.map((tick, i) => (
              <g key={tick}>
                <line x1={x(tick)} x2={x(tick)} y1={MARGIN.top + plotH} y2={MARGIN.top + plotH + 5} stroke={COLORS.axis} />
                {i % labelEvery === 0 && (
                  <text x={x(tick)} y={HEIGHT - 12} textAnchor="middle" className="results-chart__tick">
                    {formatMonth(tick, language)}
                    {spansYears && newYearAt(ticks, i, labelEvery) ? ` ${new Date(tick).getUTCFullYear()}` : ''}
                  </text>
                )}
              </g>
            ))}
            <line x1={MARGIN.left} x2={width - MARGIN.right} y1={MARGIN.top + plotH} y2={MARGIN.top + plotH} stroke={COLORS.axis} />
            <line x1={MARGIN.left} x2={MARGIN.left} y1={MARGIN.top} y2={MARGIN.top + plotH} stroke={COLORS.axis} />

            {/* Thresholds: dashed lines with their names written on them. */}
            {lines.map((line) => (
              <g key={line.label} className="results-chart__threshold" data-threshold={line.value}>
                <line
                  x1={MARGIN.left}
                  x2={width - MARGIN.right}
                  y1={y(line.value)}
                  y2={y(line.value)}
                  stroke={line.color}
                  strokeWidth={1.5}
                  strokeDasharray={line.dash}
                />
                <text
                  x={line.anchor === 'start' ? MARGIN.left + 6 : width - MARGIN.right - 6}
                  y={y(line.value) + (line.above ? -5 : 13)}
                  textAnchor={line.anchor}
                  fill={line.color}
                  className="results-chart__threshold-label"
                >
                  {line.label}
                </text>
              </g>
            ))}

            {geomeanPath && <path d={geomeanPath} fill="none" stroke={COLORS.geomean} strokeWidth={2} />}

            {results.map((r) => {
              if (r.value === null) return null;
              const cx = x(dayMs(r.sample_date));
              const cy = y(r.value);
              const label = `${day(r.sample_date)}: ${value(r)} ${unit}`;
              if (r.value > bav) {
                return (
                  <polygon
                    key={r.result_id}
                    points={`${cx},${cy - 6} ${cx + 6},${cy + 4.5} ${cx - 6},${cy + 4.5}`}
                    fill={COLORS.exceedance}
                    stroke="#1b1b1b"
                  >
                    <title>{label}</title>
                  </polygon>
                );
              }
              const hollow = isCensoredLow(r.remark_code);
              return (
                <circle key={r.result_id} cx={cx} cy={cy} r={4} fill={hollow ? '#fff' : COLORS.sample} stroke={COLORS.sample} strokeWidth={1.5}>
                  <title>{label}</title>
                </circle>
              );
            })}
          </svg>
        )}
      </div>
      <ul className="results-chart__legend">
        <li>
          <svg width="16" height="16" aria-hidden="true" focusable="false">
            <circle cx="8" cy="8" r="4" fill={COLORS.sample} />
          </svg>
          {t('beach.chart.legendSample')}
        </li>
        <li>
          <svg width="16" height="16" aria-hidden="true" focusable="false">
            <circle cx="8" cy="8" r="4" fill="#fff" stroke={COLORS.sample} strokeWidth="1.5" />
          </svg>
          {t('beach.chart.legendBelowLimit')}
        </li>
        <li>
          <svg width="16" height="16" aria-hidden="true" focusable="false">
            <polygon points="8,2 14,12.5 2,12.5" fill={COLORS.exceedance} stroke="#1b1b1b" />
          </svg>
          {t('beach.chart.legendAbove')}
        </li>
        <li>
          <svg width="22" height="16" aria-hidden="true" focusable="false">
            <line x1="1" x2="21" y1="8" y2="8" stroke={COLORS.geomean} strokeWidth="2" />
          </svg>
          {t('beach.chart.legendGeomean')}
        </li>
      </ul>
      <details className="results-chart__data">
        <summary>{t('beach.chart.dataSummary')}</summary>
        <div className="usa-table-container--scrollable" tabIndex={0} role="region" aria-label={t('beach.chart.dataRegion')}>
          <table className="usa-table usa-table--compact usa-table--striped">
            <caption>{t('beach.chart.tableCaption', { parameter: parameterName, unit, period: periodLabel })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('beach.chart.date')}</th>
                <th scope="col">{t('beach.chart.sampleResult')}</th>
                {thresholds && <th scope="col">{t('beach.chart.aboveActionQuestion', { value: thresholds.beach_action_value })}</th>}
                <th scope="col">{t('beach.chart.geomean')}</th>
                {thresholds && <th scope="col">{t('beach.chart.geomeanAboveQuestion', { value: thresholds.geomean_threshold })}</th>}
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 ? (
                <tr>
                  <td colSpan={thresholds ? 5 : 3}>{t('beach.chart.noResultsInPeriod')}</td>
                </tr>
              ) : (
                rows.map((row) => (
                  <tr key={row.date}>
                    <th scope="row" className="text-no-wrap">
                      {day(row.date)}
                    </th>
                    <td>{row.samples.length ? row.samples.map(value).join(', ') : '—'}</td>
                    {thresholds && <td>{row.samples.length ? yesNo(row.samples.some((s) => s.value !== null && s.value > bav)) : '—'}</td>}
                    <td>
                      {row.geomean ? formatGeomean(row.geomean.geomean, language, t('beach.notAvailable')) : '—'}
                      {row.geomean && row.geomean.pass === null && (
                        <> {t('beach.chart.samplesNeeded', { have: row.geomean.count, min: minSamples })}</>
                      )}
                    </td>
                    {thresholds && (
                      <td>{row.geomean?.geomean != null ? yesNo(row.geomean.geomean > thresholds.geomean_threshold) : '—'}</td>
                    )}
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
