import { useMemo, useState, type FormEvent } from 'react';
import { Alert, Button, ButtonGroup } from '@trussworks/react-uswds';
import {
  compareNames,
  epaReportCsv,
  epaReportQuerySchema,
  latestSampleDate,
  localDate,
  portalAbilities,
  type EpaReport,
  type EpaReportBeach,
  type EpaReportColumnKey,
  type EpaReportTotals,
} from '@beach/domain';
import { useAppSelector } from '../../app/hooks';
import { CARD_ROWS } from '../../components/card-rows';
import { errorMessage, toApiError } from '../../components/api-errors';
import { Field } from '../../components/Field';
import { Loading } from '../../components/Loading';
import { NotPermitted } from '../../components/NotPermitted';
import { ScreenPage } from '../../components/ScreenPage';
import { SelectField } from '../../components/SelectField';
import { useDownloadFiltersQuery } from '../downloads/api';
import { useEpaReportQuery, type EpaReportParams } from './api';
import './epa-report.css';

export const EPA_REPORT_PATH = '/portal/website-management/dep-it/epa-report-statistics';

/** The filters as the form holds them (text of the inputs). */
interface Draft {
  programCode: string;
  county: string;
  munis: string[];
  beach: string;
  from: string;
  to: string;
  excludCCMP: boolean;
  onlyBeachAct: boolean;
  includeBrackets: boolean;
  excludeNaResults: boolean;
}

const FLAGS = [
  { key: 'excludCCMP', label: 'Exclude CCMP beaches', hint: 'Leave out the Cooperative Coastal Monitoring Program’s ocean, bay and river beaches.' },
  { key: 'onlyBeachAct', label: 'Only BEACH Act beaches', hint: 'Ocean and bay beaches listed with EPA (with an EPA beach ID).' },
  { key: 'includeBrackets', label: 'Include bracket stations', hint: 'Count bracket samples with their primary station’s beach.' },
  { key: 'excludeNaResults', label: 'Exclude NA results', hint: 'Leave results without a measurement (not sampled, lab failure) out of the sample counts.' },
] as const satisfies readonly { key: keyof Draft; label: string; hint: string }[];

function initialDraft(now = new Date()): Draft {
  const today = localDate(now, 'America/New_York');
  return {
    programCode: '',
    county: '',
    munis: [],
    beach: '',
    from: `${today.slice(0, 4)}-01-01`,
    to: today,
    excludCCMP: false,
    onlyBeachAct: false,
    includeBrackets: false,
    excludeNaResults: false,
  };
}

/** The query sent: only the chosen fields; flags as true when ticked. */
function paramsOf(draft: Draft): EpaReportParams {
  const params: EpaReportParams = {};
  if (draft.programCode) params.programCode = draft.programCode;
  if (draft.county) params.county = draft.county;
  if (draft.munis.length) params.munis = draft.munis.join(',');
  if (draft.beach) params.beach = draft.beach;
  if (draft.from) params.from = draft.from;
  if (draft.to) params.to = draft.to;
  for (const flag of FLAGS) if (draft[flag.key]) params[flag.key] = 'true';
  return params;
}

/** DEP IT: EPA report statistics (SPEC 2, 7 Report): organization admins only (SPEC 6). */
export default function EpaReportPage() {
  const me = useAppSelector((state) => state.user.user);
  const selectedProgramId = useAppSelector((state) => state.user.selectedProgramId);
  const allowed = me ? portalAbilities(me, selectedProgramId)[EPA_REPORT_PATH] : false;
  return (
    <ScreenPage
      title="DEP IT: EPA report statistics"
      description="Beaches monitored, samples, exceedances of the beach action value, advisories and closures with their days, and the share of beach-days under action, for EPA's annual beach report."
    >
      {allowed ? <EpaReportScreen /> : <NotPermitted />}
    </ScreenPage>
  );
}

function EpaReportScreen() {
  const [draft, setDraft] = useState<Draft>(() => initialDraft());
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [params, setParams] = useState<EpaReportParams | null>(null);
  const report = useEpaReportQuery(params ?? {}, { skip: params === null });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = paramsOf(draft);
    // The server's own schema checks the dates first (real days, not after tomorrow, From not after To).
    const checked = epaReportQuerySchema().safeParse(next);
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      document.getElementById(found.from ? 'epa-from' : 'epa-to')?.focus();
      return;
    }
    setErrors({});
    setParams(next);
  };

  return (
    <>
      <Filters draft={draft} errors={errors} onChange={setDraft} onSubmit={submit} onClear={() => setDraft(initialDraft())} />
      <section aria-labelledby="epa-results-heading" className="margin-top-4">
        <h2 id="epa-results-heading">Statistics</h2>
        {params === null ? (
          <p>Choose the filters and the period, then run the report.</p>
        ) : report.isFetching ? (
          <Loading label="Running the report…" />
        ) : report.isError ? (
          <Alert type="error" headingLevel="h3" slim role="alert">
            {errorMessage(toApiError(report.error), 'The report could not be run.')}{' '}
            <Button type="button" unstyled onClick={() => void report.refetch()}>
              Retry
            </Button>
          </Alert>
        ) : report.data ? (
          <Results report={report.data} />
        ) : null}
      </section>
    </>
  );
}

interface FiltersProps {
  draft: Draft;
  errors: Partial<Record<string, string>>;
  onChange: (draft: Draft) => void;
  onSubmit: (event: FormEvent) => void;
  onClear: () => void;
}

function Filters({ draft, errors, onChange, onSubmit, onClear }: FiltersProps) {
  const snapshot = useDownloadFiltersQuery();
  const lists = snapshot.data;
  const max = latestSampleDate();
  const programId = lists?.filters.programs.find((p) => p.abbv === draft.programCode)?.program_id;
  const towns = useMemo(() => (lists && draft.county ? lists.filters.municipalities.filter((m) => String(m.county_id) === draft.county) : []), [lists, draft.county]);
  const beaches = useMemo(
    () =>
      (lists?.beachList ?? [])
        .filter((b) => b.type.code === 'PRIMARY')
        .filter((b) => programId === undefined || b.program.program_id === programId)
        .filter((b) => !draft.county || String(b.municipality.county_id) === draft.county)
        .filter((b) => !draft.munis.length || draft.munis.includes(String(b.municipality.municipality_id)))
        .sort((a, b) => compareNames(a.beach_name, b.beach_name)),
    [lists, programId, draft.county, draft.munis],
  );
  const set = (changes: Partial<Draft>) => onChange({ ...draft, ...changes });

  if (snapshot.isLoading) return <Loading label="Loading Filters..." />;
  return (
    <form className="usa-form maxw-none epa-filters" aria-label="EPA report filters" onSubmit={onSubmit} noValidate>
      {snapshot.isError && (
        <Alert type="warning" headingLevel="h2" slim>
          The program, county and beach lists could not be loaded; the report runs for every beach.{' '}
          <Button type="button" unstyled onClick={() => void snapshot.refetch()}>
            Retry
          </Button>
        </Alert>
      )}
      <div className="grid-row grid-gap">
        <div className="tablet:grid-col-4">
          <SelectField
            id="epa-program"
            label="Beach program"
            value={draft.programCode}
            emptyLabel="- All programs -"
            options={(lists?.filters.programs ?? []).map((p) => ({ value: p.abbv, label: `[${p.abbv}] - ${p.name}` }))}
            onChange={(programCode) => set({ programCode, beach: '' })}
          />
        </div>
        <div className="tablet:grid-col-4">
          <SelectField
            id="epa-county"
            label="County"
            value={draft.county}
            emptyLabel="- All counties -"
            options={(lists?.filters.counties ?? []).map((c) => ({ value: String(c.county_id), label: c.name }))}
            onChange={(county) => set({ county, munis: [], beach: '' })}
          />
        </div>
        <div className="tablet:grid-col-4">
          <SelectField
            id="epa-beach"
            label="Beach"
            value={draft.beach}
            emptyLabel="- All beaches -"
            options={beaches.map((b) => ({ value: String(b.beach_station_id), label: `${b.beach_name} (${b.station_name})` }))}
            onChange={(beach) => set({ beach })}
          />
        </div>
      </div>
      <fieldset className="usa-fieldset epa-filters__towns">
        <legend className="usa-legend">Municipalities</legend>
        {towns.length === 0 ? (
          <span className="usa-hint">To filter by municipality, select a county above.</span>
        ) : (
          <div className="epa-filters__town-list">
            {towns.map((m) => {
              const id = `epa-muni-${m.municipality_id}`;
              const value = String(m.municipality_id);
              const checked = draft.munis.includes(value);
              return (
                <div className="usa-checkbox" key={m.municipality_id}>
                  <input
                    className="usa-checkbox__input"
                    id={id}
                    type="checkbox"
                    name="munis"
                    value={value}
                    checked={checked}
                    onChange={() => set({ munis: checked ? draft.munis.filter((x) => x !== value) : [...draft.munis, value], beach: '' })}
                  />
                  <label className="usa-checkbox__label" htmlFor={id}>
                    {m.name}
                  </label>
                </div>
              );
            })}
          </div>
        )}
      </fieldset>
      <div className="grid-row grid-gap">
        <div className="mobile-lg:grid-col-6 tablet:grid-col-4">
          <Field id="epa-from" label="From" error={errors.from}>
            {(a11y) => <input {...a11y} className="usa-input" type="date" name="from" max={max} value={draft.from} onChange={(e) => set({ from: e.target.value })} />}
          </Field>
        </div>
        <div className="mobile-lg:grid-col-6 tablet:grid-col-4">
          <Field id="epa-to" label="To" error={errors.to}>
            {(a11y) => <input {...a11y} className="usa-input" type="date" name="to" max={max} value={draft.to} onChange={(e) => set({ to: e.target.value })} />}
          </Field>
        </div>
      </div>
      <fieldset className="usa-fieldset margin-top-3">
        <legend className="usa-legend">Options</legend>
        <div className="epa-filters__flags">
          {FLAGS.map((flag) => (
            <div className="usa-checkbox" key={flag.key}>
              <input
                className="usa-checkbox__input usa-checkbox__input--tile"
                id={`epa-${flag.key}`}
                type="checkbox"
                name={flag.key}
                checked={draft[flag.key]}
                onChange={(e) => set({ [flag.key]: e.target.checked })}
              />
              <label className="usa-checkbox__label" htmlFor={`epa-${flag.key}`}>
                {flag.label}
                <span className="usa-checkbox__label-description">{flag.hint}</span>
              </label>
            </div>
          ))}
        </div>
      </fieldset>
      <ButtonGroup className="margin-top-3">
        <Button type="submit">Run report</Button>
        <Button type="button" outline onClick={onClear}>
          Clear Filters
        </Button>
      </ButtonGroup>
    </form>
  );
}

/** A whole number with thousands separators (1,876), in the table and the summary alike. */
const count = (value: number) => value.toLocaleString('en-US');

/** Columns of the table: every one sortable. */
const TABLE_COLUMNS: readonly { key: EpaReportColumnKey; label: string; numeric: boolean }[] = [
  { key: 'beach_name', label: 'Beach', numeric: false },
  { key: 'program_abbv', label: 'Program', numeric: false },
  { key: 'county', label: 'County', numeric: false },
  { key: 'municipality', label: 'Municipality', numeric: false },
  { key: 'monitored', label: 'Monitored', numeric: false },
  { key: 'samples', label: 'Samples', numeric: true },
  { key: 'exceedances', label: 'Exceedances', numeric: true },
  { key: 'advisories', label: 'Advisories', numeric: true },
  { key: 'advisory_days', label: 'Advisory days in season', numeric: true },
  { key: 'closures', label: 'Closures', numeric: true },
  { key: 'closure_days', label: 'Closure days in season', numeric: true },
  { key: 'action_days', label: 'Action days in season', numeric: true },
  { key: 'season_days', label: 'Season days', numeric: true },
  { key: 'percent_under_action', label: '% beach-days under action', numeric: true },
  { key: 'preseason_action_days', label: 'Pre-season action days', numeric: true },
];

/**
 * Where a header's long words may break (soft hyphens): fifteen columns fit the portal's column at 1280 px
 * beside the menu only if "Exceedances" and "Municipality" can take two lines (issue 28). Shown only; the
 * header's accessible name is the plain label.
 */
const HEADER_BREAKS: Partial<Record<EpaReportColumnKey, string>> = {
  program_abbv: 'Pro\u00ADgram',
  municipality: 'Munici\u00ADpality',
  monitored: 'Moni\u00ADtored',
  samples: 'Sam\u00ADples',
  exceedances: 'Exceed\u00ADances',
  advisories: 'Advi\u00ADsories',
  advisory_days: 'Advi\u00ADsory days in sea\u00ADson',
  closures: 'Clo\u00ADsures',
  closure_days: 'Clo\u00ADsure days in sea\u00ADson',
  action_days: 'Ac\u00ADtion days in sea\u00ADson',
  season_days: 'Sea\u00ADson days',
  percent_under_action: '% beach-days under ac\u00ADtion',
  preseason_action_days: 'Pre-sea\u00ADson ac\u00ADtion days',
};

type Sort = { key: EpaReportColumnKey; ascending: boolean };

function compare(a: EpaReportBeach, b: EpaReportBeach, key: EpaReportColumnKey): number {
  const x = a[key];
  const y = b[key];
  if (x === y) return 0;
  if (x === null) return -1;
  if (y === null) return 1;
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  if (typeof x === 'boolean' && typeof y === 'boolean') return x ? 1 : -1;
  return compareNames(String(x), String(y));
}

export function sortRows(rows: readonly EpaReportBeach[], sort: Sort | null): EpaReportBeach[] {
  if (!sort) return [...rows];
  const factor = sort.ascending ? 1 : -1;
  return [...rows].sort((a, b) => factor * compare(a, b, sort.key) || compareNames(a.beach_name, b.beach_name) || a.beach_station_id - b.beach_station_id);
}

const percent = (value: number | null) => (value === null ? 'N/A' : `${value.toFixed(1)}%`);

function downloadCsv(report: EpaReport, rows: readonly EpaReportBeach[]) {
  const blob = new Blob([epaReportCsv(report, rows)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `epa-report-statistics_${report.period.from}_${report.period.through}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function Results({ report }: { report: EpaReport }) {
  const [sort, setSort] = useState<Sort | null>(null);
  const rows = useMemo(() => sortRows(report.beaches, sort), [report.beaches, sort]);
  const { period, totals } = report;
  const through = period.through === period.to ? '' : ` (counted through ${period.through})`;

  if (report.beaches.length === 0) {
    return (
      <p className="epa-empty" role="status">
        No beaches match these filters for {period.from} to {period.to}.
      </p>
    );
  }

  const header = (column: (typeof TABLE_COLUMNS)[number]) => {
    const active = sort?.key === column.key;
    return (
      <th key={column.key} scope="col" className={column.numeric ? 'epa-table__number' : undefined} aria-sort={active ? (sort!.ascending ? 'ascending' : 'descending') : undefined}>
        <Button
          type="button"
          unstyled
          className="text-ink text-no-underline text-bold"
          onClick={() => setSort((s) => ({ key: column.key, ascending: s?.key === column.key ? !s.ascending : true }))}
        >
          {HEADER_BREAKS[column.key] ? (
            <>
              <span aria-hidden="true">{HEADER_BREAKS[column.key]}</span>
              <span className="usa-sr-only">{column.label}</span>
            </>
          ) : (
            column.label
          )}
          <span aria-hidden="true">{active ? (sort!.ascending ? ' ▲' : ' ▼') : ''}</span>
          <span className="usa-sr-only">{active ? ` (sorted ${sort!.ascending ? 'ascending' : 'descending'})` : ' (sort)'}</span>
        </Button>
      </th>
    );
  };

  return (
    <>
      <Summary totals={totals} from={period.from} to={period.to} through={through} />
      <p className="epa-how-counted" id="epa-how-counted">
        Advisories, closures and their days are counted within each program’s swim season, as EPA BEACON counts beach days: an action
        counts from the day it takes effect through the day it is lifted, and at the latest through the season’s last day; it does not run
        on through the winter. A status set after the season ended was never posted and is not counted. Days under an action during
        pre-season sampling, before the swim season starts, are in their own column and not in the percentage.
      </p>
      <div className="epa-actions">
        <Button type="button" outline onClick={() => downloadCsv(report, rows)}>
          Download CSV
        </Button>
        <PhoneSort sort={sort} onSort={setSort} />
      </div>
      <div className={`epa-table-scroll ${CARD_ROWS.scroll}`} tabIndex={0} role="region" aria-labelledby="epa-table-caption" aria-describedby="epa-how-counted">
        <table className={`usa-table usa-table--compact epa-table ${CARD_ROWS.table}`}>
          <caption id="epa-table-caption">
            {`${totals.beaches} beach${totals.beaches === 1 ? '' : 'es'}, ${period.from} to ${period.to}${through}`}
          </caption>
          <thead>
            <tr>{TABLE_COLUMNS.map(header)}</tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.beach_station_id} data-station={row.beach_station_id}>
                <th scope="row">
                  <span className="text-bold">{row.beach_name}</span>
                  <span className="epa-table__minor">
                    {row.station_name}
                    {row.epa_beach_id ? ` · EPA ${row.epa_beach_id}` : ''}
                  </span>
                </th>
                <td data-label="Program">{row.program_abbv}</td>
                <td data-label="County">{row.county}</td>
                <td data-label="Municipality">{row.municipality}</td>
                <td data-label="Monitored">{row.monitored ? 'Yes' : 'No'}</td>
                {TABLE_COLUMNS.filter((c) => c.numeric).map((c) => (
                  <td key={c.key} className="epa-table__number" data-label={c.label}>
                    {c.key === 'percent_under_action' ? percent(row.percent_under_action) : count(Number(row[c.key as keyof EpaReportBeach]))}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="epa-table__totals">
              <th scope="row">Total ({count(totals.beaches)} beaches)</th>
              <td className="epa-table__blank" />
              <td className="epa-table__blank" />
              <td className="epa-table__blank" />
              <td data-label="Monitored">{count(totals.beaches_monitored)}</td>
              {TABLE_COLUMNS.filter((c) => c.numeric).map((c) => (
                <td key={c.key} className="epa-table__number" data-label={c.label}>
                  {c.key === 'percent_under_action' ? percent(totals.percent_under_action) : count(Number(totals[c.key as keyof EpaReportTotals]))}
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
      </div>
    </>
  );
}

/**
 * On a phone the table is one card per beach (card-rows) and its sortable headers are out of sight: the same sort
 * is offered there as a column and an order to choose (issue 28). Hidden on wider screens, where the headers sort.
 */
function PhoneSort({ sort, onSort }: { sort: Sort | null; onSort: (sort: Sort | null) => void }) {
  return (
    <div className="epa-phone-sort">
      <SelectField
        id="epa-sort-by"
        label="Sort by"
        value={sort?.key ?? ''}
        emptyLabel="- Report order -"
        options={TABLE_COLUMNS.map((c) => ({ value: c.key, label: c.label }))}
        onChange={(key) => onSort(key ? { key: key as EpaReportColumnKey, ascending: sort?.ascending ?? true } : null)}
      />
      <SelectField
        id="epa-sort-order"
        label="Order"
        value={sort && !sort.ascending ? 'descending' : 'ascending'}
        options={[
          { value: 'ascending', label: 'Ascending' },
          { value: 'descending', label: 'Descending' },
        ]}
        onChange={(order) => sort && onSort({ key: sort.key, ascending: order === 'ascending' })}
        disabled={!sort}
      />
    </div>
  );
}

function Summary({ totals, from, to, through }: { totals: EpaReportTotals; from: string; to: string; through: string }) {
  return (
    <dl className="epa-summary" aria-label={`Totals, ${from} to ${to}${through}`}>
      <div>
        <dt>Beaches monitored</dt>
        <dd>
          {count(totals.beaches_monitored)} of {count(totals.beaches)}
        </dd>
      </div>
      <div>
        <dt>Samples</dt>
        <dd>{count(totals.samples)}</dd>
      </div>
      <div>
        <dt>Exceedances</dt>
        <dd>{count(totals.exceedances)}</dd>
      </div>
      <div>
        <dt>Advisories / days in season</dt>
        <dd>
          {count(totals.advisories)} / {count(totals.advisory_days)}
        </dd>
      </div>
      <div>
        <dt>Closures / days in season</dt>
        <dd>
          {count(totals.closures)} / {count(totals.closure_days)}
        </dd>
      </div>
      <div>
        <dt>Beach-days under action</dt>
        <dd>{percent(totals.percent_under_action)}</dd>
      </div>
    </dl>
  );
}
