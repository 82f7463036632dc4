import { useEffect, useId, useRef, useState } from 'react';
import type { PublicGisService } from '@beach/domain';
import type * as L from 'leaflet';
import { usePublicText } from '../../i18n';
import { usePublicGisServicesQuery } from './gis-api';
import type { Overlay } from './gis-overlays';

interface GisLayersProps {
  /** The Leaflet map, once it exists. */
  map: L.Map | null;
  /** The services are read once the stations are on the map (the first view never waits for them). */
  read: boolean;
}

/**
 * The map's overlay layers (GIS REST Services): a "Map layers" list of the active services, each turned on and off
 * by its checkbox. The code that draws them (gis-overlays.ts) loads only when one is on; a service that fails says
 * so in a notice above the map and is turned off, and the map carries on.
 */
export function GisLayers({ map, read }: GisLayersProps) {
  const { t } = usePublicText();
  const id = useId();
  const services = usePublicGisServicesQuery(undefined, { skip: !read });
  const list = services.data ?? [];
  const [chosen, setChosen] = useState<Set<number> | null>(null);
  const [failed, setFailed] = useState<Set<number>>(() => new Set());
  const [open, setOpen] = useState(false);
  const overlays = useRef(new Map<number, Overlay | 'loading'>());
  // Until the visitor chooses, the services shown by default are on.
  const defaults = () => new Set(list.filter((s) => s.shown_by_default).map((s) => s.gis_rest_service_id));
  const on = chosen ?? defaults();
  const onKey = [...on].sort((a, b) => a - b).join(',');
  /** A layer that fails is turned off, and says so until it is turned on again (which tries again). */
  const fail = (sid: number) => {
    setFailed((f) => new Set(f).add(sid));
    setChosen((c) => {
      const next = new Set(c ?? defaults());
      next.delete(sid);
      return next;
    });
  };

  useEffect(() => {
    if (!map) return;
    const wanted = new Set(onKey ? onKey.split(',').map(Number) : []);
    const current = overlays.current;
    for (const [sid, overlay] of current) {
      if (!wanted.has(sid)) {
        if (overlay !== 'loading') overlay.remove();
        current.delete(sid);
      }
    }
    const toAdd = list.filter((s) => wanted.has(s.gis_rest_service_id) && !current.has(s.gis_rest_service_id));
    if (toAdd.length === 0) return;
    for (const s of toAdd) current.set(s.gis_rest_service_id, 'loading');
    void import('./gis-overlays').then(
      ({ createOverlay }) => {
        for (const s of toAdd) {
          if (current.get(s.gis_rest_service_id) !== 'loading') continue;
          current.set(
            s.gis_rest_service_id,
            createOverlay(map, s, () => fail(s.gis_rest_service_id)),
          );
        }
      },
      () => toAdd.forEach((s) => fail(s.gis_rest_service_id)),
    );
    // `list` changes only with the services read; onKey says which are on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, onKey, services.data]);

  // Every overlay goes with the map.
  useEffect(() => {
    const current = overlays.current;
    return () => {
      for (const overlay of current.values()) if (overlay !== 'loading') overlay.remove();
      current.clear();
    };
  }, [map]);

  if (list.length === 0) return null;
  const toggle = (service: PublicGisService, checked: boolean) => {
    const next = new Set(on);
    if (checked) next.add(service.gis_rest_service_id);
    else next.delete(service.gis_rest_service_id);
    setChosen(next);
    if (checked && failed.has(service.gis_rest_service_id)) {
      const retry = new Set(failed);
      retry.delete(service.gis_rest_service_id);
      setFailed(retry);
    }
  };
  const failedNames = list.filter((s) => failed.has(s.gis_rest_service_id));

  return (
    <>
      {failedNames.map((s) => (
        <p key={s.gis_rest_service_id} className="station-map__notice" role="status">
          {t('map.gisLayerFailed', { name: s.name })}
        </p>
      ))}
      <div className="gis-layers">
        <button type="button" className="gis-layers__toggle" aria-expanded={open} aria-controls={`${id}-layers`} onClick={() => setOpen(!open)}>
          {t('map.gisLayers')}
        </button>
        <fieldset id={`${id}-layers`} className="gis-layers__list" hidden={!open}>
          <legend className="usa-sr-only">{t('map.gisLayers')}</legend>
          {list.map((s) => {
            const inputId = `${id}-layer-${s.gis_rest_service_id}`;
            return (
              <div key={s.gis_rest_service_id} className="gis-layers__item">
                <input
                  id={inputId}
                  type="checkbox"
                  checked={on.has(s.gis_rest_service_id)}
                  onChange={(e) => toggle(s, e.target.checked)}
                />
                <label htmlFor={inputId}>
                  {s.name}
                </label>
              </div>
            );
          })}
        </fieldset>
      </div>
    </>
  );
}
