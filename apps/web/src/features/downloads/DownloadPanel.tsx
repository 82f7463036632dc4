import { useEffect, useMemo, useRef, useState } from 'react';
import { beachListFor, changeDownloadFilter, clearDownloadFilter, hasChosenFilter } from '@beach/domain/downloads/panel';
import type { DownloadFilter, DownloadType } from '@beach/domain/schemas/downloads';
import { LOCATION_TYPES, STATION_TYPES, type LocationType, type StationType } from '@beach/domain/constants';
import { compareNames } from '@beach/domain/names';
import { Loading } from '../../components/Loading';
import { SelectField, type SelectOption } from '../../components/SelectField';
import { formatDate, usePublicText, type Language } from '../../i18n';
import { useDownloadCountsQuery, useDownloadFiltersQuery, useDownloadTimeZoneQuery } from './api';
import { DOWNLOAD_FRAME_NAME, DOWNLOAD_URLS, countParams, formFields, latestPickerDate } from './filter-params';
import { RecordCount } from './RecordCount';
import '../../i18n/page-text';

/** The two downloads, in the order the panel offers them. */
export const DOWNLOAD_KINDS = ['water-quality', 'incident'] as const satisfies readonly DownloadType[];

interface DownloadPanelProps {
  /**
   * Called with the download to start when a download button is pressed; the caller may ask the visitor
   * to accept the data-use notice first, then call `start`.
   */
  beforeDownload: (start: () => void) => void;
  /** True while something (the data-use notice) is shown in the panel's place; filters are kept. */
  hidden?: boolean;
  now?: () => Date;
}

const toId = (value: string) => (value === '' ? undefined : Number(value));

/** The public data download panel (SPEC 2, 4, 5, 8): nine filters, a count per download, two downloads. */
export function DownloadPanel({ beforeDownload, hidden = false, now = () => new Date() }: DownloadPanelProps) {
  const { t, language } = usePublicText();
  const snapshot = useDownloadFiltersQuery();
  const [filter, setFilter] = useState<DownloadFilter>(clearDownloadFilter);
  const [started, setStarted] = useState(false);
  const forms = useRef<Partial<Record<DownloadType, HTMLFormElement | null>>>({});
  const lastButton = useRef<HTMLButtonElement | null>(null);

  const timeZone = useDownloadTimeZoneQuery().data;
  const maxDate = latestPickerDate(now(), timeZone);
  const tooLate = (date: string | undefined) => date !== undefined && date > maxDate;
  const datesValid = !tooLate(filter.startDate) && !tooLate(filter.endDate);

  // The count refreshes on every filter change (SPEC 4): the query's argument is the filter.
  const counts = useDownloadCountsQuery(countParams(filter), { skip: !snapshot.data || !datesValid });

  // Back from the data-use notice: focus returns to the download button that asked for it.
  useEffect(() => {
    if (!hidden) lastButton.current?.focus();
  }, [hidden]);

  const change = <F extends keyof DownloadFilter>(field: F, value: DownloadFilter[F]) => {
    setStarted(false);
    setFilter((current) => changeDownloadFilter(current, field, value));
  };

  const lists = snapshot.data;
  const beaches = useMemo(() => {
    if (!lists) return [];
    const listed = beachListFor(lists.beachList, filter);
    // A beach stays shown while chosen, even when another filter (program, dates) no longer lists it.
    const chosen = lists.beachList.find((b) => b.beach_station_id === filter.beachId);
    if (chosen && !listed.includes(chosen)) listed.push(chosen);
    return listed.sort((a, b) => compareNames(a.station_name, b.station_name));
  }, [lists, filter]);

  if (snapshot.isLoading || (snapshot.isFetching && !lists)) {
    return <Loading label={t('downloads.loadingFilters')} />;
  }
  if (snapshot.isError || !lists) {
    return (
      <div className="usa-alert usa-alert--error usa-alert--slim" role="alert">
        <div className="usa-alert__body">
          <p className="usa-alert__text">{t('downloads.filtersFailed')}</p>
          <button type="button" className="usa-button margin-top-1" onClick={() => void snapshot.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      </div>
    );
  }

  const { programs, counties, municipalities, lhas } = lists.filters;
  const byName = (a: SelectOption, b: SelectOption) => compareNames(a.label, b.label);
  const programOptions = programs.map((p) => ({ value: String(p.program_id), label: p.name })).sort(byName);
  const countyOptions = counties.map((c) => ({ value: String(c.county_id), label: c.name })).sort(byName);
  const municipalityOptions = municipalities
    .filter((m) => m.county_id === filter.county)
    .map((m) => ({ value: String(m.municipality_id), label: m.name }))
    .sort(byName);
  const lhaOptions = lhas.map((l) => ({ value: String(l.local_health_authority_id), label: l.name })).sort(byName);
  const beachOptions = beaches.map((b) => ({ value: String(b.beach_station_id), label: b.station_name }));
  // Empty until a filter is chosen (SPEC 5); then the stations that match, or a note that none do.
  const beachHint = !hasChosenFilter(filter)
    ? t('downloads.beachHint')
    : beachOptions.length === 0
      ? t('downloads.noBeaches')
      : t('downloads.beachCount', { count: beachOptions.length });

  const download = (kind: DownloadType, button: HTMLButtonElement) => {
    lastButton.current = button;
    beforeDownload(() => {
      forms.current[kind]?.submit();
      setStarted(true);
    });
  };

  const fields = formFields(filter);
  return (
    <div hidden={hidden}>
      <p>{t('downloads.intro')}</p>
      <fieldset className="usa-fieldset">
        <legend className="usa-sr-only">{t('downloads.filters')}</legend>
        <div className="grid-row grid-gap">
          <div className="tablet:grid-col-6">
            <SelectField
              id="download-program"
              label={t('downloads.program')}
              value={fields.program}
              emptyLabel={t('downloads.allPrograms')}
              options={programOptions}
              onChange={(value) => change('program', toId(value))}
            />
            <SelectField
              id="download-county"
              label={t('downloads.county')}
              value={fields.county}
              emptyLabel={t('downloads.allCounties')}
              options={countyOptions}
              onChange={(value) => change('county', toId(value))}
            />
            <SelectField
              id="download-municipality"
              label={t('downloads.municipality')}
              value={fields.municipality}
              emptyLabel={t('downloads.allMunicipalities')}
              options={municipalityOptions}
              disabled={filter.county === undefined}
              hint={filter.county === undefined ? t('downloads.municipalityHint') : undefined}
              onChange={(value) => change('municipality', toId(value))}
            />
            <SelectField
              id="download-location-type"
              label={t('downloads.locationType')}
              value={filter.locationType}
              options={LOCATION_TYPES.map((code) => ({ value: code, label: t(`downloads.locationTypes.${code}`) }))}
              onChange={(value) => change('locationType', value as LocationType)}
            />
            <SelectField
              id="download-station-type"
              label={t('downloads.stationType')}
              value={filter.stationType}
              options={STATION_TYPES.map((code) => ({ value: code, label: t(`downloads.stationTypes.${code}`) }))}
              onChange={(value) => change('stationType', value as StationType)}
            />
          </div>
          <div className="tablet:grid-col-6">
            <SelectField
              id="download-beach"
              label={t('downloads.beach')}
              value={fields.beachId}
              emptyLabel={t('downloads.allBeaches')}
              options={beachOptions}
              hint={beachHint}
              onChange={(value) => change('beachId', toId(value))}
            />
            <SelectField
              id="download-lha"
              label={t('downloads.lha')}
              value={fields.lha}
              emptyLabel={t('downloads.allLhas')}
              options={lhaOptions}
              onChange={(value) => change('lha', toId(value))}
            />
            <DateField
              id="download-start-date"
              label={t('downloads.startDate')}
              value={fields.startDate}
              max={maxDate}
              language={language}
              onChange={(value) => change('startDate', value || undefined)}
            />
            <DateField
              id="download-end-date"
              label={t('downloads.endDate')}
              value={fields.endDate}
              max={maxDate}
              language={language}
              onChange={(value) => change('endDate', value || undefined)}
            />
          </div>
        </div>
        <button
          type="button"
          className="usa-button usa-button--outline margin-top-2"
          onClick={() => {
            setStarted(false);
            setFilter(clearDownloadFilter());
          }}
        >
          {t('downloads.clearFilters')}
        </button>
      </fieldset>

      <h3 className="font-heading-md margin-top-3 margin-bottom-1">{t('downloads.counts')}</h3>
      <dl className="download-counts" aria-live="polite">
        {DOWNLOAD_KINDS.map((kind) => (
          <div key={kind} className="download-counts__item">
            <dt>{t(kind === 'water-quality' ? 'downloads.waterQuality' : 'downloads.incident')}</dt>
            <dd>
              <RecordCount
                kind={kind}
                counts={counts.currentData}
                isError={counts.isError}
                isLoading={counts.isFetching}
              />
            </dd>
          </div>
        ))}
      </dl>

      {!datesValid && (
        <p className="usa-error-message" role="alert">
          {t('downloads.fixDates')}
        </p>
      )}
      <div className="download-actions">
        <button
          type="button"
          className="usa-button"
          disabled={!datesValid}
          onClick={(event) => download('water-quality', event.currentTarget)}
        >
          {t('downloads.downloadWaterQuality')}
        </button>
        <button
          type="button"
          className="usa-button"
          disabled={!datesValid}
          onClick={(event) => download('incident', event.currentTarget)}
        >
          {t('downloads.downloadIncidents')}
        </button>
      </div>
      <p role="status" className="margin-bottom-0">
        {started ? t('downloads.started') : ''}
      </p>

      {DOWNLOAD_KINDS.map((kind) => (
        <form
          key={kind}
          ref={(form) => {
            forms.current[kind] = form;
          }}
          method="get"
          action={DOWNLOAD_URLS[kind]}
          target={DOWNLOAD_FRAME_NAME}
          hidden
          aria-hidden="true"
        >
          <input type="hidden" name="downloadType" value={kind} />
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
        </form>
      ))}
    </div>
  );
}

interface DateFieldProps {
  id: string;
  label: string;
  value: string;
  max: string;
  language: Language;
  onChange: (value: string) => void;
}

/** A native date picker limited to `max` (tomorrow); a later day typed in is flagged and not sent. */
function DateField({ id, label, value, max, language, onChange }: DateFieldProps) {
  const { t } = usePublicText();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const tooLate = value !== '' && value > max;
  const shown = formatDate(max, language);
  return (
    <div className={tooLate ? 'usa-form-group usa-form-group--error' : 'usa-form-group'}>
      <label className={tooLate ? 'usa-label usa-label--error' : 'usa-label'} htmlFor={id}>
        {label}
      </label>
      <span className="usa-hint" id={hintId}>
        {t('downloads.dateHint', { date: shown })}
      </span>
      {tooLate && (
        <span className="usa-error-message" id={errorId}>
          {t('downloads.dateTooLate', { date: shown })}
        </span>
      )}
      <input
        className={tooLate ? 'usa-input usa-input--error' : 'usa-input'}
        type="date"
        id={id}
        name={id}
        value={value}
        max={max}
        aria-invalid={tooLate || undefined}
        aria-describedby={tooLate ? `${hintId} ${errorId}` : hintId}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
