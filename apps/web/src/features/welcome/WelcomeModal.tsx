import { ControlledModal } from '../../components/ControlledModal';
import { usePublicText } from '../../i18n';
import '../../i18n/page-text';

/** The welcome pop-up promoting the shore license plate (a lazy chunk: it brings the modal library). */
export default function WelcomeModal({ onClose }: { onClose: () => void }) {
  const { t } = usePublicText();
  return (
    <ControlledModal
      id="welcome-modal"
      heading={t('welcome.heading')}
      open
      onClose={onClose}
      closeLabel={t('layout.close')}
      closeWindowLabel={t('layout.closeWindow')}
    >
      <p>{t('welcome.intro')}</p>
      <p>
        {t('welcome.plate')}{' '}
        <a className="usa-link" href="https://www.nj.gov/mvc/" rel="noopener noreferrer" target="_blank">
          {t('welcome.plateLink')} {t('layout.opensInNewTab')}
        </a>
        .
      </p>
    </ControlledModal>
  );
}
