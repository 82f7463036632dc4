import { useState } from 'react';
import { Alert, Button, TextInput } from '@trussworks/react-uswds';
import { errorMessage, toApiError } from '../../components/api-errors';
import { Field } from '../../components/Field';
import { LoadError } from '../../components/LoadError';
import { Loading } from '../../components/Loading';
import { Pager } from '../../components/Pager';
import { ScreenPage } from '../../components/ScreenPage';
import { useCreateRollingGeomeanMutation, useGetRollingGeomeansQuery } from './api';
import { AsOfNote, useAsOfDay } from './AsOfDay';
import { AsOfForm } from './AsOfForm';
import { GeomeanChart } from './GeomeanChart';
import { HeaderText } from './HeaderText';
import { ProgramGate } from './program-choice';
import type { RollingGeomeans } from '@beach/domain';
import { formatGeomean, windowText, WindowMark } from './WindowMark';
import './geomeans.css';

const PAGE_SIZE = 12;

/** Rolling Geomeans (/portal/beaches/geomeans/rolling): each station's 30-day geomean over the season, saved as a survey on request. */
export default function RollingGeomeansPage() {
  return (
    <ScreenPage title="Rolling Geomeans" description="Each station’s 30-day geometric mean, window by window over the season, and the survey saved from it.">
      <ProgramGate route="/portal/beaches/geomeans/rolling">{(programId) => <Rolling key={programId} programId={programId} />}</ProgramGate>
    </ScreenPage>
  );
}

function Rolling({ programId }: { programId: number }) {
  const day = useAsOfDay(programId);
  const asOf = day.asOf;
  const data = useGetRollingGeomeansQuery({ programId, date: asOf || undefined }, { skip: day.loading });
  if (day.loading) return <Loading label="Finding the program’s last sampled day…" />;
  return (
    <>
      <AsOfForm key={asOf} value={asOf} onApply={day.choose} />
      <AsOfNote day={day} />
      {data.isLoading ? (
        <Loading label="Loading the rolling geomeans…" />
      ) : data.isError || !data.data ? (
        <LoadError
          message={`The rolling geomeans could not be loaded. ${data.error ? errorMessage(toApiError(data.error), '') : ''}`.trim()}
          onRetry={() => void data.refetch()}
        />
      ) : (
        <Stations data={data.data} asOf={asOf} />
      )}
    </>
  );
}

type Note = { ok: boolean; text: string };

function Stations({ data, asOf }: { data: RollingGeomeans; asOf: string }) {
  const [search, setSearch] = useState('');
  const [onlyExceeding, setOnlyExceeding] = useState(false);
  const [page, setPage] = useState(1);
  const [notes, setNotes] = useState<Record<number, Note>>({});
  const [busy, setBusy] = useState<number | null>(null);
  const [create] = useCreateRollingGeomeanMutation();

  const needle = search.trim().toLowerCase();
  const matching = data.stations.filter(
    (s) => (!needle || s.station_name.toLowerCase().includes(needle) || s.beach_name.toLowerCase().includes(needle)) && (!onlyExceeding || s.current.exceeds === true),
  );
  const pages = Math.max(1, Math.ceil(matching.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  const shown = matching.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);

  const save = async (stationId: number, stationName: string) => {
    setBusy(stationId);
    try {
      const saved = await create({ stationId, date: asOf || undefined }).unwrap();
      const s = saved.survey;
      const verdict = s.pass === null ? 'too few samples to pass or fail' : s.pass ? `passes (threshold ${s.threshold})` : `exceeds the threshold of ${s.threshold}`;
      setNotes((all) => ({
        ...all,
        [stationId]: { ok: true, text: `Saved the rolling geomean survey of ${stationName} ending ${s.end_date}: ${formatGeomean(s.geomean)} from ${s.sample_count} samples, ${verdict}.` },
      }));
    } catch (thrown) {
      setNotes((all) => ({ ...all, [stationId]: { ok: false, text: errorMessage(toApiError(thrown), 'The survey could not be saved.') } }));
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <HeaderText data={data} />
      {data.season ? (
        <p>
          Season {data.season.year}: sampling from {data.season.preseason_start}, swimming {data.season.start_date} to {data.season.end_date}. The charts run{' '}
          {data.from} to {data.to}.
        </p>
      ) : (
        <p>The program has no season for this date: the charts run {data.from} to {data.to}.</p>
      )}
      <div className="geomean-filters">
        <Field id="rolling-search" label="Find a station" className="margin-top-0">
          {(a11y) => (
            <TextInput
              {...a11y}
              name="rolling-search"
              type="text"
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                setPage(1);
              }}
            />
          )}
        </Field>
        <div className="usa-checkbox geomean-filters__check">
          <input
            className="usa-checkbox__input"
            id="rolling-exceeding"
            type="checkbox"
            checked={onlyExceeding}
            onChange={(e) => {
              setOnlyExceeding(e.target.checked);
              setPage(1);
            }}
          />
          <label className="usa-checkbox__label" htmlFor="rolling-exceeding">
            Only stations exceeding now ({data.stations.filter((s) => s.current.exceeds === true).length})
          </label>
        </div>
      </div>
      {matching.length === 0 ? (
        <p>No station matches.</p>
      ) : (
        <ul className="rolling-cards">
          {shown.map((s) => {
            const note = notes[s.beach_station_id];
            const headingId = `rolling-${s.beach_station_id}`;
            return (
              <li key={s.beach_station_id} className="rolling-card" aria-labelledby={headingId}>
                <h2 id={headingId} className="rolling-card__title">
                  {s.station_name}
                  <span className="display-block font-sans-3xs text-normal text-base-dark">{s.station_type === 'BRACKET' ? 'Bracket' : 'Primary'}</span>
                </h2>
                <p className="margin-y-05">
                  {s.current.count === 0 ? (
                    <>No samples {windowText(s.current.start_date, s.current.end_date)}.</>
                  ) : (
                    <>
                      Now: <strong>{formatGeomean(s.current.geomean)}</strong> from {s.current.count} {s.current.count === 1 ? 'sample' : 'samples'},{' '}
                      {windowText(s.current.start_date, s.current.end_date)}.
                    </>
                  )}
                </p>
                <p className="margin-y-05">
                  <WindowMark window={s.current} threshold={data.threshold} minSamples={data.min_samples} />
                </p>
                <GeomeanChart id={`chart-${s.beach_station_id}`} stationName={s.station_name} series={s.series} threshold={data.threshold} from={data.from} to={data.to} />
                <p className="geomean-legend" aria-hidden="true">
                  <span className="geomean-legend__threshold" /> threshold {data.threshold} · ▲ exceeds · ○ too few samples
                </p>
                <details>
                  <summary>Chart data as a table</summary>
                  {s.series.length === 0 ? (
                    <p>No samples this season.</p>
                  ) : (
                    <table className="usa-table usa-table--compact usa-table--borderless rolling-card__table">
                      <caption className="usa-sr-only">Rolling geomean windows of {s.station_name}</caption>
                      <thead>
                        <tr>
                          <th scope="col">Window ends</th>
                          <th scope="col">Samples</th>
                          <th scope="col">Geomean</th>
                          <th scope="col">Result</th>
                        </tr>
                      </thead>
                      <tbody>
                        {s.series.map((w) => (
                          <tr key={w.end_date}>
                            <th scope="row">{w.end_date}</th>
                            <td>{w.count}</td>
                            <td>{formatGeomean(w.geomean)}</td>
                            <td>{w.pass === null ? 'Too few samples' : w.exceeds ? 'Exceeds' : 'Passes'}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  )}
                </details>
                <Button
                  type="button"
                  outline
                  className="margin-top-1"
                  disabled={busy === s.beach_station_id}
                  aria-label={`Save rolling geomean survey for ${s.station_name}`}
                  onClick={() => void save(s.beach_station_id, s.station_name)}
                >
                  {busy === s.beach_station_id ? 'Saving…' : 'Save rolling geomean survey'}
                </Button>
                <div role="status" className="margin-top-1">
                  {note && (
                    <Alert type={note.ok ? 'success' : 'error'} headingLevel="h3" slim>
                      {note.text}
                    </Alert>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <Pager page={current} pageSize={PAGE_SIZE} total={matching.length} onPage={setPage} label="Station pages" />
    </>
  );
}
