import { useState } from 'react';
import { Alert, Button, Table } from '@trussworks/react-uswds';
import { MUNICIPALITY_TYPE_NAMES, PLACE_CODES, PLACES_CSV_COLUMNS, placesLoadResponse, placesLoadSchema } from '@beach/domain';
import { errorMessage, toApiError } from '../../components/api-errors';
import { Field } from '../../components/Field';
import { Loading } from '../../components/Loading';
import { useLoadPlacesMutation, type PlacesLoadReport } from './api';
import { countyTitle, plural } from './place-words';

/** How many of the places a load would add are listed by name. */
export const NEW_PLACES_SHOWN = 50;
/** How many line errors and conflicts are listed (a wrong file can have one per line). */
const PROBLEMS_SHOWN = 200;

const OUTCOME_NAMES = { new: 'New', unchanged: 'Unchanged', conflicting: 'Conflicting' } as const;

interface ChosenFile {
  name: string;
  csv: string;
}

const loadLabel = (report: PlacesLoadReport) =>
  `Load ${plural(report.counts.counties.new, 'county', 'counties')} and ${plural(report.counts.municipalities.new, 'municipality', 'municipalities')}`;

/** Why the load button is off, in words; null when it can load. */
function blocked(report: PlacesLoadReport): string | null {
  const conflicts = report.counts.counties.conflicting + report.counts.municipalities.conflicting;
  if (report.errors.length > 0) {
    return `Nothing can be loaded while ${plural(report.errors.length, 'line has an error', 'lines have errors')}${conflicts ? ` and ${plural(conflicts, 'place conflicts', 'places conflict')} with the stored ones` : ''}: correct the file and choose it again.`;
  }
  if (conflicts > 0) {
    return `Nothing can be loaded while ${plural(conflicts, 'place conflicts', 'places conflict')} with the stored ones: correct the file (or the stored place above) and choose the file again.`;
  }
  if (report.counts.counties.new + report.counts.municipalities.new === 0) return 'Nothing to load: every place in the file is already stored.';
  return null;
}

/**
 * Load places from a CSV file: the browser reads the file, the server checks it (a dry run that writes
 * nothing) and reports what is new, unchanged and conflicting; the load itself is all or nothing.
 */
export function PlacesLoad() {
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [report, setReport] = useState<PlacesLoadReport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [working, setWorking] = useState<'check' | 'apply' | null>(null);
  // A new key empties the file input after a load, so the same file can be chosen (and checked) again.
  const [inputKey, setInputKey] = useState(0);
  const [load] = useLoadPlacesMutation();

  const check = async (chosen: ChosenFile) => {
    setWorking('check');
    try {
      setReport(await load({ csv: chosen.csv, apply: false, file_name: chosen.name }).unwrap());
    } catch (thrown) {
      setFailure(errorMessage(toApiError(thrown), 'The file could not be checked.'));
    } finally {
      setWorking(null);
    }
  };

  const choose = async (picked: File | null) => {
    setReport(null);
    setFailure(null);
    setDone(null);
    setFile(null);
    if (!picked) return;
    const chosen = { name: picked.name, csv: await picked.text() };
    const input = placesLoadSchema.safeParse({ csv: chosen.csv, apply: false, file_name: chosen.name });
    if (!input.success) {
      setFailure(input.error.issues[0]?.message ?? 'The file cannot be read.');
      return;
    }
    setFile(chosen);
    await check(chosen);
  };

  const apply = async () => {
    if (!file || !report) return;
    setFailure(null);
    setWorking('apply');
    try {
      const applied = await load({ csv: file.csv, apply: true, file_name: file.name }).unwrap();
      setDone(
        `Loaded ${plural(applied.counts.counties.new, 'county', 'counties')} and ${plural(applied.counts.municipalities.new, 'municipality', 'municipalities')} from ${file.name}.`,
      );
      setReport(null);
      setFile(null);
      setInputKey((k) => k + 1);
    } catch (thrown) {
      const error = toApiError(thrown);
      // 422 PLACES_LOAD_REFUSED carries the report as it stands now: show what changed since the check.
      const refused = error.code === PLACE_CODES.PLACES_LOAD_REFUSED ? placesLoadResponse.safeParse(error.payload) : null;
      if (refused?.success) setReport(refused.data);
      setFailure(errorMessage(error, 'The places could not be loaded.'));
    } finally {
      setWorking(null);
    }
  };

  return (
    <section className="places-load margin-top-6" aria-labelledby="places-load-heading">
      <h2 id="places-load-heading">Load places from a file</h2>
      <p className="maxw-tablet-lg">
        A CSV file whose first line names the columns {PLACES_CSV_COLUMNS.map((c, i) => (
          <span key={c}>
            {i > 0 && (i === PLACES_CSV_COLUMNS.length - 1 ? ' and ' : ', ')}
            <code>{c}</code>
          </span>
        ))}
        . A line with only a county and its FIPS code adds the county; code and type are optional. The samples{' '}
        <code>docs/places/nj-counties.csv</code> and <code>docs/places/nj-demo-municipalities.csv</code> show the format. The file is
        checked first: nothing is stored until you load it.
      </p>
      {done && (
        <Alert type="success" headingLevel="h3" slim role="status">
          {done}
        </Alert>
      )}
      <div className="maxw-mobile-lg">
        <Field id="places-file" label="Places file" hint="A .csv file, up to 2 MB.">
          {(a11y) => (
            <input
              {...a11y}
              key={inputKey}
              className="usa-file-input places-load__file"
              type="file"
              name="places-file"
              accept=".csv,text/csv"
              disabled={working !== null}
              onChange={(event) => void choose(event.target.files?.[0] ?? null)}
            />
          )}
        </Field>
      </div>
      {working === 'check' && <Loading label={`Checking ${file?.name ?? 'the file'}…`} />}
      {failure && (
        <Alert type="error" headingLevel="h3" slim role="alert">
          {failure}
        </Alert>
      )}
      {report && <LoadReport report={report} busy={working === 'apply'} onApply={() => void apply()} />}
    </section>
  );
}

function LoadReport({ report, busy, onApply }: { report: PlacesLoadReport; busy: boolean; onApply: () => void }) {
  const reason = blocked(report);
  const conflicts = [
    ...report.counties.filter((c) => c.outcome === 'conflicting').map((c) => ({ line: c.line, place: countyTitle(c.name), reason: c.reason })),
    ...report.municipalities
      .filter((m) => m.outcome === 'conflicting')
      .map((m) => ({ line: m.line, place: `${m.name} (${countyTitle(m.county)})`, reason: m.reason })),
  ].sort((a, b) => a.line - b.line);
  const errors = [...report.errors].sort((a, b) => a.line - b.line);
  const added = [
    ...report.counties.filter((c) => c.outcome === 'new').map((c) => ({ key: `c${c.line}`, text: `${countyTitle(c.name)} (FIPS ${c.fips})` })),
    ...report.municipalities
      .filter((m) => m.outcome === 'new')
      .map((m) => {
        const details = [m.type ? MUNICIPALITY_TYPE_NAMES[m.type] : null, m.code ? `code ${m.code}` : null].filter(Boolean).join(', ');
        return { key: `m${m.line}`, text: `${m.name}, ${countyTitle(m.county)}${details ? ` (${details})` : ''}` };
      }),
  ];

  return (
    <div className="places-report margin-top-3">
      <h3 className="margin-bottom-1">
        {report.applied ? 'Loaded' : 'Check of'} {report.file_name ?? 'the file'}
      </h3>
      {!report.applied && <p className="margin-top-0">Nothing has been stored yet.</p>}
      <div className="overflow-x-auto">
        <Table bordered compact caption="What the file holds" className="places-report__counts">
          <thead>
            <tr>
              <th scope="col">Places</th>
              <th scope="col">Counties</th>
              <th scope="col">Municipalities</th>
            </tr>
          </thead>
          <tbody>
            {(['new', 'unchanged', 'conflicting'] as const).map((outcome) => (
              <tr key={outcome}>
                <th scope="row">{OUTCOME_NAMES[outcome]}</th>
                <td>{report.counts.counties[outcome]}</td>
                <td>{report.counts.municipalities[outcome]}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>

      {errors.length > 0 && (
        <div className="overflow-x-auto">
          <Table bordered compact fullWidth caption={`Lines with errors (${errors.length})`}>
            <thead>
              <tr>
                <th scope="col">Line</th>
                <th scope="col">Problem</th>
              </tr>
            </thead>
            <tbody>
              {errors.slice(0, PROBLEMS_SHOWN).map((e, i) => (
                <tr key={`${e.line}-${i}`}>
                  <td>{e.line}</td>
                  <td>{e.message}</td>
                </tr>
              ))}
            </tbody>
          </Table>
          {errors.length > PROBLEMS_SHOWN && <p>and {errors.length - PROBLEMS_SHOWN} more.</p>}
        </div>
      )}

      {conflicts.length > 0 && (
        <div className="overflow-x-auto">
          <Table bordered compact fullWidth caption={`Conflicting places (${conflicts.length})`}>
            <thead>
              <tr>
                <th scope="col">Line</th>
                <th scope="col">Place</th>
                <th scope="col">Why</th>
              </tr>
            </thead>
            <tbody>
              {conflicts.slice(0, PROBLEMS_SHOWN).map((c) => (
                <tr key={`${c.line}-${c.place}`}>
                  <td>{c.line}</td>
                  <td>{c.place}</td>
                  <td>{c.reason ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </Table>
          {conflicts.length > PROBLEMS_SHOWN && <p>and {conflicts.length - PROBLEMS_SHOWN} more.</p>}
        </div>
      )}

      {added.length > 0 && (
        <>
          <h4 className="margin-bottom-1">{report.applied ? 'Added' : 'Would be added'} ({added.length})</h4>
          <ul className="places-report__new">
            {added.slice(0, NEW_PLACES_SHOWN).map((a) => (
              <li key={a.key}>{a.text}</li>
            ))}
          </ul>
          {added.length > NEW_PLACES_SHOWN && <p className="margin-top-1">and {added.length - NEW_PLACES_SHOWN} more.</p>}
        </>
      )}

      {!report.applied && (
        <div className="margin-top-3">
          <Button type="button" disabled={busy || reason !== null} aria-describedby={reason ? 'places-load-blocked' : undefined} onClick={onApply}>
            {busy ? 'Loading…' : loadLabel(report)}
          </Button>
          {reason && (
            <p id="places-load-blocked" className="margin-top-1 text-bold">
              {reason}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
