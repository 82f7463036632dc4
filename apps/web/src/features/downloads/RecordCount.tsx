import { DOWNLOAD_TYPES } from '@beach/domain/schemas/downloads';
import { formatNumber, usePublicText } from '../../i18n';
import '../../i18n/page-text';

interface RecordCountProps {
  /** The download kind whose count to show: 'water-quality' or 'incident'. */
  kind: string;
  counts: Record<string, unknown> | undefined;
  isError: boolean;
  isLoading: boolean;
}

/** One download's record count (SPEC 8): 'Error...' when the count failed, 'Unknown Count' for a kind it does not know. */
export function RecordCount({ kind, counts, isError, isLoading }: RecordCountProps) {
  const { t, language } = usePublicText();
  if (!(DOWNLOAD_TYPES as readonly string[]).includes(kind)) return <>{t('downloads.unknownCount')}</>;
  if (isError) return <>{t('downloads.countError')}</>;
  if (isLoading) return <>{t('downloads.counting')}</>;
  if (counts === undefined) return <>&mdash;</>;
  const value = counts[kind];
  return <>{typeof value === 'number' ? formatNumber(value, language) : t('downloads.unknownCount')}</>;
}
