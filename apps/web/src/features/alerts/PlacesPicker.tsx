import { useState } from 'react';
import type { AlertPlaces, AlertPlacesList } from '@beach/domain';
import type { TFunction } from 'i18next';
import { usePublicText } from '../../i18n';

type Kind = 'beach' | 'municipality' | 'county';
const FIELD: Record<Kind, keyof AlertPlaces> = { beach: 'beach_ids', municipality: 'municipality_ids', county: 'county_ids' };
const ADD_LABEL = { beach: 'alerts.subscribe.addBeach', municipality: 'alerts.subscribe.addMunicipality', county: 'alerts.subscribe.addCounty' } as const;

interface PlacesPickerProps {
  places: AlertPlacesList;
  value: AlertPlaces;
  onChange(value: AlertPlaces): void;
  error?: string;
}

/**
 * Choosing what to follow: a native select per kind (beach, municipality, county) with its Add button, and the
 * chosen places as a list, each with a Remove button. Keyboard and screen-reader friendly without a widget library.
 */
export function PlacesPicker({ places, value, onChange, error }: PlacesPickerProps) {
  const { t } = usePublicText();
  const municipalityName = new Map(places.municipalities.map((m) => [m.id, m.name]));
  const options: Record<Kind, { id: number; label: string }[]> = {
    beach: places.beaches.map((b) => ({ id: b.id, label: `${b.name} (${municipalityName.get(b.municipality_id) ?? ''})` })),
    municipality: places.municipalities.map((m) => ({ id: m.id, label: m.name })),
    county: places.counties.map((c) => ({ id: c.id, label: t('alerts.subscribe.countyName', { name: c.name }) })),
  };
  const [picked, setPicked] = useState<Record<Kind, string>>({ beach: '', municipality: '', county: '' });
  const add = (kind: Kind) => {
    const id = Number(picked[kind]);
    if (!id) return;
    const field = FIELD[kind];
    if (!value[field].includes(id)) onChange({ ...value, [field]: [...value[field], id] });
    setPicked({ ...picked, [kind]: '' });
  };
  const remove = (kind: Kind, id: number) => onChange({ ...value, [FIELD[kind]]: value[FIELD[kind]].filter((x) => x !== id) });
  const chosen = (['beach', 'municipality', 'county'] as Kind[]).flatMap((kind) =>
    value[FIELD[kind]].map((id) => ({ kind, id, label: options[kind].find((o) => o.id === id)?.label ?? String(id) })),
  );

  return (
    <fieldset className="usa-fieldset alerts-places" aria-describedby={error ? 'alerts-places-error alerts-places-hint' : 'alerts-places-hint'}>
      <legend className="usa-legend usa-legend--large">{t('alerts.subscribe.placesLegend')}</legend>
      <span className="usa-hint" id="alerts-places-hint">
        {t('alerts.subscribe.placesHint')}
      </span>
      {error && (
        <span className="usa-error-message" id="alerts-places-error" role="alert">
          {error}
        </span>
      )}
      <div className="alerts-places__pickers">
        {(['beach', 'municipality', 'county'] as Kind[]).map((kind) => (
          <div key={kind} className="alerts-places__picker">
            <label className="usa-label" htmlFor={`alerts-${kind}`}>
              {t(`alerts.subscribe.${kind}`)}
            </label>
            <div className="alerts-places__row">
              <select
                id={`alerts-${kind}`}
                className="usa-select"
                value={picked[kind]}
                onChange={(event) => setPicked({ ...picked, [kind]: event.target.value })}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    add(kind);
                  }
                }}
              >
                <option value="">{t('alerts.subscribe.choose')}</option>
                {options[kind].map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.label}
                  </option>
                ))}
              </select>
              <button type="button" className="usa-button usa-button--outline" onClick={() => add(kind)}>
                {t(ADD_LABEL[kind])}
              </button>
            </div>
          </div>
        ))}
      </div>
      <h2 className="alerts-places__chosen-heading">{t('alerts.subscribe.chosen')}</h2>
      {chosen.length === 0 ? (
        <p className="alerts-places__none">{t('alerts.subscribe.noneChosen')}</p>
      ) : (
        <ul className="usa-list usa-list--unstyled alerts-places__chosen" aria-live="polite">
          {chosen.map((c) => (
            <li key={`${c.kind}-${c.id}`}>
              <span>
                <span className="alerts-places__kind">{t(`alerts.subscribe.${c.kind}`)}:</span> {c.label}
              </span>
              <button type="button" className="usa-button usa-button--unstyled" aria-label={t('alerts.subscribe.removeNamed', { name: c.label })} onClick={() => remove(c.kind, c.id)}>
                {t('alerts.subscribe.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

/** The schema's place messages in the visitor's language. */
export function placesError(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  if (message.startsWith('Choose at least')) return t('alerts.subscribe.nothingChosen');
  if (message.startsWith('Choose at most')) return t('alerts.subscribe.tooMany');
  return message;
}
