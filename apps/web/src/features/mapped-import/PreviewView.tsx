import { useState } from 'react';
import { Alert } from '@trussworks/react-uswds';
import { LOCATION_TYPE_NAMES, MAPPING_FIELD_LABELS, type ImportMappingPreview, type NewStationPlaces } from '@beach/domain';
import { n, plural } from '../legacy-import/import-job';
import { PlacePicker, type PlaceChoices } from './PlacePicker';

type NewGroup = ImportMappingPreview['stations']['new_stations'][number];
type LocationType = keyof typeof LOCATION_TYPE_NAMES;
/** A new beach's place as chosen here. */
export interface BeachPlace {
  county: string;
  municipality: string;
  location_type?: LocationType;
}

const time = (hh: string, mm: string) => (hh ? `${hh}:${mm}` : '');

/**
 * The preview of a file through the mapping (issue 29): the refusals first (why, and the first lines), the
 * first rows as parsed, and the stations met: matched, ambiguous, and new ones by beach, where a new beach's
 * county and municipality are chosen.
 */
export function PreviewView({
  preview,
  places,
  rule,
  onPlace,
}: {
  preview: ImportMappingPreview;
  places: PlaceChoices;
  rule: NewStationPlaces;
  /** A new beach's place chosen here (the mapping's new stations go per beach). */
  onPlace: (beach: string, place: BeachPlace) => void;
}) {
  const { stations } = preview;
  return (
    <div className="mapped-import__preview">
      {preview.refusals.length > 0 ? (
        <Alert type="error" headingLevel="h3" heading="The mapping does not read this file" role="alert" validation>
          <ul className="usa-list">
            {preview.refusals.map((r, i) => (
              <li key={i}>
                {r.field && <strong>{MAPPING_FIELD_LABELS[r.field]}: </strong>}
                {r.message}
                {/* The message names its first lines itself, as a rule; else they follow it. */}
                {r.lines.length > 0 && !/\blines? \d/.test(r.message) && ` (lines ${r.lines.join(', ')})`}
              </li>
            ))}
          </ul>
          <p className="margin-0">Change the mapping and preview again; nothing was written.</p>
        </Alert>
      ) : (
        <Alert type="success" headingLevel="h3" slim role="status">
          The mapping reads {plural(preview.rows.length, 'previewed row')}
          {preview.more_rows ? ' (the first of the file)' : ''}. Check the rows and stations below, then run the dry run.
        </Alert>
      )}

      <div className="usa-table-container--scrollable" tabIndex={0} role="region" aria-label="Rows as read">
        <table className="usa-table usa-table--compact usa-table--striped">
          <caption>
            {preview.more_rows ? `The first ${n(preview.rows.length)} rows as read` : `The ${plural(preview.rows.length, 'row')} as read`}
          </caption>
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Beach</th>
              <th scope="col">Station</th>
              <th scope="col">Date</th>
              <th scope="col">Time</th>
              <th scope="col">Parameter</th>
              <th scope="col">Value</th>
              <th scope="col">Remark</th>
              <th scope="col">Unit</th>
              <th scope="col">Problems</th>
            </tr>
          </thead>
          <tbody>
            {preview.rows.length === 0 && (
              <tr>
                <td colSpan={10}>The file has no rows below its header.</td>
              </tr>
            )}
            {preview.rows.map(({ line, row, cells, errors }) => (
              <tr key={line} className={errors.length ? 'mapped-import__bad-row' : undefined}>
                <td>{line}</td>
                <td>{row?.beach_name ?? cells.beach}</td>
                <td>{row?.station_name ?? cells.station}</td>
                <td className="text-no-wrap">{row?.sample_date ?? cells.date}</td>
                <td>{row ? time(row.sample_time_hh, row.sample_time_mm) : cells.time}</td>
                <td>{row?.parameter ?? cells.parameter}</td>
                <td>{row ? (row.value ?? '') : cells.value}</td>
                <td>{row?.remark ?? ''}</td>
                <td>{row?.unit ?? cells.unit}</td>
                <td>{errors.map((e) => `${MAPPING_FIELD_LABELS[e.field]}: ${e.reason}`).join('; ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <section aria-labelledby="preview-stations-heading">
        <h3 id="preview-stations-heading">Stations</h3>
        <p>
          {plural(stations.matched.length, 'station')} of the previewed rows matched, {n(stations.ambiguous.length)} ambiguous,{' '}
          {plural(stations.new_stations.reduce((sum, g) => sum + g.stations.length, 0), 'new station')} at{' '}
          {plural(stations.new_stations.length, 'beach', 'beaches')}. The dry run matches the whole file.
        </p>
        {stations.matched.length > 0 && (
          <details>
            <summary>Matched stations</summary>
            <ul className="usa-list">
              {stations.matched.map((m) => (
                <li key={`${m.beach_name}/${m.station_name}`}>
                  {m.station_name} ({m.beach_name}) → {m.station.station_name} at {m.station.beach_name}
                  {m.by === 'station_alone' ? ' (by the station’s name alone)' : ''}
                </li>
              ))}
            </ul>
          </details>
        )}
        {stations.ambiguous.length > 0 && (
          <Alert type="warning" headingLevel="h4" heading="Ambiguous stations" validation>
            <ul className="usa-list">
              {stations.ambiguous.map((a) => (
                <li key={`${a.beach_name}/${a.station_name}`}>
                  {a.station_name} ({a.beach_name}) could be {a.candidates.map((c) => `${c.station_name} at ${c.beach_name}`).join(' or ')}
                </li>
              ))}
            </ul>
          </Alert>
        )}
        {stations.new_stations.map((g) => (
          <NewBeach key={g.beach_name} group={g} places={places} rule={rule} onPlace={onPlace} />
        ))}
      </section>
    </div>
  );
}

function NewBeach({ group, places, rule, onPlace }: { group: NewGroup; places: PlaceChoices; rule: NewStationPlaces; onPlace: (beach: string, place: BeachPlace) => void }) {
  const { place } = group;
  const chosen = rule.from === 'per_beach' ? rule.beaches.find((b) => b.beach === group.beach_name) : rule.from === 'constant' ? rule : undefined;
  const slug = group.beach_name.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase();
  // A county chosen before its municipality: held here until the pair is complete.
  const [county, setCounty] = useState<string | null>(null);
  const entry = rule.from === 'per_beach' ? rule.beaches.find((b) => b.beach === group.beach_name) : undefined;
  const [type, setType] = useState<LocationType | undefined>(entry?.location_type);
  const fallbackType = rule.from === 'none' ? undefined : rule.location_type;
  return (
    <section className="mapped-import__new-beach" aria-label={`New stations at ${group.beach_name}`}>
      <h4 className="margin-bottom-05">{group.beach_name}</h4>
      <p className="margin-y-05">
        {place.at === 'existing_beach'
          ? `At the existing beach ${place.beach.name}.`
          : place.at === 'new_beach'
            ? `A new beach in ${place.municipality}, ${place.county} County${place.location_type ? ` (${LOCATION_TYPE_NAMES[place.location_type]})` : ', with no location type yet: choose one below, or read it from the rows'}.`
            : `No place yet: ${place.reason}`}
        {group.ambiguous_beaches.length > 0 && ` Several beaches have this name: ${group.ambiguous_beaches.map((b) => b.name).join(', ')}.`}
      </p>
      <p className="margin-y-05">New stations: {group.stations.map((s) => `${s.station_name} (from line ${s.first_line}, ${plural(s.rows, 'row')})`).join('; ')}</p>
      {place.at !== 'existing_beach' && (
        <PlacePicker
          id={`place-${slug}`}
          label={`${group.beach_name}:`}
          places={places}
          county={county ?? chosen?.county ?? ''}
          municipality={county !== null && county !== chosen?.county ? '' : (chosen?.municipality ?? '')}
          onChange={(nextCounty, municipality) => {
            setCounty(nextCounty);
            onPlace(group.beach_name, { county: nextCounty, municipality, location_type: type });
          }}
        />
      )}
      {place.at !== 'existing_beach' && (
        <div className="mapped-import__place">
          <div>
            <label className="usa-label" htmlFor={`place-${slug}-type`}>
              {group.beach_name}: location type
            </label>
            <select
              id={`place-${slug}-type`}
              className="usa-select"
              value={type ?? ''}
              onChange={(e) => {
                const next = (e.target.value || undefined) as LocationType | undefined;
                setType(next);
                onPlace(group.beach_name, { county: county ?? chosen?.county ?? '', municipality: chosen?.municipality ?? '', location_type: next });
              }}
            >
              <option value="">{fallbackType ? `The mapping’s: ${LOCATION_TYPE_NAMES[fallbackType]}` : 'From the rows (location type field)'}</option>
              {Object.entries(LOCATION_TYPE_NAMES).map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </select>
          </div>
        </div>
      )}
    </section>
  );
}
