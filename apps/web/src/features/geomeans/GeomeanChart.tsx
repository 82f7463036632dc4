import type { GeomeanWindow } from '@beach/domain';
import { formatGeomean } from './WindowMark';

const WIDTH = 320;
const HEIGHT = 150;
const PAD = { left: 30, right: 10, top: 10, bottom: 22 };
const DAY = 86_400_000;

const dayOf = (isoDate: string) => Date.parse(`${isoDate}T00:00:00Z`);
const shortDate = (isoDate: string) => new Date(dayOf(isoDate)).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' });

interface GeomeanChartProps {
  id: string;
  stationName: string;
  series: readonly GeomeanWindow[];
  threshold: number;
  from: string;
  to: string;
}

/** The text alternative of the chart: what a sighted reader takes from it. */
export function chartSummary(stationName: string, series: readonly GeomeanWindow[], threshold: number, from: string, to: string): string {
  const judged = series.filter((w) => w.geomean !== null);
  if (judged.length === 0) return `${stationName}: no rolling geomean from ${shortDate(from)} to ${shortDate(to)}.`;
  const above = judged.filter((w) => w.exceeds === true).length;
  const highest = judged.reduce((a, b) => (b.geomean! > a.geomean! ? b : a));
  const latest = judged[judged.length - 1]!;
  return (
    `${stationName}: rolling 30-day geomean from ${shortDate(from)} to ${shortDate(to)}, ${judged.length} windows, ` +
    `${above} above the threshold of ${threshold}. Highest ${formatGeomean(highest.geomean)} on ${shortDate(highest.end_date)}; ` +
    `latest ${formatGeomean(latest.geomean)} on ${shortDate(latest.end_date)}.`
  );
}

/**
 * A small line chart of one station's rolling geomean over the season, with the threshold as a dashed
 * line. Windows that exceed it are drawn as triangles, the others as circles (shape, not only colour);
 * windows with too few samples are hollow. The summary is its text alternative; the table beside it
 * holds every value.
 */
export function GeomeanChart({ id, stationName, series, threshold, from, to }: GeomeanChartProps) {
  const points = series.filter((w) => w.geomean !== null);
  const top = Math.max(threshold * 1.6, ...points.map((w) => w.geomean!)) * 1.08;
  const start = dayOf(from);
  const span = Math.max(DAY, dayOf(to) - start);
  const x = (isoDate: string) => PAD.left + ((dayOf(isoDate) - start) / span) * (WIDTH - PAD.left - PAD.right);
  const y = (value: number) => HEIGHT - PAD.bottom - (value / top) * (HEIGHT - PAD.top - PAD.bottom);
  const line = points.map((w, i) => `${i === 0 ? 'M' : 'L'}${x(w.end_date).toFixed(1)},${y(w.geomean!).toFixed(1)}`).join(' ');
  const titleId = `${id}-title`;
  const descId = `${id}-desc`;
  return (
    <svg
      className="geomean-chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width="100%"
      role="img"
      aria-labelledby={`${titleId} ${descId}`}
      preserveAspectRatio="xMidYMid meet"
    >
      <title id={titleId}>Rolling geomean of {stationName}</title>
      <desc id={descId}>{chartSummary(stationName, series, threshold, from, to)}</desc>
      <line x1={PAD.left} x2={WIDTH - PAD.right} y1={HEIGHT - PAD.bottom} y2={HEIGHT - PAD.bottom} className="geomean-chart__axis" />
      <line x1={PAD.left} x2={PAD.left} y1={PAD.top} y2={HEIGHT - PAD.bottom} className="geomean-chart__axis" />
      <text x={PAD.left - 4} y={HEIGHT - PAD.bottom} className="geomean-chart__label" textAnchor="end" dominantBaseline="middle">
        0
      </text>
      <text x={PAD.left - 4} y={PAD.top + 4} className="geomean-chart__label" textAnchor="end" dominantBaseline="middle">
        {Math.round(top)}
      </text>
      <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(threshold)} y2={y(threshold)} className="geomean-chart__threshold" />
      <text x={PAD.left - 4} y={y(threshold)} className="geomean-chart__label geomean-chart__label--threshold" textAnchor="end" dominantBaseline="middle">
        {threshold}
      </text>
      <text x={PAD.left} y={HEIGHT - 6} className="geomean-chart__label">
        {shortDate(from)}
      </text>
      <text x={WIDTH - PAD.right} y={HEIGHT - 6} className="geomean-chart__label" textAnchor="end">
        {shortDate(to)}
      </text>
      {line && <path d={line} className="geomean-chart__line" />}
      {points.map((w) => {
        const cx = x(w.end_date);
        const cy = y(w.geomean!);
        const cls = `geomean-chart__point${w.exceeds ? ' geomean-chart__point--exceeds' : ''}${w.pass === null ? ' geomean-chart__point--few' : ''}`;
        return w.exceeds ? (
          <path key={w.end_date} d={`M${cx},${cy - 4.5} L${cx + 4.5},${cy + 3.5} L${cx - 4.5},${cy + 3.5} Z`} className={cls} />
        ) : (
          <circle key={w.end_date} cx={cx} cy={cy} r={3} className={cls} />
        );
      })}
    </svg>
  );
}
