import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert, TextInput } from '@trussworks/react-uswds';
import { Field } from '../Field';
import { LoadError } from '../LoadError';
import { Loading } from '../Loading';
import { Pager } from '../Pager';
import { useNotice } from '../use-notice';

export const MANAGEMENT_PAGE_SIZE = 25;

interface ManagementListProps<T> {
  /** The records; undefined while they load. */
  items: readonly T[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  /** What the list is of, lower case and plural ("local health authorities"): loading, empty and pager texts. */
  noun: string;
  loadError: string;
  add?: { to: string; label: string };
  search: { id: string; label: string; matches: (item: T, needle: string) => boolean };
  /** A notice of this page's own (after a delete); the one handed over by the edit page shows otherwise. */
  notice?: string | null;
  pageSize?: number;
  /** Controls between the search box and the list (filters of the screen's own). */
  toolbar?: ReactNode;
  /** What an empty list says when no search is typed (default: "There are no {noun} yet."), e.g. under the screen's own filters. */
  empty?: string;
  /** The table (or cards) of the records on this page. */
  children: (shown: T[]) => ReactNode;
}

/**
 * The shell every management screen's list shares: the success notice, the add link, a search box, the
 * loading, failed and empty states, the records of the current page and the pager. The screen brings its
 * own table and actions (edit links, delete with ConfirmDialog, rank buttons).
 */
export function ManagementList<T>({
  items,
  isLoading,
  isError,
  onRetry,
  noun,
  loadError,
  add,
  search,
  notice,
  pageSize = MANAGEMENT_PAGE_SIZE,
  toolbar,
  empty,
  children,
}: ManagementListProps<T>) {
  const routedNotice = useNotice();
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const needle = text.trim().toLowerCase();
  const matching = (items ?? []).filter((item) => !needle || search.matches(item, needle));
  const pages = Math.max(1, Math.ceil(matching.length / pageSize));
  const current = Math.min(page, pages);
  const shown = matching.slice((current - 1) * pageSize, current * pageSize);
  const shownNotice = notice ?? routedNotice;

  return (
    <>
      {shownNotice && (
        <Alert type="success" headingLevel="h2" slim role="status">
          {shownNotice}
        </Alert>
      )}
      {add && (
        <p className="margin-y-2">
          <Link to={add.to} className="usa-button">
            {add.label}
          </Link>
        </p>
      )}
      <div className="maxw-mobile-lg">
        <Field id={search.id} label={search.label}>
          {(a11y) => (
            <TextInput
              {...a11y}
              name={search.id}
              type="text"
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setPage(1);
              }}
            />
          )}
        </Field>
      </div>
      {toolbar}
      {isLoading ? (
        <Loading label={`Loading ${noun}…`} />
      ) : isError ? (
        <LoadError message={loadError} onRetry={onRetry} />
      ) : matching.length === 0 ? (
        <p className="margin-top-2">{needle ? `Nothing matches “${text.trim()}”.` : (empty ?? `There are no ${noun} yet.`)}</p>
      ) : (
        <>
          {children(shown)}
          <Pager page={current} pageSize={pageSize} total={matching.length} onPage={setPage} label={`Pages of ${noun}`} />
        </>
      )}
    </>
  );
}
