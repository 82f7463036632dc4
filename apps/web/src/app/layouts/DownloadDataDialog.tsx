import '../../styles/uswds/content.scss';
import { useState } from 'react';
import { Link } from 'react-router';
import { ControlledModal } from '../../components/ControlledModal';
import { DownloadPanel } from '../../features/downloads/DownloadPanel';
import { LicenseNotice } from '../../features/license/LicenseNotice';
import { useLicense } from '../../features/license/use-license';
import { usePublicText } from '../../i18n';
import '../../i18n/page-text';

/**
 * The Download Data dialog opened from Beach Data (SPEC 2): the download panel, and before a download
 * while the data license is not (or no longer) accepted, the data-use notice in its place.
 * A lazy chunk: the panel, the domain's filter rules and the modal library load on first open.
 */
export default function DownloadDataDialog({ onClose }: { onClose: () => void }) {
  const { t } = usePublicText();
  const license = useLicense();
  // The download waiting for the notice to be accepted.
  const [waiting, setWaiting] = useState<(() => void) | null>(null);

  return (
    <ControlledModal
      id="download-data-modal"
      heading={t('downloads.heading')}
      open
      onClose={onClose}
      large
      closeLabel={t('layout.close')}
      closeWindowLabel={t('layout.closeWindow')}
    >
      <DownloadPanel
        hidden={waiting !== null}
        beforeDownload={(start) => (license.isValid() ? start() : setWaiting(() => start))}
      />
      {waiting && (
        <LicenseNotice
          onAccept={() => {
            license.accept();
            waiting();
            setWaiting(null);
          }}
          onCancel={() => setWaiting(null)}
        />
      )}
      {waiting === null && (
        <p className="margin-bottom-0">
          {/* The same data for programs: the open data API's page (decision 0045). */}
          <Link to="/developers" onClick={onClose}>
            {t('downloads.developersLink')}
          </Link>
        </p>
      )}
    </ControlledModal>
  );
}
