import { Link } from 'react-router';
import { SURVEY_STATUS_LABELS } from '@beach/domain';
import { useProgramDay } from '../../app/program-day';
import { LoadError } from '../../components/LoadError';
import { Loading } from '../../components/Loading';
import { useStationSurveysQuery } from './api';

const SCREEN = '/portal/beaches/sanitary-surveys';
/** The dashboard lists the newest few; the screen has them all. */
const SHOWN = 5;

/**
 * The station's sanitary surveys on its dashboard (GET beach/{id}/survey, newest first), each opening on the
 * Sanitary Surveys screen (`?survey=` opens it there); shown to the screen's users only.
 */
export function StationSurveys({ stationId }: { stationId: number }) {
  const surveys = useStationSurveysQuery(stationId);
  const day = useProgramDay();
  if (surveys.isLoading) return <Loading label="Loading the sanitary surveys…" />;
  if (surveys.isError || !surveys.data) return <LoadError message="The station's sanitary surveys could not be loaded." onRetry={() => void surveys.refetch()} />;
  const all = surveys.data;
  const shown = all.slice(0, SHOWN);
  return (
    <>
      {all.length === 0 ? (
        <p>No sanitary surveys yet.</p>
      ) : (
        <ul className="usa-list">
          {shown.map((s) => (
            <li key={s.sanitary_survey_id}>
              <Link to={`${SCREEN}?survey=${s.sanitary_survey_id}`}>Survey of {s.survey_date}</Link>: {SURVEY_STATUS_LABELS[s.status]}
              {s.status === 'COMPLETED' && s.completed_at ? ` on ${day(s.completed_at)}` : ''}
              {s.surveyor && s.surveyor !== 'N/A' ? `, by ${s.surveyor}` : ''}
              {s.is_legacy ? ' (legacy)' : ''}
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to={SCREEN}>{all.length > shown.length ? `All ${all.length} surveys on the Sanitary Surveys screen` : 'The Sanitary Surveys screen'}</Link>
      </p>
    </>
  );
}
