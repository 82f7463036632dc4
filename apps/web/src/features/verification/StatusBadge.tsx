import type { StatusRef } from '@beach/domain';

/** A beach status in words, with its legend colour beside it (the colour is never the only cue). */
export function StatusBadge({ status }: { status: StatusRef | null }) {
  if (!status) return <span className="text-base-dark">No status</span>;
  return (
    <span className="status-badge">
      <span className="status-badge__swatch" style={{ backgroundColor: status.color }} aria-hidden="true" />
      {status.name}
    </span>
  );
}
