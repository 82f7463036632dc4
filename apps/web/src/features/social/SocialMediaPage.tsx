import '../../styles/uswds/content.scss';
import { SOCIAL_LINKS } from '../../app/agency';
import { SocialIcon } from '../../components/SocialIcon';
import { PublicPage } from '../../components/PublicPage';
import { usePublicText } from '../../i18n';
import '../../i18n/page-text';

/** Social Media (/social-media): the agency's channels as plain links; no third-party embeds or scripts. */
export default function SocialMediaPage() {
  const { t } = usePublicText();
  return (
    <PublicPage title={t('social.title')} intro={t('social.intro')}>
      <ul className="usa-card-group social-channels">
        {SOCIAL_LINKS.map((channel) => (
          <li key={channel.name} className="usa-card tablet:grid-col-6">
            <div className="usa-card__container">
              <div className="usa-card__header">
                <h2 className="usa-card__heading">
                  <SocialIcon name={channel.name} className="social-channels__icon" /> {channel.name}
                </h2>
              </div>
              <div className="usa-card__body">
                <p>{t(`social.channels.${channel.name}`)}</p>
              </div>
              <div className="usa-card__footer">
                <a className="usa-link usa-link--external" href={channel.href} rel="noopener noreferrer">
                  {displayAddress(channel.href)}
                </a>
              </div>
            </div>
          </li>
        ))}
      </ul>
      <p className="text-base-dark">{t('social.note')}</p>
    </PublicPage>
  );
}

/** 'facebook.com/NewJerseyDEP' from the full address: readable, and unique per channel. */
function displayAddress(href: string): string {
  const url = new URL(href);
  return `${url.hostname.replace(/^www\./, '')}${url.pathname.replace(/\/$/, '')}`;
}
