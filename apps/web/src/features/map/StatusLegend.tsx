import { CONTENT_LANGUAGE, usePublicText } from '../../i18n';
import { PublicLoadError as LoadError } from '../../components/PublicLoadError';
import { StatusSymbol } from './StatusSymbol';
import type { LegendItem } from '@beach/domain';

interface StatusLegendProps {
  items: readonly LegendItem[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
}

/**
 * The status legend from public/beaches/statuses/legend: each status's marker (shape, letter, colour) and
 * meaning. Status names and meanings are content, shown as entered.
 */
export function StatusLegend({ items, isLoading, isError, onRetry }: StatusLegendProps) {
  const { t } = usePublicText();
  return (
    <section className="status-legend" aria-labelledby="status-legend-heading">
      <h2 id="status-legend-heading" className="status-legend__heading">
        {t('map.legend.heading')}
      </h2>
      {isError ? (
        <LoadError message={t('map.legend.failed')} onRetry={onRetry} />
      ) : isLoading || !items ? (
        <p role="status">{t('map.legend.loading')}</p>
      ) : (
        <ul className="status-legend__list">
          {[...items]
            .sort((a, b) => a.legend_order - b.legend_order)
            .map((item) => (
              <li key={item.code} className="status-legend__item">
                <StatusSymbol color={item.color} symbol={item.marker_symbol} shape={item.marker_shape} size={26} />
                <span lang={CONTENT_LANGUAGE}>
                  <strong>{item.name}</strong>
                  <span className="status-legend__meaning"> {meaningOf(item.description)}</span>
                </span>
              </li>
            ))}
        </ul>
      )}
    </section>
  );
}

/** The legend description's first sentence: the meaning, without the notes on marker colours. */
function meaningOf(description: string): string {
  return description.split(/(?<=\.)\s+Marker:/)[0] ?? description;
}
