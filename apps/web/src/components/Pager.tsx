import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';

interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  /** The link to a page; defaults to the current location with `page` set in the query string. */
  hrefFor?: (page: number) => string;
  /** For lists paged in memory: called instead of following a link. */
  onPage?: (page: number) => void;
  label?: string;
}

/** Up to seven slots: first, last, the current page and its neighbours, with gaps shown as an ellipsis. */
export function pageSlots(page: number, pages: number): (number | 'gap')[] {
  if (pages <= 7) return Array.from({ length: pages }, (_, i) => i + 1);
  const around = [page - 1, page, page + 1].filter((p) => p > 1 && p < pages);
  const slots: (number | 'gap')[] = [1];
  if (around[0]! > 2) slots.push('gap');
  slots.push(...around);
  if (around[around.length - 1]! < pages - 1) slots.push('gap');
  slots.push(pages);
  return slots;
}

/** "Showing 26–50 of 134" and USWDS pagination links; nothing when everything fits on one page. */
export function Pager({ page, pageSize, total, hrefFor, onPage, label = 'Pagination' }: PagerProps) {
  const location = useLocation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const href =
    hrefFor ??
    ((p: number) => {
      const params = new URLSearchParams(location.search);
      if (p === 1) params.delete('page');
      else params.set('page', String(p));
      const query = params.toString();
      return `${location.pathname}${query ? `?${query}` : ''}`;
    });

  const pageLink = (p: number, text: ReactNode, className: string, ariaLabel: string, current = false) => (
    <Link
      to={href(p)}
      className={className}
      aria-label={ariaLabel}
      aria-current={current ? 'page' : undefined}
      onClick={
        onPage
          ? (event) => {
              event.preventDefault();
              onPage(p);
            }
          : undefined
      }
    >
      {text}
    </Link>
  );

  return (
    <div className="margin-top-2">
      <p className="margin-y-1 text-base-dark" aria-live="polite">
        {total === 0 ? 'No records' : `Showing ${first}–${last} of ${total}`}
      </p>
      {pages > 1 && (
        <nav aria-label={label} className="usa-pagination margin-y-1">
          <ul className="usa-pagination__list">
            {page > 1 && (
              <li className="usa-pagination__item usa-pagination__arrow">
                {pageLink(page - 1, <span className="usa-pagination__link-text">Previous</span>, 'usa-pagination__link usa-pagination__previous-page', 'Previous page')}
              </li>
            )}
            {pageSlots(page, pages).map((slot, i) =>
              slot === 'gap' ? (
                <li key={`gap-${i}`} className="usa-pagination__item usa-pagination__overflow" aria-label="ellipsis indicating non-visible pages">
                  <span>…</span>
                </li>
              ) : (
                <li key={slot} className="usa-pagination__item usa-pagination__page-no">
                  {pageLink(
                    slot,
                    slot,
                    slot === page ? 'usa-pagination__button usa-current' : 'usa-pagination__button',
                    slot === pages ? `Last page, page ${slot}` : `Page ${slot}`,
                    slot === page,
                  )}
                </li>
              ),
            )}
            {page < pages && (
              <li className="usa-pagination__item usa-pagination__arrow">
                {pageLink(page + 1, <span className="usa-pagination__link-text">Next</span>, 'usa-pagination__link usa-pagination__next-page', 'Next page')}
              </li>
            )}
          </ul>
        </nav>
      )}
    </div>
  );
}
