import { useState } from 'react';
import { CARD_ROWS } from '../../components/card-rows';
import { Pager } from '../../components/Pager';
import { StatusBadge } from './StatusBadge';
import { ThresholdMark, valueText } from './ThresholdMark';
import type { ReviewedResult, ReviewList, ReviewStation } from '@beach/domain';

export const REVIEW_PAGE_SIZE = 50;

interface ReviewResultsProps {
  list: ReviewList;
  selected: ReadonlySet<number>;
  onSelectedChange: (next: ReadonlySet<number>) => void;
  canSelect: (result: ReviewedResult) => boolean;
  /** Why a result cannot be chosen, shown in its row. */
  lockedNote?: (result: ReviewedResult) => string | null;
  /** Secondary validation shows who verified each result. */
  showVerifier?: boolean;
}

interface Line {
  date: string;
  station: ReviewStation;
  result: ReviewedResult;
}

export function longDate(isoDate: string): string {
  return new Date(`${isoDate}T12:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
}

function timeText(r: ReviewedResult) {
  return r.sample_time_hh ? `${r.sample_time_hh}:${r.sample_time_mm}` : '—';
}

/** The results of a review list by sample date and station, paged by result, with a checkbox each. */
export function ReviewResults({ list, selected, onSelectedChange, canSelect, lockedNote, showVerifier }: ReviewResultsProps) {
  const [page, setPage] = useState(1);
  const lines: Line[] = list.dates.flatMap((d) => d.stations.flatMap((station) => station.results.map((result) => ({ date: d.sample_date, station, result }))));
  const pages = Math.max(1, Math.ceil(lines.length / REVIEW_PAGE_SIZE));
  const current = Math.min(page, pages);
  const shown = lines.slice((current - 1) * REVIEW_PAGE_SIZE, current * REVIEW_PAGE_SIZE);
  const dates = [...new Set(shown.map((l) => l.date))];

  const setMany = (ids: number[], on: boolean) => {
    const next = new Set(selected);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    onSelectedChange(next);
  };

  return (
    <>
      {dates.map((date) => {
        const dateLines = shown.filter((l) => l.date === date);
        const choosable = dateLines.filter((l) => canSelect(l.result)).map((l) => l.result.result_id);
        const allOn = choosable.length > 0 && choosable.every((id) => selected.has(id));
        const headingId = `review-${date}`;
        return (
          <section key={date} aria-labelledby={headingId} className="margin-top-3">
            <h3 id={headingId} className="margin-bottom-1">
              {longDate(date)}
            </h3>
            <div className={`usa-table-container--scrollable review-table__scroll ${CARD_ROWS.scroll}`} tabIndex={0} role="region" aria-label={`Results of ${longDate(date)}`}>
              <table className={`usa-table usa-table--compact review-table ${CARD_ROWS.table}`}>
                <caption className="usa-sr-only">Results sampled on {longDate(date)}</caption>
                <thead>
                  <tr>
                    <th scope="col" className={CARD_ROWS.keep}>
                      <label className="review-table__all">
                        <input
                          type="checkbox"
                          aria-label={`All results of ${longDate(date)} on this page`}
                          checked={allOn}
                          disabled={choosable.length === 0}
                          onChange={(event) => setMany(choosable, event.target.checked)}
                        />
                        <span>All</span>
                      </label>
                    </th>
                    <th scope="col">Station</th>
                    <th scope="col">Sample</th>
                    <th scope="col">Against the thresholds</th>
                    <th scope="col">Beach status now</th>
                    <th scope="col">Entered by</th>
                    {showVerifier && <th scope="col">Verified by</th>}
                    <th scope="col">Comments</th>
                  </tr>
                </thead>
                <tbody>
                  {dateLines.map(({ station, result }) => {
                    const note = lockedNote?.(result) ?? null;
                    const label = `${station.station_name}, ${valueText(result)}${result.sample_time_hh ? ` at ${timeText(result)}` : ''}`;
                    return (
                      <tr key={result.result_id} className={result.above_beach_action_value ? 'review-table__row--above' : undefined}>
                        <td data-label="Select">
                          {canSelect(result) ? (
                            <input
                              type="checkbox"
                              aria-label={`Select ${label}`}
                              checked={selected.has(result.result_id)}
                              onChange={(event) => setMany([result.result_id], event.target.checked)}
                            />
                          ) : (
                            <span className="font-sans-3xs">{note ?? '—'}</span>
                          )}
                        </td>
                        <th scope="row" className="review-table__station">
                          <span className="display-block">{station.station_name}</span>
                          <span className="font-sans-3xs text-base-dark">
                            {station.station_type === 'BRACKET' ? `Bracket of ${station.beach_name}` : 'Primary'}
                          </span>
                        </th>
                        <td data-label="Sample">
                          <span className="review-table__value">{valueText(result)}</span>
                          <span className="display-block font-sans-3xs">
                            {result.sample_time_hh ? `at ${timeText(result)}` : 'no time'}
                            {result.is_resample ? ' · resample' : ''}
                          </span>
                        </td>
                        <td data-label="Against the thresholds">
                          <ThresholdMark result={result} />
                        </td>
                        <td data-label="Beach status now">
                          <StatusBadge status={station.current_status} />
                        </td>
                        <td data-label="Entered by">
                          {result.entered_by_name ?? '—'}
                          <span className="display-block font-sans-3xs text-base-dark">{result.organization_name}</span>
                        </td>
                        {showVerifier && <td data-label="Verified by">{result.verified_by_name ?? '—'}</td>}
                        <td data-label="Comments" className={`review-table__comments ${CARD_ROWS.wide}`}>
                          {result.comments || '—'}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          </section>
        );
      })}
      <Pager page={current} pageSize={REVIEW_PAGE_SIZE} total={lines.length} onPage={setPage} label="Result pages" />
    </>
  );
}

/** Every result id of the list. */
export function idsOf(list: ReviewList | undefined): Set<number> {
  return new Set(list?.dates.flatMap((d) => d.stations.flatMap((s) => s.results.map((r) => r.result_id))) ?? []);
}
