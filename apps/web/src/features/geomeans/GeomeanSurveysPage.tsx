import { Fragment, useState } from 'react';
import { Button, TextInput } from '@trussworks/react-uswds';
import { errorMessage, toApiError } from '../../components/api-errors';
import { Field } from '../../components/Field';
import { LoadError } from '../../components/LoadError';
import { Loading } from '../../components/Loading';
import { Pager } from '../../components/Pager';
import { ScreenPage } from '../../components/ScreenPage';
import { useGetProgramGeomeansQuery, useGetStationGeomeanQuery } from './api';
import { AsOfNote, useAsOfDay } from './AsOfDay';
import { AsOfForm } from './AsOfForm';
import { ProgramGate } from './program-choice';
import { HeaderText } from './HeaderText';
import type { ProgramGeomeans } from '@beach/domain';
import { formatGeomean, windowText, WindowMark } from './WindowMark';
import './geomeans.css';

const PAGE_SIZE = 25;
const SAVED_PAGE_SIZE = 10;

/** Geomean Surveys (/portal/beaches/geomeans): every station's 30-day geometric mean and the stored surveys. */
export default function GeomeanSurveysPage() {
  return (
    <ScreenPage title="Geomean Surveys" description="The geometric mean of each station’s samples over 30 days, against the program’s geomean threshold.">
      <ProgramGate route="/portal/beaches/geomeans">{(programId) => <Surveys key={programId} programId={programId} />}</ProgramGate>
    </ScreenPage>
  );
}

type Show = 'ALL' | 'EXCEEDS' | 'PASSES' | 'FEW';

function Surveys({ programId }: { programId: number }) {
  const day = useAsOfDay(programId);
  const asOf = day.asOf;
  const data = useGetProgramGeomeansQuery({ programId, date: asOf || undefined }, { skip: day.loading });
  if (day.loading) return <Loading label="Finding the program’s last sampled day…" />;
  return (
    <>
      <AsOfForm key={asOf} value={asOf} onApply={day.choose} />
      <AsOfNote day={day} />
      {data.isLoading ? (
        <Loading label="Loading the geomeans…" />
      ) : data.isError || !data.data ? (
        <LoadError
          message={`The geomeans could not be loaded. ${data.error ? errorMessage(toApiError(data.error), '') : ''}`.trim()}
          onRetry={() => void data.refetch()}
        />
      ) : (
        <SurveyTables data={data.data} asOf={asOf} />
      )}
    </>
  );
}

function SurveyTables({ data, asOf }: { data: ProgramGeomeans; asOf: string }) {
  const [search, setSearch] = useState('');
  const [show, setShow] = useState<Show>('ALL');
  const [page, setPage] = useState(1);
  const [savedPage, setSavedPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);

  const needle = search.trim().toLowerCase();
  const matching = data.stations.filter(
    (s) =>
      (!needle || s.station_name.toLowerCase().includes(needle) || s.beach_name.toLowerCase().includes(needle)) &&
      (show === 'ALL' || (show === 'EXCEEDS' ? s.exceeds === true : show === 'PASSES' ? s.pass === true : s.pass === null)),
  );
  const pages = Math.max(1, Math.ceil(matching.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  const shown = matching.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
  const counts = {
    EXCEEDS: data.stations.filter((s) => s.exceeds === true).length,
    PASSES: data.stations.filter((s) => s.pass === true).length,
    FEW: data.stations.filter((s) => s.pass === null).length,
  };
  const savedShown = data.saved.slice((savedPage - 1) * SAVED_PAGE_SIZE, savedPage * SAVED_PAGE_SIZE);

  return (
    <>
      <HeaderText data={data} />
      <h2>Stations</h2>
      <p>
        {counts.EXCEEDS} exceed the threshold, {counts.PASSES} pass, {counts.FEW} have too few samples.
      </p>
      <div className="geomean-filters">
        <Field id="geomean-search" label="Find a station" className="margin-top-0">
          {(a11y) => (
            <TextInput
              {...a11y}
              name="geomean-search"
              type="text"
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                setPage(1);
              }}
            />
          )}
        </Field>
        <Field id="geomean-show" label="Show" className="margin-top-0">
          {(a11y) => (
            <select
              {...a11y}
              className="usa-select"
              value={show}
              onChange={(e) => {
                setShow(e.target.value as Show);
                setPage(1);
              }}
            >
              <option value="ALL">All stations ({data.stations.length})</option>
              <option value="EXCEEDS">Exceeding the threshold ({counts.EXCEEDS})</option>
              <option value="PASSES">Passing ({counts.PASSES})</option>
              <option value="FEW">Too few samples ({counts.FEW})</option>
            </select>
          )}
        </Field>
      </div>
      {matching.length === 0 ? (
        <p>No station matches.</p>
      ) : (
        <div className="usa-table-container--scrollable" tabIndex={0} role="region" aria-label="Station geomeans">
          <table className="usa-table usa-table--compact geomean-table">
            <caption className="usa-sr-only">30-day geomean of each station ending {data.as_of}</caption>
            <thead>
              <tr>
                <th scope="col">Station</th>
                <th scope="col">Window</th>
                <th scope="col">Samples</th>
                <th scope="col">Geomean</th>
                <th scope="col">Against the threshold</th>
                <th scope="col">Samples used</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((s) => (
                <Fragment key={s.beach_station_id}>
                  <tr>
                    <th scope="row" className="geomean-table__station">
                      <span className="display-block">{s.station_name}</span>
                      <span className="font-sans-3xs text-base-dark">{s.station_type === 'BRACKET' ? 'Bracket' : 'Primary'}</span>
                    </th>
                    <td>{windowText(s.start_date, s.end_date)}</td>
                    <td>{s.count}</td>
                    <td className="text-bold">{formatGeomean(s.geomean)}</td>
                    <td>
                      <WindowMark window={s} threshold={data.threshold} minSamples={data.min_samples} />
                    </td>
                    <td>
                      <Button
                        type="button"
                        unstyled
                        aria-expanded={open === s.beach_station_id}
                        aria-controls={`samples-${s.beach_station_id}`}
                        aria-label={`${open === s.beach_station_id ? 'Hide' : 'Show'} the samples of ${s.station_name}`}
                        onClick={() => setOpen(open === s.beach_station_id ? null : s.beach_station_id)}
                      >
                        {open === s.beach_station_id ? 'Hide' : 'Show'}
                      </Button>
                    </td>
                  </tr>
                  {open === s.beach_station_id && (
                    <tr id={`samples-${s.beach_station_id}`}>
                      <td colSpan={6}>
                        <StationSamples stationId={s.beach_station_id} stationName={s.station_name} asOf={asOf} />
                      </td>
                    </tr>
                  )}
                </Fragment>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={current} pageSize={PAGE_SIZE} total={matching.length} onPage={setPage} label="Station pages" />

      <h2 className="margin-top-5">Saved geomean surveys</h2>
      {data.saved.length === 0 ? (
        <p>No geomean survey of this program has been saved yet. Rolling Geomeans saves them.</p>
      ) : (
        <>
          <div className="usa-table-container--scrollable" tabIndex={0} role="region" aria-label="Saved geomean surveys">
            <table className="usa-table usa-table--compact geomean-table">
              <caption className="usa-sr-only">Saved geomean surveys, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Station</th>
                  <th scope="col">Window ends</th>
                  <th scope="col">Samples</th>
                  <th scope="col">Geomean</th>
                  <th scope="col">Result</th>
                  <th scope="col">Kind</th>
                  <th scope="col">Saved by</th>
                </tr>
              </thead>
              <tbody>
                {savedShown.map((s) => (
                  <tr key={s.geomean_survey_id}>
                    <th scope="row">{s.station_name}</th>
                    <td>{s.end_date}</td>
                    <td>{s.sample_count}</td>
                    <td>{formatGeomean(s.geomean)}</td>
                    <td>
                      <WindowMark
                        window={{ start_date: '', end_date: s.end_date, count: s.sample_count, geomean: s.geomean, pass: s.pass, exceeds: s.pass === null ? null : !s.pass }}
                        threshold={s.threshold}
                        minSamples={data.min_samples}
                      />
                    </td>
                    <td>{s.is_rolling ? 'Rolling' : 'Survey'}</td>
                    <td>
                      {s.created_by_name ?? '—'}
                      <span className="display-block font-sans-3xs text-base-dark">{new Date(s.created_at).toLocaleString('en-US')}</span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={savedPage} pageSize={SAVED_PAGE_SIZE} total={data.saved.length} onPage={setSavedPage} label="Saved survey pages" />
        </>
      )}
    </>
  );
}

function StationSamples({ stationId, stationName, asOf }: { stationId: number; stationName: string; asOf: string }) {
  const detail = useGetStationGeomeanQuery({ stationId, date: asOf || undefined });
  if (detail.isLoading) return <Loading label={`Loading the samples of ${stationName}…`} />;
  if (detail.isError || !detail.data) {
    return <LoadError message={`The samples of ${stationName} could not be loaded.`} onRetry={() => void detail.refetch()} />;
  }
  const d = detail.data;
  if (d.samples.length === 0) return <p className="margin-0">No verified sample in the window.</p>;
  return (
    <table className="usa-table usa-table--borderless usa-table--compact margin-0 geomean-samples">
      <caption>
        Verified samples of {stationName}, {d.survey.start_date} to {d.survey.end_date}
      </caption>
      <thead>
        <tr>
          <th scope="col">Sample date</th>
          <th scope="col">Reported</th>
          <th scope="col">Counted as</th>
        </tr>
      </thead>
      <tbody>
        {d.samples.map((s) => (
          <tr key={s.result_id}>
            <th scope="row">{s.sample_date}</th>
            <td>
              {s.remark_code ? `${s.remark_code} ` : ''}
              {s.value ?? 'no value'}
            </td>
            <td>{s.counted_value ?? 'not counted'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
