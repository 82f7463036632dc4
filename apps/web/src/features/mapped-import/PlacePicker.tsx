import type { PlacesList } from '@beach/domain';

/** The agency's Places a new beach may go to (retired ones left out); null while they load. */
export interface PlaceChoices {
  list: PlacesList | null;
  error: boolean;
}

/** A county and one of its municipalities, chosen from the agency's Places. */
export function PlacePicker({
  id,
  label,
  places,
  county,
  municipality,
  onChange,
}: {
  id: string;
  /** Prefix of both labels: “New beaches’” → “New beaches’ county”. */
  label: string;
  places: PlaceChoices;
  county: string;
  municipality: string;
  onChange: (county: string, municipality: string) => void;
}) {
  if (places.error) return <p className="text-secondary-dark">The place list could not be loaded; reload the page to try again.</p>;
  if (!places.list) return <p>Loading the place list…</p>;
  const counties = places.list.counties.filter((c) => !c.retired || c.name === county);
  const towns = places.list.municipalities.filter((m) => m.county === county && (!m.retired || m.name === municipality));
  return (
    <div className="mapped-import__place">
      <div>
        <label className="usa-label" htmlFor={`${id}-county`}>
          {label} county
        </label>
        <select id={`${id}-county`} className="usa-select" value={county} onChange={(e) => onChange(e.target.value, '')}>
          <option value="">- Select -</option>
          {counties.map((c) => (
            <option key={c.county_id} value={c.name}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label className="usa-label" htmlFor={`${id}-municipality`}>
          {label} municipality
        </label>
        <select id={`${id}-municipality`} className="usa-select" value={municipality} disabled={!county} onChange={(e) => onChange(county, e.target.value)}>
          <option value="">{county ? '- Select -' : 'Choose the county first'}</option>
          {towns.map((m) => (
            <option key={m.municipality_id} value={m.name}>
              {m.name}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
