import '../../styles/uswds/content.scss';
import { compareNames } from '@beach/domain/names';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { PublicPage } from '../../components/PublicPage';
import { LoadFailed, QueryState } from '../../components/QueryState';
import { SelectField, type SelectOption } from '../../components/SelectField';
import { CONTENT_LANGUAGE, formatDate, usePublicText } from '../../i18n';
import { usePublicReportsQuery, useReportFilterOptionsQuery, type Report, type ReportFilter } from './api';
import '../../i18n/page-text';

const FILTER_KEYS = ['program', 'county', 'municipality', 'beach'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];

/** What choosing a value clears: a county its municipality and beach, a municipality or program its beach. */
const CLEARS: Record<FilterKey, readonly FilterKey[]> = {
  program: ['beach'],
  county: ['municipality', 'beach'],
  municipality: ['beach'],
  beach: [],
};

function readFilter(params: URLSearchParams): ReportFilter {
  const filter: ReportFilter = {};
  for (const key of FILTER_KEYS) {
    const value = Number(params.get(key));
    if (Number.isInteger(value) && value > 0) filter[key] = value;
  }
  return filter;
}

const byLabel = (a: SelectOption, b: SelectOption) => compareNames(a.label, b.label);

/** Reports (/reports-and-publications): reports and publications, filtered by program and place, with their files. */
export default function ReportsPage() {
  const { t } = usePublicText();
  const [params, setParams] = useSearchParams();
  const filter = readFilter(params);
  const reports = usePublicReportsQuery(filter);
  const options = useReportFilterOptionsQuery();

  const lists = useMemo(() => {
    const data = options.data;
    if (!data) return null;
    const { programs, counties, municipalities } = data.filters;
    return {
      programs: programs.map((p) => ({ value: String(p.program_id), label: p.name })).sort(byLabel),
      counties: counties.map((c) => ({ value: String(c.county_id), label: c.name })).sort(byLabel),
      municipalities: municipalities
        .filter((m) => m.county_id === filter.county)
        .map((m) => ({ value: String(m.municipality_id), label: m.name }))
        .sort(byLabel),
      beaches: data.beachList
        .filter(
          (b) =>
            (filter.program === undefined || b.program.program_id === filter.program) &&
            (filter.county === undefined || b.municipality.county_id === filter.county) &&
            (filter.municipality === undefined || b.municipality.municipality_id === filter.municipality),
        )
        .map((b) => ({ value: String(b.beach_station_id), label: b.station_name }))
        .sort(byLabel),
    };
  }, [options.data, filter.program, filter.county, filter.municipality]);

  const choose = (key: FilterKey, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    for (const cleared of CLEARS[key]) next.delete(cleared);
    setParams(next, { replace: true });
  };

  const items = reports.data ?? [];
  const chosen = FILTER_KEYS.some((key) => filter[key] !== undefined);

  return (
    <PublicPage title={t('reports.title')} intro={t('reports.intro')}>
      <section aria-labelledby="report-filters-heading" className="report-filters">
        <h2 id="report-filters-heading" className="usa-sr-only">
          {t('reports.filters')}
        </h2>
        {options.isError ? (
          <LoadFailed message={t('common.loadFailed')} onRetry={() => void options.refetch()} />
        ) : (
          <div className="grid-row grid-gap">
            <div className="tablet:grid-col-6 desktop:grid-col-3">
              <SelectField
                id="report-program"
                label={t('reports.program')}
                value={params.get('program') ?? ''}
                emptyLabel={t('reports.allPrograms')}
                options={lists?.programs ?? []}
                disabled={!lists}
                onChange={(value) => choose('program', value)}
              />
            </div>
            <div className="tablet:grid-col-6 desktop:grid-col-3">
              <SelectField
                id="report-county"
                label={t('reports.county')}
                value={params.get('county') ?? ''}
                emptyLabel={t('reports.allCounties')}
                options={lists?.counties ?? []}
                disabled={!lists}
                onChange={(value) => choose('county', value)}
              />
            </div>
            <div className="tablet:grid-col-6 desktop:grid-col-3">
              <SelectField
                id="report-municipality"
                label={t('reports.municipality')}
                value={params.get('municipality') ?? ''}
                emptyLabel={t('reports.allMunicipalities')}
                options={lists?.municipalities ?? []}
                disabled={!lists || filter.county === undefined}
                hint={filter.county === undefined ? t('reports.municipalityHint') : undefined}
                onChange={(value) => choose('municipality', value)}
              />
            </div>
            <div className="tablet:grid-col-6 desktop:grid-col-3">
              <SelectField
                id="report-beach"
                label={t('reports.beach')}
                value={params.get('beach') ?? ''}
                emptyLabel={t('reports.allBeaches')}
                options={lists?.beaches ?? []}
                disabled={!lists}
                onChange={(value) => choose('beach', value)}
              />
            </div>
          </div>
        )}
        {chosen && (
          <button type="button" className="usa-button usa-button--unstyled margin-top-2" onClick={() => setParams({}, { replace: true })}>
            {t('reports.clear')}
          </button>
        )}
      </section>

      <QueryState
        isLoading={reports.isLoading}
        error={reports.error}
        onRetry={() => void reports.refetch()}
        isEmpty={items.length === 0}
        emptyText={t('reports.empty')}
      >
        <p role="status" className="text-base-dark">
          {t('reports.count', { count: items.length })}
        </p>
        <ul className="usa-collection">
          {items.map((report) => (
            <ReportItem key={report.report_and_publication_id} report={report} />
          ))}
        </ul>
      </QueryState>
    </PublicPage>
  );
}

function ReportItem({ report }: { report: Report }) {
  const { t, language } = usePublicText();
  return (
    <li className="usa-collection__item" id={`report-${report.report_and_publication_id}`}>
      <div className="usa-collection__body">
        <h2 className="usa-collection__heading font-heading-md" lang={CONTENT_LANGUAGE}>
          {report.title}
        </h2>
        {report.description && report.description !== 'N/A' && (
          <p className="usa-collection__description" lang={CONTENT_LANGUAGE}>
            {report.description}
          </p>
        )}
        <ul className="usa-collection__meta">
          <li className="usa-collection__meta-item usa-tag">{report.is_publication ? t('reports.publication') : t('reports.report')}</li>
          {report.date && (
            <li className="usa-collection__meta-item">
              <time dateTime={report.date}>{t('reports.dated', { date: formatDate(report.date, language) })}</time>
            </li>
          )}
        </ul>
        <p className="margin-bottom-0">
          {report.upload_file ? (
            <a className="usa-link" href={report.upload_file} download={report.name ?? true}>
              {t('reports.download', { title: report.title })}
              {report.type && <span className="text-base-dark"> ({t('reports.fileType', { type: fileKind(report) })})</span>}
            </a>
          ) : report.url ? (
            <a className="usa-link usa-link--external" href={report.url} rel="noopener noreferrer">
              {t('reports.openLink', { title: report.title })}
              {report.type && <span className="text-base-dark"> ({t('reports.fileType', { type: fileKind(report) })})</span>}
            </a>
          ) : null}
        </p>
      </div>
    </li>
  );
}

/** 'PDF', 'XLSX'...: the file's extension, or the subtype of its media type. */
function fileKind(report: Report): string {
  const extension = report.name?.match(/\.([a-z0-9]+)$/i)?.[1];
  if (extension) return extension.toUpperCase();
  return (report.type?.split('/').pop() ?? '').toUpperCase();
}
