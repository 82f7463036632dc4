import { useMemo } from 'react';
import { Loading } from '../../components/Loading';
import { LoadFailed } from '../../components/QueryState';
import { formatDate, usePublicText, type Language } from '../../i18n';
import { PLOT_WIDTH, binOf, colourBins, project, thin, type ColourBin } from './aircraft-plot';
import { useAircraftReadingQuery, type AircraftKind, type AircraftReading } from './api';
import '../../i18n/page-text';

const DRAWN_POINTS = 1500;
const TABLE_ROWS = 100;

/** The aircraft chlorophyll and phycocyanin readings of the latest survey flight (SPEC 1, 7). */
export function AircraftReadings() {
  const { t } = usePublicText();
  return (
    <section aria-labelledby="aircraft-heading" className="margin-bottom-4">
      <h2 id="aircraft-heading">{t('aircraft.heading')}</h2>
      <p>{t('aircraft.intro')}</p>
      <div className="grid-row grid-gap-lg">
        <div className="desktop:grid-col-6">
          <AircraftReadingPanel kind="chlorophyll" />
        </div>
        <div className="desktop:grid-col-6">
          <AircraftReadingPanel kind="phycocyanin" />
        </div>
      </div>
    </section>
  );
}

function AircraftReadingPanel({ kind }: { kind: AircraftKind }) {
  const { t, language } = usePublicText();
  const query = useAircraftReadingQuery(kind);
  const name = t(`aircraft.${kind}`);
  const reading = query.data;
  return (
    <section aria-labelledby={`aircraft-${kind}-heading`} className="aircraft-panel">
      <h3 id={`aircraft-${kind}-heading`}>{name}</h3>
      {query.isLoading ? (
        <Loading label={t('common.loading')} />
      ) : query.isError || !reading ? (
        <LoadFailed message={`${t('aircraft.unavailable')} ${t('common.loadFailed')}`} onRetry={() => void query.refetch()} />
      ) : !reading.available ? (
        <div className="usa-alert usa-alert--warning usa-alert--slim">
          <div className="usa-alert__body">
            <p className="usa-alert__text">
              {t('aircraft.unavailable')} {reading.message}{' '}
              <button type="button" className="usa-button usa-button--unstyled" onClick={() => void query.refetch()}>
                {t('common.retry')}
              </button>
            </p>
          </div>
        </div>
      ) : reading.points.length === 0 ? (
        <p>{t('aircraft.noPoints')}</p>
      ) : (
        <TrackPlot kind={kind} name={name} reading={reading} language={language} />
      )}
    </section>
  );
}

function formatValue(value: number, language: Language): string {
  return new Intl.NumberFormat(language === 'es' ? 'es-US' : 'en-US', { maximumFractionDigits: 2 }).format(value);
}

function formatTime(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language === 'es' ? 'es-US' : 'en-US', {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'America/New_York',
    timeZoneName: 'short',
  }).format(date);
}

interface TrackPlotProps {
  kind: AircraftKind;
  name: string;
  reading: AircraftReading;
  language: Language;
}

/** The flight track as points coloured by concentration, its legend, and the same readings as a table. */
function TrackPlot({ kind, name, reading, language }: TrackPlotProps) {
  const { t } = usePublicText();
  const unit = reading.unit ?? '';
  const { bins, drawn, height } = useMemo(() => {
    const bins = colourBins(reading.points.map((p) => p.value));
    const projected = project(thin(reading.points, DRAWN_POINTS));
    return { bins, drawn: projected.points, height: projected.height };
  }, [reading.points]);
  const tableRows = useMemo(() => thin(reading.points, TABLE_ROWS), [reading.points]);
  const date = reading.flight_date ? formatDate(reading.flight_date, language) : t('common.dateUnknown');
  const range = (bin: ColourBin) => `${formatValue(bin.from, language)} – ${formatValue(bin.to, language)}`;
  const label = t('aircraft.plotLabel', {
    name,
    date,
    count: reading.points.length,
    min: formatValue(bins[0]!.from, language),
    max: formatValue(bins[bins.length - 1]!.to, language),
    unit,
  });

  return (
    <>
      <p className="margin-top-0">{t('aircraft.flightOf', { date })}</p>
      <svg
        className="aircraft-plot"
        viewBox={`0 0 ${PLOT_WIDTH} ${height.toFixed(0)}`}
        role="img"
        aria-label={label}
        preserveAspectRatio="xMidYMid meet"
      >
        <rect width={PLOT_WIDTH} height={height} fill="#f0f0f0" />
        <polyline
          points={drawn.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ')}
          fill="none"
          stroke="#a9aeb1"
          strokeWidth={1}
        />
        {bins.map((bin, index) => (
          <g key={bin.colour} fill={bin.colour} stroke="#1b1b1b" strokeWidth={0.3}>
            {drawn
              .filter((p) => binOf(p.value, bins) === index)
              .map((p, i) => (
                <circle key={i} cx={p.x.toFixed(1)} cy={p.y.toFixed(1)} r={3} />
              ))}
          </g>
        ))}
        <g aria-hidden="true" fill="#1b1b1b">
          <text x={PLOT_WIDTH - 20} y={20} textAnchor="middle" fontSize={14} fontWeight="bold">
            {t('aircraft.north')}
          </text>
          <path d={`M${PLOT_WIDTH - 20} 24 l-6 12 h12 z`} />
        </g>
      </svg>
      <figure className="margin-x-0 margin-y-1">
        <figcaption className="text-bold font-body-xs">{t('aircraft.legend', { unit })}</figcaption>
        <ul className="aircraft-legend usa-list--unstyled">
          {bins.map((bin) => (
            <li key={bin.colour}>
              <span className="aircraft-legend__swatch" style={{ background: bin.colour }} aria-hidden="true" />
              {range(bin)}
            </li>
          ))}
        </ul>
      </figure>
      <details className="aircraft-table">
        <summary>{t('aircraft.showTable')}</summary>
        <div className="usa-table-container--scrollable" tabIndex={0}>
          <table className="usa-table usa-table--compact usa-table--striped">
            <caption>{t('aircraft.tableCaption', { name, shown: tableRows.length, count: reading.points.length })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('aircraft.time')}</th>
                <th scope="col">{t('aircraft.latitude')}</th>
                <th scope="col">{t('aircraft.longitude')}</th>
                <th scope="col">{t('aircraft.value', { unit })}</th>
              </tr>
            </thead>
            <tbody>
              {tableRows.map((p, i) => (
                <tr key={`${kind}-${i}`}>
                  <td>{formatTime(p.time, language)}</td>
                  <td>{p.lat.toFixed(4)}</td>
                  <td>{p.lon.toFixed(4)}</td>
                  <td>{formatValue(p.value, language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </>
  );
}
