import { formatDay, CONTENT_LANGUAGE, usePublicText } from '../../i18n';
import { formatGeomean, formatValue, unitName } from './format';
import { StatusMark } from './StatusMark';
import { FIRST_VIEW_ENDS } from '../../app/first-view';
import type { BeachGeomeans, PublicBeachProfile } from '@beach/domain';
import '../../i18n/page-text';

type PublicText = ReturnType<typeof usePublicText>;

interface BeachStatusSectionProps {
  profile: PublicBeachProfile;
  geomeans: BeachGeomeans | undefined;
}

/** What the season means for this beach today: ended (and when monitoring resumes) or not yet begun. */
function seasonNote(season: PublicBeachProfile['season'], { t, language }: PublicText): string | null {
  if (season.monitored) return null;
  const current = season.current_season;
  const day = (date: string) => formatDay(date, language);
  const resumes = season.next_season_start
    ? t('map.season.resumesOn', { date: day(season.next_season_start) })
    : t('map.season.resumesLater');
  // Not monitored with this year's season still ahead: the next season to start is this one.
  if (current && season.next_season_start === current.start_date) {
    return t('beach.status.seasonBegins', { year: current.year, date: day(current.preseason_start) });
  }
  if (current) {
    return t('beach.status.seasonEnded', { year: current.year, date: day(current.end_date), resumes });
  }
  return t('beach.status.notMonitored', { resumes });
}

/** The latest 30-day geomean with its sample count and period, and whether it meets its threshold. */
function geomeanText(geomeans: BeachGeomeans, unit: string, { t, language }: PublicText): string {
  const latest = geomeans.points.filter((p) => p.geomean !== null).at(-1);
  if (latest?.geomean == null) return t('beach.status.notEnough');
  const geomean = t('beach.status.geomeanValue', {
    value: formatGeomean(latest.geomean, language, t('beach.notAvailable')),
    unit,
    samples: t('beach.status.samples', { count: latest.count }),
    from: formatDay(latest.start_date, language),
    to: formatDay(latest.end_date, language),
  });
  if (latest.pass === null) return t('beach.status.unjudged', { geomean, min: geomeans.min_samples });
  return latest.pass
    ? t('beach.status.meets', { geomean, threshold: geomeans.threshold })
    : t('beach.status.above', { geomean, threshold: geomeans.threshold });
}

/** Current status with since-when and why, the last sample and the latest 30-day geomean. */
export function BeachStatusSection({ profile, geomeans }: BeachStatusSectionProps) {
  const text = usePublicText();
  const { t, language } = text;
  const { status, last_sample: last, thresholds } = profile;
  const note = seasonNote(profile.season, text);
  const unit = thresholds?.unit_name ?? (last ? unitName(last.unit) : '');
  return (
    <section className="beach-section" aria-labelledby="status-heading">
      <h2 id="status-heading">{t('beach.status.heading')}</h2>
      <div className="beach-status" style={{ borderLeftColor: status.color }}>
        <StatusMark color={status.color} symbol={status.marker_symbol} shape={status.marker_shape} size={40} />
        <div>
          <p className="beach-status__name" lang={CONTENT_LANGUAGE}>
            {status.name}
          </p>
          {status.since && <p>{t('beach.status.since', { date: formatDay(status.since, language) })}</p>}
          {status.reason && (
            <p>
              {t('beach.status.why')} <span lang={CONTENT_LANGUAGE}>{status.reason}</span>
            </p>
          )}
        </div>
      </div>
      {note && (
        <div className="usa-alert usa-alert--info usa-alert--slim usa-alert--no-icon">
          <div className="usa-alert__body">
            <p className="usa-alert__text">{note}</p>
          </div>
        </div>
      )}
      <dl className="beach-facts">
        <div>
          <dt>{t('beach.status.lastSample')}</dt>
          <dd>
            {last
              ? t('beach.status.lastSampleValue', {
                  date: formatDay(last.date, language),
                  value: formatValue(last.value, last.remark, language, t('beach.noValue')),
                  unit: unitName(last.unit),
                })
              : t('beach.status.noSamples')}
          </dd>
        </div>
        <div>
          <dt>{t('beach.status.geomean')}</dt>
          <dd>{geomeans ? geomeanText(geomeans, unit, text) : t('common.loading')}</dd>
        </div>
        {thresholds && (
          <div>
            <dt>{t('beach.status.thresholds', { parameter: thresholds.parameter_name })}</dt>
            <dd>
              {t('beach.status.thresholdsValue', {
                actionValue: thresholds.beach_action_value,
                statistical: thresholds.statistical_threshold,
                geomean: thresholds.geomean_threshold,
                unit: thresholds.unit_name,
              })}
            </dd>
          </div>
        )}
      </dl>
      {/* The end of the beach page's first view: its first paint waits until the browser has this (decision 0091). */}
      <span id={FIRST_VIEW_ENDS.page} hidden />
    </section>
  );
}
