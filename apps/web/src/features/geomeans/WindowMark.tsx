import { Icon } from '@trussworks/react-uswds';
import type { GeomeanWindow } from '@beach/domain';

const short = (isoDate: string, year = false) =>
  new Date(`${isoDate}T12:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', ...(year ? { year: 'numeric' } : {}) });

/** A window's days, e.g. 'Jun 16 – Jul 15, 2026'. */
export function windowText(start: string, end: string): string {
  return `${short(start)} – ${short(end, true)}`;
}

export function formatGeomean(value: number | null): string {
  if (value === null) return '—';
  return value >= 100 ? Math.round(value).toLocaleString('en-US') : value.toFixed(1);
}

/** A window against the geomean threshold, in words with an icon. */
export function WindowMark({ window, threshold, minSamples }: { window: GeomeanWindow; threshold: number; minSamples: number }) {
  if (window.pass === null) {
    return (
      <span className="geomean-mark geomean-mark--few">
        <Icon.Info aria-hidden="true" focusable={false} />
        Too few samples ({window.count} of {minSamples})
      </span>
    );
  }
  if (window.exceeds) {
    return (
      <span className="geomean-mark geomean-mark--exceeds">
        <Icon.Warning aria-hidden="true" focusable={false} />
        Exceeds {threshold}
      </span>
    );
  }
  return (
    <span className="geomean-mark geomean-mark--passes">
      <Icon.CheckCircle aria-hidden="true" focusable={false} />
      Passes ({threshold} or below)
    </span>
  );
}
