import { useEffect, useRef } from 'react';
import { usePublicText } from '../../i18n';
import { PublicLoadError as LoadError } from '../../components/PublicLoadError';
import { useMapStationQuery } from './api';
import { StationSummary } from './StationSummary';
import type { StationStatus } from '@beach/domain';

interface StationPopupProps {
  stationId: number;
  /** The map's statuses version: the details of that version may come from the browser's cache. */
  version: string;
  /** The station when the page already has it (a past day's snapshot, the list view): nothing to load. */
  station?: StationStatus;
  /** Opened from the list view: focus moves to the popup's title once it shows. */
  focusTitle: boolean;
}

/** A station's popup on the map: its details load when it opens (public/map/stations/{id}, decision 0020). */
export function StationPopup({ stationId, version, station, focusTitle }: StationPopupProps) {
  const { t } = usePublicText();
  const details = useMapStationQuery({ id: stationId, version }, { skip: station !== undefined });
  const shown = station ?? details.data;
  const box = useRef<HTMLDivElement>(null);
  const focused = useRef(false);
  useEffect(() => {
    if (!shown || !focusTitle || focused.current) return;
    focused.current = true;
    box.current?.querySelector<HTMLElement>('.station-summary__title')?.focus();
  }, [shown, focusTitle]);

  return (
    <div ref={box} className="station-popup">
      {shown ? (
        <StationSummary station={shown} headingLevel={2} />
      ) : details.isError ? (
        <LoadError message={t('map.stationMap.stationFailed')} onRetry={() => void details.refetch()} />
      ) : (
        <p role="status" className="station-popup__loading">
          {t('map.stationMap.loadingStation')}
        </p>
      )}
    </div>
  );
}
