import { formatDay, formatGeomean, formatValue, unitName } from './format';
import { StatusMark } from './StatusMark';
import type { BeachProfile, GeomeansPayload } from './types';

interface BeachStatusSectionProps {
  profile: BeachProfile;
  geomeans: GeomeansPayload | undefined;
}

/** What the season means for this beach today: ended (and when monitoring resumes) or not yet begun. */
function seasonNote(season: BeachProfile['season']): string | null {
  if (season.monitored) return null;
  const current = season.current_season;
  const resumes = season.next_season_start
    ? ` Monitoring resumes for the swimming season starting ${formatDay(season.next_season_start)}.`
    : ' Monitoring resumes next season; its dates have not been announced yet.';
  // Not monitored with this year's season still ahead: the next season to start is this one.
  if (current && season.next_season_start === current.start_date) {
    return `Monitoring for the ${current.year} season begins on ${formatDay(current.preseason_start)}.`;
  }
  if (current) {
    return `The ${current.year} swimming season ended on ${formatDay(current.end_date)}.${resumes} Until then the beach shows as Not Monitored; last season’s results are below.`;
  }
  return `This beach is not monitored now.${resumes}`;
}

/** Current status with since-when and why, the last sample and the latest 30-day geomean. */
export function BeachStatusSection({ profile, geomeans }: BeachStatusSectionProps) {
  const { status, last_sample: last, thresholds } = profile;
  const note = seasonNote(profile.season);
  const latestGeomean = geomeans?.points.filter((p) => p.geomean !== null).at(-1);
  const unit = thresholds?.unit_name ?? (last ? unitName(last.unit) : '');
  return (
    <section className="beach-section" aria-labelledby="status-heading">
      <h2 id="status-heading">Current status</h2>
      <div className="beach-status" style={{ borderLeftColor: status.color }}>
        <StatusMark color={status.color} symbol={status.marker_symbol} shape={status.marker_shape} size={40} />
        <div>
          <p className="beach-status__name">{status.name}</p>
          {status.since && <p>Since {formatDay(status.since)}</p>}
          {status.reason && <p>Why: {status.reason}</p>}
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
          <dt>Last sample</dt>
          <dd>
            {last
              ? `${formatDay(last.date)}: ${formatValue(last.value, last.remark)} ${unitName(last.unit)}`
              : 'No samples yet'}
          </dd>
        </div>
        <div>
          <dt>Rolling 30-day geomean</dt>
          <dd>
            {!geomeans
              ? 'Loading…'
              : latestGeomean?.geomean == null
                ? 'Not enough samples'
                : `${formatGeomean(latestGeomean.geomean)} ${unit} (${latestGeomean.count} samples, ${formatDay(latestGeomean.start_date)} to ${formatDay(latestGeomean.end_date)})` +
                  (latestGeomean.pass === null
                    ? `: fewer than ${geomeans.min_samples} samples, not judged`
                    : latestGeomean.pass
                      ? `: meets the threshold of ${geomeans.threshold}`
                      : `: above the threshold of ${geomeans.threshold}`)}
          </dd>
        </div>
        {thresholds && (
          <div>
            <dt>Thresholds ({thresholds.parameter_name})</dt>
            <dd>
              Beach action value {thresholds.beach_action_value}, statistical threshold {thresholds.statistical_threshold},
              geomean {thresholds.geomean_threshold} {thresholds.unit_name}
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}
