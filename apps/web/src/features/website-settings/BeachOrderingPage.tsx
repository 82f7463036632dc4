import { useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { Alert, Button } from '@trussworks/react-uswds';
import type { BeachOrdering, BeachOrderingStation } from '@beach/domain';
import { useAppSelector } from '../../app/hooks';
import { errorMessage, toApiError } from '../../components/api-errors';
import { BeachFilters } from '../../components/BeachFilters';
import { LoadError } from '../../components/LoadError';
import { Loading } from '../../components/Loading';
import { NotPermitted } from '../../components/NotPermitted';
import { Pager } from '../../components/Pager';
import { ScreenPage } from '../../components/ScreenPage';
import { SelectField } from '../../components/SelectField';
import { useBeachOrderingQuery, useSaveBeachOrderingMutation } from './api';
import { useCanManageWebsite } from './access';
import {
  countiesOf,
  groupsOf,
  moved,
  orderOf,
  ORDERING_PAGE_SIZE,
  shownPlaces,
  stepTarget,
  typedPlace,
  type OrderingFilter,
  type OrderingGroup,
} from './ordering';
import './website-settings.css';

/**
 * Beach Ordering: the order a program's beaches take in the public list and the map's popups. A beach (its primary
 * station, with its brackets) moves with Move up / Move down, by dragging its handle, or to a place typed in its
 * place box; a bracket moves among its beach's brackets. The list is narrowed by county or name and paged (decision
 * 0058). Nothing changes on the public site until Save the order.
 */
export default function BeachOrderingPage() {
  const allowed = useCanManageWebsite();
  return (
    <ScreenPage title="Beach Ordering" description="The order beaches are listed in on the public site, program by program.">
      {allowed ? <Ordering /> : <NotPermitted />}
    </ScreenPage>
  );
}

function Ordering() {
  const selectedProgramId = useAppSelector((state) => state.user.selectedProgramId);
  const [programId, setProgramId] = useState<number | null>(selectedProgramId ?? null);
  const ordering = useBeachOrderingQuery(programId);
  // Kept here: the editor starts again from the saved order (a new key) once it is read back.
  const [notice, setNotice] = useState<string | null>(null);
  // A selected portal program this organization does not hold: ask for the default (the first) instead
  // (state adjusted while rendering, not in an effect).
  if (ordering.isError && programId !== null && toApiError(ordering.error).status === 403) setProgramId(null);

  if (ordering.isLoading) return <Loading label="Loading the beaches…" />;
  if (ordering.isError || !ordering.data)
    return <LoadError message={errorMessage(toApiError(ordering.error), 'The beaches could not be loaded.')} onRetry={ordering.refetch} />;
  const data = ordering.data;
  return (
    <>
      <div aria-live="polite">
        {notice && (
          <Alert type="success" headingLevel="h2" slim>
            {notice}
          </Alert>
        )}
      </div>
      {data.programs.length > 1 && (
        <SelectField
          id="ordering-program"
          label="Program to order"
          value={String(data.program_id ?? '')}
          options={data.programs.map((p) => ({ value: String(p.program_id), label: p.name }))}
          onChange={(value) => {
            setNotice(null);
            setProgramId(Number(value));
          }}
        />
      )}
      {ordering.isFetching && <Loading label="Loading the beaches…" />}
      {!ordering.isFetching && <OrderEditor key={`${data.program_id}:${orderOf(groupsOf(data.stations)).join(',')}`} data={data} onNotice={setNotice} />}
    </>
  );
}

function OrderEditor({ data, onNotice: setNotice }: { data: BeachOrdering; onNotice: (notice: string | null) => void }) {
  const initial = groupsOf(data.stations);
  const [groups, setGroups] = useState<OrderingGroup[]>(initial);
  const [failure, setFailure] = useState<string | null>(null);
  const [save, saving] = useSaveBeachOrderingMutation();
  const [drag, setDrag] = useState<{ from: number; over: number } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  // A long list (107 beaches in the demo agency, one 8,671 px page) is narrowed by county or name and shown a page
  // at a time; places stay the whole program's (decision 0058).
  const [filter, setFilter] = useState<OrderingFilter>({ county: '', find: '' });
  const [page, setPage] = useState(1);
  const listRef = useRef<HTMLOListElement>(null);
  const changed = orderOf(groups).join(',') !== orderOf(initial).join(',');
  const programName = data.programs.find((p) => p.program_id === data.program_id)?.name ?? 'this program';

  if (data.program_id === null) return <p>Your organization has no programs.</p>;
  if (groups.length === 0) return <p>{programName} has no beaches yet.</p>;

  const counties = countiesOf(groups);
  const shown = shownPlaces(groups, filter);
  const pages = Math.max(1, Math.ceil(shown.length / ORDERING_PAGE_SIZE));
  const current = Math.min(page, pages);
  const onPage = shown.slice((current - 1) * ORDERING_PAGE_SIZE, current * ORDERING_PAGE_SIZE);
  const narrow = (patch: Partial<OrderingFilter>) => {
    setFilter((f) => ({ ...f, ...patch }));
    setPage(1);
  };

  /** Moves the beach at place `from` to place `to`, turns to the page it lands on and keeps the keyboard on it. */
  const moveGroup = (from: number, to: number, keep: 'up' | 'down' | 'place') => {
    if (to < 0 || to >= groups.length || from === to) return;
    setNotice(null);
    const next = moved(groups, from, to);
    setGroups(next);
    const id = groups[from]!.head.beach_station_id;
    const position = shownPlaces(next, filter).indexOf(to);
    if (position >= 0) setPage(Math.floor(position / ORDERING_PAGE_SIZE) + 1);
    setAnnouncement(`${groups[from]!.head.beach_name} moved to place ${to + 1} of ${groups.length}.`);
    requestAnimationFrame(() => {
      const list = listRef.current;
      if (!list) return;
      const target =
        keep === 'place'
          ? list.querySelector<HTMLInputElement>(`[data-place="${id}"]`)
          : (list.querySelector<HTMLButtonElement>(`[data-move="${id}:${keep}"]:not([disabled])`) ??
            list.querySelector<HTMLButtonElement>(`[data-move^="${id}:"]:not([disabled])`));
      target?.focus();
    });
  };
  const moveBracket = (groupIndex: number, from: number, to: number) => {
    const group = groups[groupIndex]!;
    if (to < 0 || to >= group.brackets.length) return;
    setNotice(null);
    setGroups(groups.map((g, i) => (i === groupIndex ? { ...g, brackets: moved(g.brackets, from, to) } : g)));
    setAnnouncement(`${group.brackets[from]!.station_name} moved to place ${to + 1} of ${group.brackets.length} at ${group.head.beach_name}.`);
  };
  const moveToTyped = (index: number, input: HTMLInputElement) => {
    const to = typedPlace(input.value, groups.length);
    if (to === null) {
      setAnnouncement(`A place is a number from 1 to ${groups.length}.`);
      input.setAttribute('aria-invalid', 'true');
      return;
    }
    input.removeAttribute('aria-invalid');
    if (to === index) return;
    moveGroup(index, to, 'place');
  };

  const onSave = async () => {
    setFailure(null);
    try {
      await save({ program_id: data.program_id!, beach_station_ids: orderOf(groups) }).unwrap();
      setNotice(`The order of ${programName}'s beaches was saved. The public list follows within a minute.`);
    } catch (thrown) {
      setFailure(errorMessage(toApiError(thrown), 'The order could not be saved.'));
    }
  };

  // Dragging with a pointer (mouse, pen or touch) by a beach's handle, among the beaches shown; the keyboard uses
  // Move up / Move down and the place box.
  const overIndex = (event: ReactPointerEvent) => {
    const row = document.elementFromPoint(event.clientX, event.clientY)?.closest<HTMLElement>('[data-group-index]');
    return row ? Number(row.dataset.groupIndex) : null;
  };
  const dragStart = (event: ReactPointerEvent<HTMLSpanElement>, index: number) => {
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    setDrag({ from: index, over: index });
  };
  const dragMove = (event: ReactPointerEvent) => {
    if (!drag) return;
    const over = overIndex(event);
    if (over !== null && over !== drag.over) setDrag({ ...drag, over });
  };
  const dragEnd = () => {
    if (drag) moveGroup(drag.from, drag.over, 'down');
    setDrag(null);
  };

  return (
    <>
      <div aria-live="polite" className="usa-sr-only">
        {announcement}
      </div>
      {failure && (
        <Alert type="error" headingLevel="h2" slim role="alert">
          {failure}
        </Alert>
      )}
      <p className="ordering__help" id="ordering-help">
        Move a beach with its Move up and Move down buttons, drag it by its handle, or type its new place in its place box and press Enter. A
        beach&apos;s bracket stations follow it. With a county or a name chosen, Move up and Move down pass the next beach shown; the places are
        the whole program&apos;s. The public site keeps the old order until you save.
      </p>
      <div className="ordering__actions">
        <Button type="button" onClick={() => void onSave()} disabled={!changed || saving.isLoading}>
          {saving.isLoading ? 'Saving…' : 'Save the order'}
        </Button>
        <Button type="button" outline onClick={() => setGroups(initial)} disabled={!changed || saving.isLoading}>
          Undo changes
        </Button>
        {changed && <span className="ordering__unsaved">Unsaved changes</span>}
      </div>
      <BeachFilters idPrefix="ordering" counties={counties} value={filter} onChange={narrow} />
      {shown.length === 0 && <p role="status">No beach matches these choices.</p>}
      <ol ref={listRef} className="ordering__list" aria-label={`Beaches of ${programName}, in public order`}>
        {onPage.map((index, position) => {
          const group = groups[index]!;
          const id = group.head.beach_station_id;
          const first = (current - 1) * ORDERING_PAGE_SIZE + position === 0;
          const last = (current - 1) * ORDERING_PAGE_SIZE + position === shown.length - 1;
          return (
            <li
              key={id}
              data-group-index={index}
              className={[
                'ordering__beach',
                drag?.from === index ? 'ordering__beach--dragged' : '',
                drag && drag.over === index && drag.from !== index ? (drag.over < drag.from ? 'ordering__beach--drop-before' : 'ordering__beach--drop-after') : '',
              ].join(' ')}
            >
              <div className="ordering__row">
                <span
                  className="ordering__handle"
                  aria-hidden="true"
                  title="Drag to move"
                  data-drag-handle={id}
                  onPointerDown={(e) => dragStart(e, index)}
                  onPointerMove={dragMove}
                  onPointerUp={dragEnd}
                  onPointerCancel={() => setDrag(null)}
                >
                  ⠿
                </span>
                <form
                  className="ordering__place"
                  onSubmit={(e) => {
                    e.preventDefault();
                    const input = e.currentTarget.elements.namedItem('place') as HTMLInputElement;
                    moveToTyped(index, input);
                  }}
                >
                  <label className="usa-sr-only" htmlFor={`ordering-place-${id}`}>
                    Place of {group.head.beach_name}
                  </label>
                  <input
                    key={`${id}:${index}`}
                    id={`ordering-place-${id}`}
                    name="place"
                    className="usa-input ordering__place-input"
                    type="text"
                    inputMode="numeric"
                    autoComplete="off"
                    defaultValue={String(index + 1)}
                    data-place={id}
                    aria-describedby="ordering-help"
                    onBlur={(e) => {
                      e.currentTarget.value = String(index + 1);
                      e.currentTarget.removeAttribute('aria-invalid');
                    }}
                  />
                </form>
                <span className="ordering__names">
                  <span className="ordering__beach-name">{group.head.beach_name}</span>
                  <StationFacts station={group.head} />
                </span>
                <span className="ordering__buttons">
                  <Button
                    type="button"
                    unstyled
                    className="ordering__move"
                    data-move={`${id}:up`}
                    disabled={first}
                    onClick={() => moveGroup(index, stepTarget(shown, index, -1) ?? index, 'up')}
                    aria-label={`Move ${group.head.beach_name} up`}
                  >
                    Move up
                  </Button>
                  <Button
                    type="button"
                    unstyled
                    className="ordering__move"
                    data-move={`${id}:down`}
                    disabled={last}
                    onClick={() => moveGroup(index, stepTarget(shown, index, 1) ?? index, 'down')}
                    aria-label={`Move ${group.head.beach_name} down`}
                  >
                    Move down
                  </Button>
                </span>
              </div>
              {group.brackets.length > 0 && (
                <ol className="ordering__brackets" aria-label={`Bracket stations of ${group.head.beach_name}`}>
                  {group.brackets.map((bracket, b) => (
                    <li key={bracket.beach_station_id} className="ordering__row ordering__row--bracket">
                      <span className="ordering__names">
                        <StationFacts station={bracket} />
                      </span>
                      {group.brackets.length > 1 && (
                        <span className="ordering__buttons">
                          <Button type="button" unstyled className="ordering__move" disabled={b === 0} onClick={() => moveBracket(index, b, b - 1)} aria-label={`Move ${bracket.station_name} up`}>
                            Move up
                          </Button>
                          <Button
                            type="button"
                            unstyled
                            className="ordering__move"
                            disabled={b === group.brackets.length - 1}
                            onClick={() => moveBracket(index, b, b + 1)}
                            aria-label={`Move ${bracket.station_name} down`}
                          >
                            Move down
                          </Button>
                        </span>
                      )}
                    </li>
                  ))}
                </ol>
              )}
            </li>
          );
        })}
      </ol>
      <Pager page={current} pageSize={ORDERING_PAGE_SIZE} total={shown.length} onPage={setPage} label="Beach pages" />
    </>
  );
}

function StationFacts({ station }: { station: BeachOrderingStation }) {
  return (
    <span className="ordering__facts">
      {station.station_name} · {station.municipality}, {station.county}
      {station.station_type === 'BRACKET' && <span className="usa-tag ordering__tag">Bracket</span>}
      {!station.active && <span className="usa-tag ordering__tag">Inactive</span>}
      {!station.public_visible && <span className="usa-tag ordering__tag">Hidden</span>}
    </span>
  );
}
