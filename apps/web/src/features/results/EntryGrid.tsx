import { Fragment, useEffect, useMemo, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { Alert, Button, ButtonGroup, Icon, TextInput } from '@trussworks/react-uswds';
import { RESULT_INTEGRITY_CODES, type ResultAlreadyStored, type ResultChanged } from '@beach/domain';
import type { ApiError } from '../../app/api';
import { errorMessage, fieldIssues, toApiError } from '../../components/api-errors';
import { CARD_ROWS } from '../../components/card-rows';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Field } from '../../components/Field';
import { Pager } from '../../components/Pager';
import { useDeleteResultsMutation, useSaveResultsMutation } from './api';
import {
  addSample,
  applyPaste,
  blankRow,
  checkRow,
  clipboardLines,
  columnOfField,
  COLUMN_LABELS,
  COLUMNS,
  isChanged,
  isLocked,
  isVerifiedEdit,
  pad2,
  repeatedSamples,
  rowFromResult,
  rowLabel,
  rowsFromGrid,
  type CellErrors,
  type Column,
  type GridRow,
  type RowDefaults,
} from './grid-model';
import type { GridSaveRow, RemarkCode, ResultFilters, ResultsGrid } from '@beach/domain';

export const GRID_PAGE_SIZE = 50;

interface EntryGridProps {
  grid: ResultsGrid;
  remarks: readonly RemarkCode[];
  units: ResultFilters['units'];
  defaults: RowDefaults;
  onNotice: (notice: string) => void;
  /** How many rows hold unsaved changes, after every edit. */
  onDirtyChange: (count: number) => void;
}

const TEXT_COLUMNS: readonly Column[] = ['hh', 'mm', 'value', 'comments'];

/** Indexes of the rows the filter shows, top to bottom. */
function visibleOrder(rows: readonly GridRow[], needle: string): number[] {
  return rows.flatMap((row, index) =>
    !needle || row.station.station_name.toLowerCase().includes(needle) || row.station.beach_name.toLowerCase().includes(needle) ? [index] : [],
  );
}

const cellId = (row: GridRow, column: Column) => `cell-${row.key}-${column}`;
const errorId = (row: GridRow, column: Column) => `cell-${row.key}-${column}-error`;

function plural(n: number, one: string, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}

/** A new Idempotency-Key: 128 random bits (getRandomValues works outside secure contexts too, unlike randomUUID). */
function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The lines a 409 of the save is about, each with a message beside the cell: a result someone else changed
 * since the grid was loaded (RESULT_CHANGED_SINCE_LOADED), or a new line whose sample is stored already
 * (RESULT_ALREADY_STORED). The server's own message goes above the grid.
 */
function conflictCells(error: ApiError, sent: readonly { key: string }[], rows: readonly GridRow[]): Record<string, CellErrors> {
  const out: Record<string, CellErrors> = {};
  if (error.status !== 409) return out;
  if (error.code === RESULT_INTEGRITY_CODES.RESULT_CHANGED_SINCE_LOADED) {
    const changedIds = new Set((error.payload as ResultChanged | null)?.results.map((r) => r.result_id) ?? []);
    for (const row of rows) {
      if (row.result && changedIds.has(row.result.result_id)) out[row.key] = { value: 'Changed by someone else since you loaded it: reload to see their change' };
    }
  } else if (error.code === RESULT_INTEGRITY_CODES.RESULT_ALREADY_STORED) {
    for (const { row, result_id } of (error.payload as ResultAlreadyStored | null)?.rows ?? []) {
      const target = sent[row - 1];
      if (target) out[target.key] = { hh: `This sample is stored already (result ${result_id}): change that line instead` };
    }
  }
  return out;
}

/**
 * The spreadsheet of one program, organization and day: a line per station (and per further sample).
 * Tab walks across a line; Enter moves down the same column (Shift+Enter up), as do the arrow keys in
 * text cells; pasting several lines from a lab sheet fills the column downwards from the focused cell.
 */
export function EntryGrid({ grid, remarks, units, defaults, onNotice, onDirtyChange }: EntryGridProps) {
  const [rows, setRows] = useState<GridRow[]>(() => rowsFromGrid(grid, defaults));
  const [errors, setErrors] = useState<Record<string, CellErrors>>({});
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(1);
  const [pasteNote, setPasteNote] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<'save' | 'delete' | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [saveResults, { isLoading: isSaving }] = useSaveResultsMutation();
  const [deleteResults, { isLoading: isDeleting }] = useDeleteResultsMutation();
  const pendingFocus = useRef<string | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  /** The last save sent and its Idempotency-Key, until it succeeds. */
  const attempt = useRef<{ json: string; key: string } | null>(null);

  const needle = filter.trim().toLowerCase();
  const order = useMemo(() => visibleOrder(rows, needle), [rows, needle]);
  const pages = Math.max(1, Math.ceil(order.length / GRID_PAGE_SIZE));
  const current = Math.min(page, pages);
  const shown = order.slice((current - 1) * GRID_PAGE_SIZE, current * GRID_PAGE_SIZE);
  const changed = rows.filter((r) => !isLocked(r) && isChanged(r));
  const verifiedEdits = changed.filter(isVerifiedEdit).length;
  const errorList = rows.flatMap((row, index) =>
    COLUMNS.flatMap((column) => {
      const message = errors[row.key]?.[column];
      return message ? [{ row, index, column, message }] : [];
    }),
  );

  // A move to a cell on another page waits for that page to render.
  useEffect(() => {
    if (!pendingFocus.current) return;
    document.getElementById(pendingFocus.current)?.focus();
    pendingFocus.current = null;
  });

  const commit = (next: GridRow[]) => {
    setRows(next);
    onDirtyChange(next.filter((r) => !isLocked(r) && isChanged(r)).length);
  };

  const update = (index: number, patch: Partial<GridRow>, column?: Column) => {
    const next = [...rows];
    next[index] = { ...next[index]!, ...patch };
    commit(next);
    const key = next[index]!.key;
    if (column && errors[key]?.[column]) {
      setErrors((all) => {
        const { [column]: _fixed, ...rest } = all[key] ?? {};
        return { ...all, [key]: rest };
      });
    }
  };

  /** Focus a cell, turning to its page first (and clearing the filter when it hides the row). */
  const focusRow = (inRows: readonly GridRow[], index: number, column: Column) => {
    let position = visibleOrder(inRows, needle).indexOf(index);
    const hidden = position < 0;
    if (hidden) {
      setFilter('');
      position = index;
    }
    const id = cellId(inRows[index]!, column);
    const targetPage = Math.floor(position / GRID_PAGE_SIZE) + 1;
    if (hidden || inRows !== rows || targetPage !== current) {
      pendingFocus.current = id;
      setPage(targetPage);
    } else document.getElementById(id)?.focus();
  };
  const focusCell = (position: number, column: Column) => focusRow(rows, order[position]!, column);

  /** The next line up or down (skipping read-only ones) in the same column. */
  const move = (index: number, column: Column, step: 1 | -1) => {
    let position = order.indexOf(index) + step;
    while (position >= 0 && position < order.length && isLocked(rows[order[position]!]!)) position += step;
    if (position >= 0 && position < order.length) focusCell(position, column);
  };

  const onCellKeyDown = (event: KeyboardEvent<HTMLElement>, index: number, column: Column) => {
    if (event.nativeEvent.isComposing || event.altKey || event.ctrlKey || event.metaKey) return;
    const text = TEXT_COLUMNS.includes(column);
    if (event.key === 'Enter') {
      event.preventDefault();
      move(index, column, event.shiftKey ? -1 : 1);
    } else if (text && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      event.preventDefault();
      move(index, column, event.key === 'ArrowDown' ? 1 : -1);
    }
  };

  const onCellPaste = (event: ClipboardEvent<HTMLInputElement>, index: number, column: Column) => {
    const text = event.clipboardData.getData('text/plain');
    const lines = clipboardLines(text);
    const special = (column === 'hh' && text.includes(':')) || (column === 'value' && /^\s*[<>]/.test(text));
    if (lines.length < 2 && lines[0]!.length < 2 && !special) return; // one value: the input takes it as usual
    event.preventDefault();
    const start = order.indexOf(index);
    const outcome = applyPaste(rows, order, start, column, lines, { remarks, units });
    commit(outcome.rows);
    setErrors({});
    const lastRow = outcome.rows[order[Math.min(order.length - 1, start + lines.length - 1)]!]!;
    const parts = [
      `Pasted ${plural(outcome.pasted, 'line')} into ${COLUMN_LABELS[column]}${lines[0]!.length > 1 ? ' and the columns after it' : ''}, from ${rowLabel(rows, index)} to ${lastRow.station.station_name}.`,
    ];
    if (outcome.skipped) parts.push(`${plural(outcome.skipped, 'line')} fell on read-only rows and ${outcome.skipped === 1 ? 'was' : 'were'} not pasted.`);
    if (outcome.overflow) parts.push(`${plural(outcome.overflow, 'line')} went past the last row and ${outcome.overflow === 1 ? 'was' : 'were'} left out.`);
    if (outcome.unknown) parts.push(`${plural(outcome.unknown, 'cell')} named no known remark code or unit and ${outcome.unknown === 1 ? 'was' : 'were'} left as ${outcome.unknown === 1 ? 'it was' : 'they were'}.`);
    setPasteNote(parts.join(' '));
  };

  const focusSummary = () => window.setTimeout(() => summaryRef.current?.focus(), 0);

  const save = async (confirmed: boolean) => {
    setProblem(null);
    setDialogError(null);
    if (changed.length === 0) {
      setProblem('There are no changes to save.');
      return;
    }
    const found: Record<string, CellErrors> = {};
    const sent: { key: string; row: GridSaveRow }[] = [];
    for (const row of changed) {
      const outcome = checkRow(row.result ? row : { ...row, parameterId: defaults.parameterId }, remarks);
      if ('errors' in outcome) found[row.key] = outcome.errors;
      else sent.push({ key: row.key, row: outcome.row });
    }
    for (const [key, message] of repeatedSamples(rows, new Set(changed.map((r) => r.key)))) {
      if (!found[key]?.hh) found[key] = { ...found[key], hh: message };
    }
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusSummary();
      return;
    }
    if (verifiedEdits > 0 && !confirmed) {
      setConfirming('save');
      return;
    }
    const body = {
      program_id: grid.program.program_id,
      organization_id: grid.organization.organization_id,
      sample_date: grid.sample_date,
      results: sent.map((s) => s.row),
    };
    // The same changes sent again (a retry after a lost answer) carry the same key: the server answers
    // as it did the first time instead of saving twice.
    const json = JSON.stringify(body);
    if (attempt.current?.json !== json) attempt.current = { json, key: newIdempotencyKey() };
    try {
      const saved = await saveResults({ body, idempotencyKey: attempt.current.key }).unwrap();
      attempt.current = null;
      const byKey = new Map(sent.map((s, i) => [s.key, saved.results[i]]));
      commit(rows.map((row) => {
        const result = byKey.get(row.key);
        return result ? rowFromResult(row.station, result) : row;
      }));
      setConfirming(null);
      const parts = [`Saved ${plural(sent.length, 'result')}: ${saved.created} added, ${saved.updated} changed.`];
      if (saved.returned_to_unverified > 0) {
        parts.push(`${plural(saved.returned_to_unverified, 'verified result')} ${saved.returned_to_unverified === 1 ? 'is' : 'are'} unverified again and must be verified again.`);
      }
      onNotice(parts.join(' '));
    } catch (thrown) {
      const error = toApiError(thrown);
      const issues = fieldIssues(error);
      const placed: Record<string, CellErrors> = conflictCells(error, sent, rows);
      const unplaced: string[] = [];
      for (const issue of issues) {
        const at = /^results\.(\d+)\./.exec(issue.field);
        const target = at ? sent[Number(at[1])] : undefined;
        const column = columnOfField(issue.field);
        if (target && column) placed[target.key] = { ...placed[target.key], [column]: issue.message };
        else unplaced.push(issue.message);
      }
      setErrors(placed);
      const message = unplaced.length ? unplaced.join(' ') : issues.length ? null : errorMessage(error, 'The results could not be saved.');
      if (confirming) setDialogError(message ?? 'Some results were refused: see the messages in the grid.');
      if (!confirming || !message) setConfirming(null);
      setProblem(message);
      focusSummary();
    }
  };

  const confirmDelete = async () => {
    setDialogError(null);
    const ids = [...selected];
    try {
      await deleteResults(ids).unwrap();
      const gone = new Set(ids);
      const isGone = (r: GridRow) => r.result !== null && gone.has(r.result.result_id);
      const next: GridRow[] = [];
      for (const row of rows) {
        if (!isGone(row)) next.push(row);
        else {
          // A station whose every line went keeps an empty line for a new result.
          const station = row.station.beach_station_id;
          const kept = rows.some((r) => r.station.beach_station_id === station && !isGone(r)) || next.some((r) => r.station.beach_station_id === station);
          if (!kept && row.station.active) next.push(blankRow(row.station, defaults));
        }
      }
      commit(next);
      setSelected(new Set());
      setConfirming(null);
      onNotice(`Deleted ${plural(ids.length, 'result')}.`);
    } catch (thrown) {
      setDialogError(errorMessage(toApiError(thrown), 'The results could not be deleted.'));
    }
  };

  const toggleSelected = (id: number, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    setSelected(next);
  };

  const describedBy = (row: GridRow, column: Column) => (errors[row.key]?.[column] ? errorId(row, column) : undefined);
  const invalid = (row: GridRow, column: Column) => (errors[row.key]?.[column] ? true : undefined);
  const cellError = (row: GridRow, column: Column) =>
    errors[row.key]?.[column] ? (
      <span className="usa-error-message results-grid__error" id={errorId(row, column)}>
        {errors[row.key]![column]}
      </span>
    ) : null;

  const remarkText = (id: string) => remarks.find((r) => String(r.remark_code_id) === id)?.code ?? '';
  const unitText = (id: string) => units.find((u) => String(u.result_unit_id) === id)?.name ?? '';

  const selectedRows = rows.filter((r) => r.result && selected.has(r.result.result_id));

  return (
    <>
      <div ref={summaryRef} tabIndex={-1} className="results-grid__summary">
        {problem && (
          <Alert type="error" headingLevel="h3" slim role="alert">
            {problem}
          </Alert>
        )}
        {errorList.length > 0 && (
          <Alert type="error" headingLevel="h3" heading="Some results need correcting" validation className="margin-top-1">
            <ul className="usa-list margin-top-1">
              {errorList.slice(0, 20).map((e) => (
                <li key={`${e.row.key}-${e.column}`}>
                  <button type="button" className="usa-button usa-button--unstyled text-left" onClick={() => focusRow(rows, e.index, e.column)}>
                    {rowLabel(rows, e.index)}, {COLUMN_LABELS[e.column]}: {e.message}
                  </button>
                </li>
              ))}
              {errorList.length > 20 && <li>and {errorList.length - 20} more</li>}
            </ul>
          </Alert>
        )}
      </div>

      <div className="results-grid__toolbar">
        <div className="results-grid__find">
          <Field id="grid-find" label="Find a station" hint="Part of the station or beach name.">
            {(a11y) => (
              <TextInput
                {...a11y}
                name="grid-find"
                type="text"
                value={filter}
                onChange={(event) => {
                  setFilter(event.target.value);
                  setPage(1);
                }}
              />
            )}
          </Field>
        </div>
        <ButtonGroup className="results-grid__actions">
          <Button type="button" onClick={() => void save(false)} disabled={isSaving}>
            {isSaving ? 'Saving…' : changed.length ? `Save ${plural(changed.length, 'result')}` : 'Save results'}
          </Button>
          <Button
            type="button"
            secondary
            onClick={() => {
              setDialogError(null);
              setConfirming('delete');
            }}
            disabled={selected.size === 0}
          >
            Delete selected{selected.size ? ` (${selected.size})` : ''}
          </Button>
        </ButtonGroup>
      </div>

      {verifiedEdits > 0 && (
        <Alert type="warning" headingLevel="h3" slim className="margin-y-1">
          You changed {plural(verifiedEdits, 'verified result')}. Saving returns {verifiedEdits === 1 ? 'it' : 'them'} to unverified: a
          verifier must verify {verifiedEdits === 1 ? 'it' : 'them'} again before the public sees {verifiedEdits === 1 ? 'it' : 'them'}.
        </Alert>
      )}

      <p className="results-grid__keys text-base-dark margin-y-1" id="grid-keys">
        Tab moves across a row, Enter moves down the column (Shift+Enter up). Paste a column of values copied from a lab sheet
        into the first cell: it fills the rows below. Times are two digits (HH and MM, 24-hour).
      </p>
      <p role="status" className="results-grid__paste margin-y-1">
        {pasteNote}
      </p>

      {order.length === 0 ? (
        <p>{needle ? 'No station matches.' : 'This program has no active stations.'}</p>
      ) : (
        <div className={`results-grid__scroll ${CARD_ROWS.scroll}`}>
          <table className={`usa-table usa-table--compact results-grid ${CARD_ROWS.table}`} aria-describedby="grid-keys">
            <caption className="usa-sr-only">
              Results of {grid.organization.name} for {grid.program.name} on {grid.sample_date}
            </caption>
            <thead>
              <tr>
                <th scope="col">Station</th>
                <th scope="col">Time (HH:MM)</th>
                <th scope="col">Value</th>
                <th scope="col">Remark code</th>
                <th scope="col">Unit</th>
                <th scope="col">Resample</th>
                <th scope="col">Comments</th>
                <th scope="col">State</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((index) => {
                const row = rows[index]!;
                const label = rowLabel(rows, index);
                const locked = isLocked(row);
                const verifiedEdit = isVerifiedEdit(row);
                const rowChanged = !locked && isChanged(row);
                const state = row.result?.verification_state;
                return (
                  <tr key={row.key} className={rowChanged ? 'results-grid__row--changed' : undefined}>
                    <th scope="row" className="results-grid__station">
                      <span className="display-block">{row.station.station_name}</span>
                      <span className="text-base-dark font-sans-3xs">
                        {row.station.station_type === 'BRACKET' ? 'Bracket' : 'Primary'}
                        {row.added ? ' · added sample' : ''}
                      </span>
                    </th>
                    {locked ? (
                      <>
                        <td data-label="Time (HH:MM)">{row.hh ? `${row.hh}:${row.mm}` : ''}</td>
                        <td data-label="Value">{row.value}</td>
                        <td data-label="Remark code">{remarkText(row.remark)}</td>
                        <td data-label="Unit">{unitText(row.unit)}</td>
                        <td data-label="Resample">{row.resample ? 'Yes' : 'No'}</td>
                        <td data-label="Comments" className={CARD_ROWS.wide}>{row.comments}</td>
                      </>
                    ) : (
                      <>
                        <td data-label="Time (HH:MM)">
                          <div className="results-grid__clock">
                            {(['hh', 'mm'] as const).map((column) => (
                              <Fragment key={column}>
                                {column === 'mm' && <span aria-hidden="true">:</span>}
                                <input
                                  id={cellId(row, column)}
                                  className={`usa-input results-grid__time${invalid(row, column) ? ' usa-input--error' : ''}`}
                                  type="text"
                                  inputMode="numeric"
                                  maxLength={5}
                                  autoComplete="off"
                                  aria-label={`${COLUMN_LABELS[column]}, ${label}`}
                                  aria-invalid={invalid(row, column)}
                                  aria-describedby={describedBy(row, column)}
                                  value={row[column]}
                                  onChange={(event) => update(index, { [column]: event.target.value }, column)}
                                  onBlur={(event) => {
                                    const padded = pad2(event.target.value);
                                    if (padded !== row[column]) update(index, { [column]: padded });
                                  }}
                                  onKeyDown={(event) => onCellKeyDown(event, index, column)}
                                  onPaste={(event) => onCellPaste(event, index, column)}
                                />
                              </Fragment>
                            ))}
                          </div>
                          {cellError(row, 'hh')}
                          {cellError(row, 'mm')}
                        </td>
                        <td data-label="Value">
                          <input
                            id={cellId(row, 'value')}
                            className={`usa-input results-grid__value${invalid(row, 'value') ? ' usa-input--error' : ''}`}
                            type="text"
                            inputMode="decimal"
                            autoComplete="off"
                            aria-label={`Value, ${label}`}
                            aria-invalid={invalid(row, 'value')}
                            aria-describedby={describedBy(row, 'value')}
                            value={row.value}
                            onChange={(event) => update(index, { value: event.target.value }, 'value')}
                            onKeyDown={(event) => onCellKeyDown(event, index, 'value')}
                            onPaste={(event) => onCellPaste(event, index, 'value')}
                          />
                          {cellError(row, 'value')}
                        </td>
                        <td data-label="Remark code">
                          <select
                            id={cellId(row, 'remark')}
                            className={`usa-select results-grid__remark${invalid(row, 'remark') ? ' usa-input--error' : ''}`}
                            aria-label={`Remark code, ${label}`}
                            aria-invalid={invalid(row, 'remark')}
                            aria-describedby={describedBy(row, 'remark')}
                            value={row.remark}
                            onChange={(event) => update(index, { remark: event.target.value }, 'remark')}
                            onKeyDown={(event) => onCellKeyDown(event, index, 'remark')}
                          >
                            <option value="">None</option>
                            {remarks.map((r) => (
                              <option key={r.remark_code_id} value={String(r.remark_code_id)}>
                                {r.code}
                              </option>
                            ))}
                          </select>
                          {cellError(row, 'remark')}
                        </td>
                        <td data-label="Unit">
                          <select
                            id={cellId(row, 'unit')}
                            className="usa-select results-grid__unit"
                            aria-label={`Unit, ${label}`}
                            aria-invalid={invalid(row, 'unit')}
                            aria-describedby={describedBy(row, 'unit')}
                            value={row.unit}
                            onChange={(event) => update(index, { unit: event.target.value }, 'unit')}
                            onKeyDown={(event) => onCellKeyDown(event, index, 'unit')}
                          >
                            {units.map((u) => (
                              <option key={u.result_unit_id} value={String(u.result_unit_id)}>
                                {u.name}
                              </option>
                            ))}
                          </select>
                          {cellError(row, 'unit')}
                        </td>
                        <td className="text-center" data-label="Resample">
                          <input
                            id={cellId(row, 'resample')}
                            className="results-grid__check"
                            type="checkbox"
                            aria-label={`Resample, ${label}`}
                            checked={row.resample}
                            onChange={(event) => update(index, { resample: event.target.checked }, 'resample')}
                            onKeyDown={(event) => onCellKeyDown(event, index, 'resample')}
                          />
                        </td>
                        <td data-label="Comments" className={CARD_ROWS.wide}>
                          <input
                            id={cellId(row, 'comments')}
                            className={`usa-input results-grid__comments${invalid(row, 'comments') ? ' usa-input--error' : ''}`}
                            type="text"
                            autoComplete="off"
                            aria-label={`Comments, ${label}`}
                            aria-invalid={invalid(row, 'comments')}
                            aria-describedby={describedBy(row, 'comments')}
                            value={row.comments}
                            onChange={(event) => update(index, { comments: event.target.value }, 'comments')}
                            onKeyDown={(event) => onCellKeyDown(event, index, 'comments')}
                            onPaste={(event) => onCellPaste(event, index, 'comments')}
                          />
                          {cellError(row, 'comments')}
                        </td>
                      </>
                    )}
                    <td className="results-grid__state" data-label="State">
                      {!row.result ? (
                        rowChanged ? 'New, not saved' : 'Not entered'
                      ) : state === 'UNVERIFIED' ? (
                        rowChanged ? 'Unverified, changed' : 'Unverified'
                      ) : (
                        <span className="results-grid__verified">
                          <Icon.Lock aria-hidden="true" focusable={false} className="margin-right-05" />
                          {state === 'SECONDARY_VERIFIED' ? 'Secondary verified' : 'Verified'}
                          {verifiedEdit && (
                            <span className="display-block font-sans-3xs">
                              {rowChanged ? 'Saving returns it to unverified' : 'Admin: editing returns it to unverified'}
                            </span>
                          )}
                          {locked && <span className="display-block font-sans-3xs">Read-only</span>}
                        </span>
                      )}
                    </td>
                    <td className="results-grid__row-actions" data-label="Actions">
                      {row.result?.can_delete && (
                        <label className="results-grid__select-label">
                          <input
                            type="checkbox"
                            aria-label={`Select ${label} for deletion`}
                            checked={selected.has(row.result.result_id)}
                            onChange={(event) => toggleSelected(row.result!.result_id, event.target.checked)}
                          />{' '}
                          Select
                        </label>
                      )}
                      {row.added && !row.result ? (
                        <Button
                          type="button"
                          unstyled
                          className="font-sans-3xs"
                          onClick={() => commit(rows.filter((r) => r.key !== row.key))}
                          aria-label={`Remove the added line, ${label}`}
                        >
                          Remove line
                        </Button>
                      ) : (
                        row.station.active && (
                          <Button
                            type="button"
                            unstyled
                            className="font-sans-3xs"
                            onClick={() => {
                              const { rows: next, index: added } = addSample(rows, index, defaults);
                              commit(next);
                              focusRow(next, added, 'hh');
                            }}
                            aria-label={`Add a sample, ${row.station.station_name}`}
                          >
                            Add a sample
                          </Button>
                        )
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={current} pageSize={GRID_PAGE_SIZE} total={order.length} onPage={setPage} label="Result grid pages" />
      <details className="margin-top-2">
        <summary>Remark codes</summary>
        <dl className="results-grid__remarks">
          {remarks.map((r) => (
            <div key={r.remark_code_id}>
              <dt>{r.code}</dt>
              <dd>
                {r.name}. {r.description}
              </dd>
            </div>
          ))}
        </dl>
      </details>

      <ConfirmDialog
        id="save-verified-dialog"
        open={confirming === 'save'}
        heading={`Return ${plural(verifiedEdits, 'verified result')} to unverified?`}
        confirmLabel="Save and unverify"
        busy={isSaving}
        error={dialogError}
        onConfirm={() => void save(true)}
        onCancel={() => setConfirming(null)}
      >
        <p>
          You changed {plural(verifiedEdits, 'verified result')}. Saved, {verifiedEdits === 1 ? 'it goes' : 'they go'} back to unverified: the
          public stops seeing {verifiedEdits === 1 ? 'it' : 'them'} until a verifier verifies {verifiedEdits === 1 ? 'it' : 'them'} again, and
          the program’s rules run again then. The change is recorded in the audit log.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        id="delete-results-dialog"
        open={confirming === 'delete'}
        heading={`Delete ${plural(selected.size, 'result')}?`}
        confirmLabel="Delete"
        destructive
        busy={isDeleting}
        error={dialogError}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirming(null)}
      >
        <p>These unverified results are deleted. This cannot be undone.</p>
        <ul className="usa-list">
          {selectedRows.slice(0, 10).map((r) => (
            <li key={r.key}>
              {r.station.station_name}: {r.result!.value ?? r.result!.remark_code ?? 'no value'}
              {r.result!.sample_time_hh ? ` at ${r.result!.sample_time_hh}:${r.result!.sample_time_mm}` : ''}
            </li>
          ))}
          {selectedRows.length > 10 && <li>and {selectedRows.length - 10} more</li>}
        </ul>
      </ConfirmDialog>
    </>
  );
}
