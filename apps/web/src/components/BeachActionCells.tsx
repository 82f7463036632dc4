import type { BeachAction } from '@beach/domain';
import { CONTENT_LANGUAGE, formatDay, usePublicText } from '../i18n';
import '../i18n/page-text';

/** What the cells show of an advisory or closure (the Beach Actions page's and a beach page's: @beach/domain BeachAction). */
export type BeachActionFacts = Pick<
  BeachAction,
  'status_code' | 'status_name' | 'status_color' | 'start_date' | 'end_date' | 'ongoing' | 'days' | 'reason' | 'source'
>;

/** The status's shape beside its colour, so colour is never the only signal. */
const STATUS_SHAPES: Record<string, string> = { ADVISORY: '▲', CLOSED: '■' };

const COLUMNS = ['status', 'start', 'end', 'days', 'reason', 'source'] as const;

/** The column headers that go with BeachActionCells, in the same order. */
export function BeachActionHeaders() {
  const { t } = usePublicText();
  return (
    <>
      {COLUMNS.map((column) => (
        <th key={column} scope="col">
          {t(`beachActions.columns.${column}`)}
        </th>
      ))}
    </>
  );
}

/**
 * The status, start, end, days, reason and source cells of one action, labelled for USWDS's stacked table
 * on narrow screens. `statusIsRowHeader` when the status names the row (a beach page, where the beach is
 * known). Reasons and sources are content: shown as entered.
 */
export function BeachActionCells({ action, statusIsRowHeader = false }: { action: BeachActionFacts; statusIsRowHeader?: boolean }) {
  const { t, language } = usePublicText();
  const label = (column: (typeof COLUMNS)[number]) => t(`beachActions.columns.${column}`);
  const status = (
    <>
      <span aria-hidden="true" className="beach-action-shape" style={{ color: action.status_color }}>
        {STATUS_SHAPES[action.status_code] ?? '●'}
      </span>{' '}
      <span lang={CONTENT_LANGUAGE}>{action.status_name}</span>
    </>
  );
  return (
    <>
      {statusIsRowHeader ? (
        <th scope="row" data-label={label('status')}>
          {status}
        </th>
      ) : (
        <td data-label={label('status')}>{status}</td>
      )}
      <td data-label={label('start')}>{formatDay(action.start_date, language)}</td>
      <td data-label={label('end')}>
        {action.ongoing ? t('beachActions.inEffect') : action.end_date ? formatDay(action.end_date, language) : '—'}
      </td>
      <td data-label={label('days')}>{action.days}</td>
      <td data-label={label('reason')} lang={action.reason ? CONTENT_LANGUAGE : undefined}>
        {action.reason ?? '—'}
      </td>
      <td data-label={label('source')} lang={action.source ? CONTENT_LANGUAGE : undefined}>
        {action.source ?? '—'}
      </td>
    </>
  );
}
