import { memo } from 'react';
import { usePublicText } from '../../i18n';
import { allOutOfSeason, seasonHeading, seasonMessages } from './season';
import type { ProgramSeasonInfo } from '@beach/domain';

interface SeasonNoticeProps {
  programs: readonly ProgramSeasonInfo[];
  today: string;
}

/** Out of season: says so, and when monitoring resumes; the map shows every station as Not Monitored. */
export const SeasonNotice = memo(function SeasonNotice({ programs, today }: SeasonNoticeProps) {
  const text = usePublicText();
  const messages = seasonMessages(programs, today, text);
  if (messages.length === 0) return null;
  const everything = allOutOfSeason(programs);
  return (
    <div className="usa-alert usa-alert--info usa-alert--slim season-notice">
      <div className="usa-alert__body">
        <h2 className="usa-alert__heading">{seasonHeading(programs, today, text)}</h2>
        {messages.map((message) => (
          <p className="usa-alert__text" key={message.text}>
            {message.programs.length > 0 && <strong>{message.programs.join(', ')}: </strong>}
            {message.text}
          </p>
        ))}
        <p className="usa-alert__text">{everything ? text.t('map.season.untilAll') : text.t('map.season.untilSome')}</p>
      </div>
    </div>
  );
});
