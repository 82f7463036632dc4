import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Button } from '@trussworks/react-uswds';
import { verificationTestSchemaFor } from '@beach/domain';
import { errorMessage, fieldIssues, toApiError } from '../../components/api-errors';
import { CARD_ROWS } from '../../components/card-rows';
import { Field } from '../../components/Field';
import { LoadError } from '../../components/LoadError';
import { Loading } from '../../components/Loading';
import { ScreenPage } from '../../components/ScreenPage';
import { useGetTesterOptionsQuery, useTestVerificationFilesMutation, useTestVerificationMutation } from './api';
import { ProgramGate } from './ProgramGate';
import { useProgramChoice } from './program-choice';
import { TesterRun } from './TesterRun';
import type { TesterOptions, TestRun, VerificationTest } from '@beach/domain';
import './verification.css';

/** Verification Tester (/portal/data-verification-tester): the program's rules as a dry run. */
export default function VerificationTesterPage() {
  const choice = useProgramChoice('/portal/data-verification-tester');
  return (
    <ScreenPage
      title="Verification Tester"
      description="See what verifying results would do under the program’s logic rules, rule by rule, before anything is verified."
    >
      <Alert type="info" headingLevel="h2" heading="A dry run: the tester writes nothing" className="margin-bottom-3">
        No result is saved or verified, no beach status changes and no e-mail is sent, whatever you test here.
      </Alert>
      <ProgramGate choice={choice}>{(programId) => <TesterOptionsLoader key={programId} programId={programId} />}</ProgramGate>
    </ScreenPage>
  );
}

function TesterOptionsLoader({ programId }: { programId: number }) {
  const options = useGetTesterOptionsQuery(programId);
  if (options.isLoading) return <Loading label="Loading the program’s stations…" />;
  if (options.isError || !options.data) {
    return (
      <LoadError
        message={`The program’s stations could not be loaded. ${options.error ? errorMessage(toApiError(options.error), '') : ''}`.trim()}
        onRetry={() => void options.refetch()}
      />
    );
  }
  return <Tester options={options.data} />;
}

type Mode = 'TYPED' | 'DATE' | 'FILES';

interface TypedRow {
  key: number;
  station: string;
  date: string;
  hh: string;
  mm: string;
  value: string;
  remark: string;
  unit: string;
  parameter: string;
}

interface StartRow {
  key: number;
  station: string;
  status: string;
}

type RowField = 'beach_station_id' | 'sample_date' | 'sample_time_hh' | 'sample_time_mm' | 'value' | 'remark_code_id' | 'result_unit_id' | 'parameter_id';

let nextKey = 1;

const pad2 = (text: string) => (/^\d$/.test(text.trim()) ? `0${text.trim()}` : text.trim());

function Tester({ options }: { options: TesterOptions }) {
  const blank = (): TypedRow => ({
    key: nextKey++,
    station: '',
    date: options.today,
    hh: '',
    mm: '',
    value: '',
    remark: '',
    unit: String(options.default_result_unit_id ?? options.units[0]?.result_unit_id ?? ''),
    parameter: String(options.default_parameter_id ?? options.parameters[0]?.parameter_id ?? ''),
  });
  const [mode, setMode] = useState<Mode>('TYPED');
  const [rows, setRows] = useState<TypedRow[]>(() => [blank()]);
  const [starts, setStarts] = useState<StartRow[]>([]);
  const [date, setDate] = useState(options.today);
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [run, setRun] = useState<TestRun | null>(null);
  const [testTyped, { isLoading: typedBusy }] = useTestVerificationMutation();
  const [testFiles, { isLoading: filesBusy }] = useTestVerificationFilesMutation();
  const outcomeRef = useRef<HTMLElement>(null);
  const busy = typedBusy || filesBusy;
  const primaries = options.stations.filter((s) => s.station_type === 'PRIMARY');
  // The server's own day, so a browser clock that is off does not move "tomorrow" (as Results Entry does).
  const schema = verificationTestSchemaFor({ timeZone: 'UTC', now: () => new Date(`${options.today}T12:00:00Z`) });

  useEffect(() => {
    if (run) outcomeRef.current?.focus();
  }, [run]);

  const setRow = (key: number, patch: Partial<TypedRow>) => setRows((all) => all.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const setStart = (key: number, patch: Partial<StartRow>) => setStarts((all) => all.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const err = (i: number, field: RowField) => errors[`results.${i}.${field}`];

  const body = (): VerificationTest | null => {
    const starting = starts.filter((s) => s.station && s.status).map((s) => ({ beach_station_id: Number(s.station), beach_status_id: Number(s.status) }));
    const draft =
      mode === 'DATE'
        ? { program_id: options.program.program_id, date, starting_statuses: starting }
        : {
            program_id: options.program.program_id,
            results: rows.map((r) => ({
              beach_station_id: r.station,
              sample_date: r.date,
              sample_time_hh: pad2(r.hh),
              sample_time_mm: pad2(r.mm),
              value: r.value,
              remark_code_id: r.remark || null,
              result_unit_id: r.unit,
              parameter_id: r.parameter,
            })),
            starting_statuses: starting,
          };
    // The same schema the server validates the call with.
    const parsed = schema.safeParse(draft);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const path = issue.path.join('.');
        if (!found[path]) found[path] = issue.message;
      }
      // An empty choice reads better than the id rule it breaks.
      rows.forEach((r, i) => {
        if (!r.station) found[`results.${i}.beach_station_id`] = 'Choose a station';
      });
      setErrors(found);
      return null;
    }
    return parsed.data;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setErrors({});
    try {
      let outcome: TestRun;
      if (mode === 'FILES') {
        if (files.length === 0) {
          setErrors({ files: 'Choose one or more CSV files' });
          document.getElementById('tester-files')?.focus();
          return;
        }
        outcome = await testFiles({ programId: options.program.program_id, files }).unwrap();
      } else {
        const request = body();
        if (!request) {
          setProblem('Some results need correcting: see the messages beside them.');
          return;
        }
        outcome = await testTyped(request).unwrap();
      }
      setRun(outcome);
    } catch (thrown) {
      const error = toApiError(thrown);
      const issues = fieldIssues(error);
      if (issues.length) setErrors(Object.fromEntries(issues.map((i) => [i.field, i.message])));
      setProblem(issues.length ? 'Some results need correcting: see the messages beside them.' : errorMessage(error, 'The test could not be run.'));
    }
  };

  const cellInput = (row: TypedRow, i: number, field: RowField, key: 'hh' | 'mm' | 'value', label: string, className: string) => {
    const message = err(i, field);
    const id = `tester-${row.key}-${key}`;
    return (
      <td data-label={label}>
        <input
          id={id}
          className={`usa-input ${className}${message ? ' usa-input--error' : ''}`}
          type="text"
          inputMode={key === 'value' ? 'decimal' : 'numeric'}
          aria-label={`${label}, result ${i + 1}`}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : undefined}
          value={row[key]}
          onChange={(e) => setRow(row.key, { [key]: e.target.value })}
        />
        {message && (
          <span className="usa-error-message tester-cell-error" id={`${id}-error`}>
            {message}
          </span>
        )}
      </td>
    );
  };

  return (
    <>
      <form onSubmit={submit} noValidate aria-label="What to test">
        <fieldset className="usa-fieldset">
          <legend className="usa-legend usa-legend--large">What to test</legend>
          {(
            [
              ['TYPED', 'Results I type in'],
              ['DATE', 'The unverified results of a date'],
              ['FILES', 'Lab files (CSV, the download layout)'],
            ] as const
          ).map(([value, text]) => (
            <div className="usa-radio" key={value}>
              <input
                className="usa-radio__input"
                id={`tester-mode-${value}`}
                type="radio"
                name="tester-mode"
                value={value}
                checked={mode === value}
                onChange={() => {
                  setMode(value);
                  setErrors({});
                  setProblem(null);
                }}
              />
              <label className="usa-radio__label" htmlFor={`tester-mode-${value}`}>
                {text}
              </label>
            </div>
          ))}
        </fieldset>

        {mode === 'TYPED' && (
          <section aria-labelledby="tester-typed-heading" className="margin-top-3">
            <h2 id="tester-typed-heading">Results to test</h2>
            <p className="text-base-dark">They are applied in sample date and time order, as verification would.</p>
            <div className={`usa-table-container--scrollable ${CARD_ROWS.scroll}`} tabIndex={0} role="region" aria-label="Results to test">
              <table className={`usa-table usa-table--compact tester-typed ${CARD_ROWS.table}`}>
                <caption className="usa-sr-only">Results to test</caption>
                <thead>
                  <tr>
                    <th scope="col">Station</th>
                    <th scope="col">Sample date</th>
                    <th scope="col">Hour</th>
                    <th scope="col">Minute</th>
                    <th scope="col">Value</th>
                    <th scope="col">Remark code</th>
                    <th scope="col">Unit</th>
                    <th scope="col">Parameter</th>
                    <th scope="col">
                      <span className="usa-sr-only">Remove</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row, i) => {
                    const stationError = err(i, 'beach_station_id');
                    const dateError = err(i, 'sample_date');
                    return (
                      <tr key={row.key}>
                        <td data-label={`Result ${i + 1}: station`} className={CARD_ROWS.wide}>
                          <select
                            id={`tester-${row.key}-station`}
                            className={`usa-select tester-typed__station${stationError ? ' usa-input--error' : ''}`}
                            aria-label={`Station, result ${i + 1}`}
                            aria-invalid={stationError ? true : undefined}
                            aria-describedby={stationError ? `tester-${row.key}-station-error` : undefined}
                            value={row.station}
                            onChange={(e) => setRow(row.key, { station: e.target.value })}
                          >
                            <option value="">- Choose a station -</option>
                            {options.stations.map((s) => (
                              <option key={s.beach_station_id} value={String(s.beach_station_id)}>
                                {s.station_name}
                                {s.station_type === 'BRACKET' ? ' (bracket)' : ''} – now {s.current_status?.name ?? 'no status'}
                              </option>
                            ))}
                          </select>
                          {stationError && (
                            <span className="usa-error-message tester-cell-error" id={`tester-${row.key}-station-error`}>
                              {stationError}
                            </span>
                          )}
                        </td>
                        <td data-label="Sample date" className={CARD_ROWS.wide}>
                          <input
                            id={`tester-${row.key}-date`}
                            className={`usa-input tester-typed__date${dateError ? ' usa-input--error' : ''}`}
                            type="date"
                            max={options.max_date}
                            aria-label={`Sample date, result ${i + 1}`}
                            aria-invalid={dateError ? true : undefined}
                            aria-describedby={dateError ? `tester-${row.key}-date-error` : undefined}
                            value={row.date}
                            onChange={(e) => setRow(row.key, { date: e.target.value })}
                          />
                          {dateError && (
                            <span className="usa-error-message tester-cell-error" id={`tester-${row.key}-date-error`}>
                              {dateError}
                            </span>
                          )}
                        </td>
                        {cellInput(row, i, 'sample_time_hh', 'hh', 'Hour', 'tester-typed__time')}
                        {cellInput(row, i, 'sample_time_mm', 'mm', 'Minute', 'tester-typed__time')}
                        {cellInput(row, i, 'value', 'value', 'Value', 'tester-typed__value')}
                        <td data-label="Remark code">
                          <select
                            className="usa-select tester-typed__remark"
                            aria-label={`Remark code, result ${i + 1}`}
                            value={row.remark}
                            onChange={(e) => setRow(row.key, { remark: e.target.value })}
                          >
                            <option value="">None</option>
                            {options.remark_codes.map((r) => (
                              <option key={r.remark_code_id} value={String(r.remark_code_id)}>
                                {r.code} – {r.name}
                              </option>
                            ))}
                          </select>
                        </td>
                        <td data-label="Unit">
                          <select className="usa-select tester-typed__unit" aria-label={`Unit, result ${i + 1}`} value={row.unit} onChange={(e) => setRow(row.key, { unit: e.target.value })}>
                            {options.units.map((u) => (
                              <option key={u.result_unit_id} value={String(u.result_unit_id)}>
                                {u.name}
                              </option>
                            ))}
                          </select>
                        </td>
                        <td data-label="Parameter">
                          <select
                            className="usa-select tester-typed__unit"
                            aria-label={`Parameter, result ${i + 1}`}
                            value={row.parameter}
                            onChange={(e) => setRow(row.key, { parameter: e.target.value })}
                          >
                            {options.parameters.map((p) => (
                              <option key={p.parameter_id} value={String(p.parameter_id)}>
                                {p.name}
                              </option>
                            ))}
                          </select>
                        </td>
                        <td>
                          {rows.length > 1 && (
                            <Button type="button" unstyled onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))} aria-label={`Remove result ${i + 1}`}>
                              Remove
                            </Button>
                          )}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            {errors.results && <p className="usa-error-message">{errors.results}</p>}
            <Button type="button" outline onClick={() => setRows((all) => [...all, { ...blank(), station: all[all.length - 1]?.station ?? '' }])}>
              Add a result
            </Button>
          </section>
        )}

        {mode === 'DATE' && (
          <div className="margin-top-3 maxw-mobile-lg">
            <Field
              id="tester-date"
              label="Sample date"
              hint="Its unverified results are tested, as verifying them would apply them. Not later than tomorrow."
              error={errors.date}
            >
              {(a11y) => (
                <input {...a11y} className="usa-input" type="date" name="tester-date" max={options.max_date} value={date} onChange={(e) => setDate(e.target.value)} />
              )}
            </Field>
          </div>
        )}

        {mode === 'FILES' && (
          <div className="margin-top-3">
            <div className={`usa-form-group${errors.files ? ' usa-form-group--error' : ''}`}>
              <label className="usa-label" htmlFor="tester-files">
                Lab files (CSV)
              </label>
              <span className="usa-hint" id="tester-files-hint">
                One or more files in the layout of the public water-quality download; all their results are tested together, in sample order.
              </span>
              {errors.files && (
                <span className="usa-error-message" id="tester-files-error">
                  {errors.files}
                </span>
              )}
              <input
                id="tester-files"
                className="tester-files"
                type="file"
                multiple
                accept=".csv,text/csv"
                aria-describedby={`tester-files-hint${errors.files ? ' tester-files-error' : ''}`}
                onChange={(e) => setFiles([...(e.target.files ?? [])])}
              />
            </div>
          </div>
        )}

        {mode !== 'FILES' && (
          <details className="margin-top-3">
            <summary>Start a beach at another status (optional)</summary>
            <p className="text-base-dark">Each beach starts at its status now unless you choose another here: “what if this beach were in Advisory?”</p>
            {starts.map((s, i) => (
              <div key={s.key} className="tester-start">
                <Field id={`tester-start-${s.key}-station`} label={`Beach ${i + 1}`} className="margin-top-0">
                  {(a11y) => (
                    <select {...a11y} className="usa-select" value={s.station} onChange={(e) => setStart(s.key, { station: e.target.value })}>
                      <option value="">- Choose a primary station -</option>
                      {primaries.map((p) => (
                        <option key={p.beach_station_id} value={String(p.beach_station_id)}>
                          {p.station_name} – now {p.current_status?.name ?? 'no status'}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
                <Field id={`tester-start-${s.key}-status`} label="Starts as" className="margin-top-0">
                  {(a11y) => (
                    <select {...a11y} className="usa-select" value={s.status} onChange={(e) => setStart(s.key, { status: e.target.value })}>
                      <option value="">- Choose a status -</option>
                      {options.statuses.map((st) => (
                        <option key={st.beach_status_id} value={String(st.beach_status_id)}>
                          {st.name}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
                <Button type="button" unstyled onClick={() => setStarts((all) => all.filter((x) => x.key !== s.key))} aria-label={`Remove starting status ${i + 1}`}>
                  Remove
                </Button>
              </div>
            ))}
            <Button type="button" outline onClick={() => setStarts((all) => [...all, { key: nextKey++, station: '', status: '' }])}>
              Add a starting status
            </Button>
          </details>
        )}

        <Button type="submit" className="margin-top-3" disabled={busy}>
          {busy ? 'Testing…' : 'Run the dry run'}
        </Button>
      </form>

      {problem && (
        <Alert type="error" headingLevel="h2" slim role="alert" className="margin-top-2">
          {problem}
        </Alert>
      )}

      {run && (
        <section ref={outcomeRef} tabIndex={-1} aria-labelledby="tester-outcome-heading" className="margin-top-4 tester-outcome">
          <h2 id="tester-outcome-heading">What verification would do (dry run)</h2>
          <TesterRun run={run} />
        </section>
      )}
    </>
  );
}
