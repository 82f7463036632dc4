import { usePublicText } from '../../i18n';
import { DOWNLOAD_FRAME_NAME } from './frame-name';

/**
 * The hidden frame the download forms submit into (SPEC 7). The layout renders it once, outside the
 * Download Data dialog, so closing the dialog never cancels a download on its way.
 */
export function DownloadFrame() {
  const { t } = usePublicText();
  return <iframe name={DOWNLOAD_FRAME_NAME} title={t('layout.downloadFrame')} hidden tabIndex={-1} />;
}
