import { useId } from 'react';
import { Button } from '@trussworks/react-uswds';
import {
  DATE_FORMATS,
  LOCATION_TYPE_NAMES,
  MAPPING_FIELD_LABELS,
  MAPPING_FIELDS,
  REQUIRED_MAPPING_FIELDS,
  TIME_FORMATS,
  UNMAPPED_RULES,
  type FieldBinding,
  type MappingField,
  type NewStationPlaces,
  type ValueMaps,
} from '@beach/domain';
import type { Draft } from './draft';
import { PlacePicker, type PlaceChoices } from './PlacePicker';

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const label = (field: MappingField) => capital(MAPPING_FIELD_LABELS[field]);
const REQUIRED = new Set<MappingField>(REQUIRED_MAPPING_FIELDS);

const FIELD_HINTS: Partial<Record<MappingField, string>> = {
  station: 'The station’s name; a combination joins columns, e.g. the beach name, a space and the sample location.',
  date: 'Read with the date formats below.',
  time: 'Read with the time format below; leave it unbound when the file has no time.',
  value: 'Read with the value parser below (<10, >2419.6, TNTC, 1,000).',
  unit: 'A unit the portal knows (e.g. MPN/100mL), or a column translated by the unit map.',
  parameter: 'A parameter the portal knows (e.g. Enterococcus), or a column translated by the parameter map.',
  remark: 'Remark text or codes, translated by the remark map.',
  primary_station: 'The primary station a bracket station belongs to.',
};

const UNMAPPED_LABELS: Record<(typeof UNMAPPED_RULES)[number], string> = {
  keep: 'Keep it as written',
  empty: 'Read it as nothing',
  refuse: 'Refuse the row',
};

const MAP_LABELS: Record<keyof ValueMaps, { title: string; to: string; hint: string }> = {
  remarks: { title: 'Remarks', to: 'Remark code', hint: 'The file’s text to a remark code (K, <, L, >, TNTC, NS …), or empty for no remark.' },
  units: { title: 'Units', to: 'Unit', hint: 'The file’s text to the portal’s unit, e.g. MPN/100 ml → MPN/100mL.' },
  parameters: { title: 'Parameters', to: 'Parameter', hint: 'The file’s text to the portal’s parameter, e.g. Enterococci → Enterococcus.' },
  programs: { title: 'Programs', to: 'Program', hint: 'The file’s program names to a program’s abbreviation.' },
};

const PLACE_RULES: Record<NewStationPlaces['from'], string> = {
  none: 'Nowhere: refuse the rows of stations the portal lacks',
  constant: 'One county and municipality for the whole file',
  columns: 'The file’s county and municipality columns',
  per_beach: 'Per beach, chosen by hand (in the preview)',
};

interface MappingEditorProps {
  draft: Draft;
  header: string[];
  places: PlaceChoices;
  onChange: (draft: Draft) => void;
}

/**
 * The mapping editor (issue 29): every field of a result bound to a column of the file, a constant or a
 * combination; the date and time formats; the value maps; the value parser; station matching; and where
 * new stations go. Controlled: the draft is the domain's ImportMapping.
 */
export function MappingEditor({ draft, header, places, onChange }: MappingEditorProps) {
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => onChange({ ...draft, [key]: value });
  const setField = (field: MappingField, binding: FieldBinding | undefined) => {
    const fields = { ...draft.fields } as Record<MappingField, FieldBinding | undefined>;
    if (binding) fields[field] = binding;
    else delete fields[field];
    set('fields', fields as Draft['fields']);
  };
  return (
    <div className="mapped-import__editor">
      <fieldset className="usa-fieldset mapped-import__section">
        <legend className="usa-legend usa-legend--large">Mapping</legend>
        <label className="usa-label" htmlFor="mapping-name">
          Mapping name
        </label>
        <span className="usa-hint" id="mapping-name-hint">
          The source’s name, unique in your organization, e.g. the city health department’s beach download.
        </span>
        <input id="mapping-name" className="usa-input" value={draft.name} maxLength={100} aria-describedby="mapping-name-hint" onChange={(e) => set('name', e.target.value)} />
        <label className="usa-label" htmlFor="mapping-description">
          Description (optional)
        </label>
        <input id="mapping-description" className="usa-input" value={draft.description} maxLength={1000} onChange={(e) => set('description', e.target.value)} />
      </fieldset>

      <fieldset className="usa-fieldset mapped-import__section">
        <legend className="usa-legend usa-legend--large">Fields</legend>
        <p className="usa-hint">Station, beach, date, parameter, value and unit are required; the others may be left empty.</p>
        <div className="mapped-import__fields">
          {MAPPING_FIELDS.map((field) => (
            <BindingEditor key={field} field={field} binding={draft.fields[field]} header={header} onChange={(b) => setField(field, b)} />
          ))}
        </div>
      </fieldset>

      <fieldset className="usa-fieldset mapped-import__section">
        <legend className="usa-legend usa-legend--large">Dates and times</legend>
        <fieldset className="usa-fieldset">
          <legend className="usa-legend">Date formats (tried in this order)</legend>
          <div className="mapped-import__checks">
            {DATE_FORMATS.map((format) => (
              <div className="usa-checkbox" key={format}>
                <input
                  className="usa-checkbox__input"
                  id={`date-format-${format}`}
                  type="checkbox"
                  checked={draft.date.formats.includes(format)}
                  onChange={(e) =>
                    set('date', {
                      ...draft.date,
                      formats: e.target.checked ? DATE_FORMATS.filter((f) => f === format || draft.date.formats.includes(f)) : draft.date.formats.filter((f) => f !== format),
                    })
                  }
                />
                <label className="usa-checkbox__label" htmlFor={`date-format-${format}`}>
                  {format === 'ISO_DATETIME' ? 'ISO date and time (2024-06-03T09:15)' : format}
                </label>
              </div>
            ))}
          </div>
        </fieldset>
        <label className="usa-label" htmlFor="date-pivot">
          Two-digit years below this are 20YY
        </label>
        <input
          id="date-pivot"
          className="usa-input usa-input--xs"
          type="number"
          min={0}
          max={99}
          value={draft.date.two_digit_year_pivot}
          onChange={(e) => set('date', { ...draft.date, two_digit_year_pivot: Number(e.target.value) })}
        />
        <label className="usa-label" htmlFor="time-format">
          Time format
        </label>
        <select id="time-format" className="usa-select" value={draft.time.format} onChange={(e) => set('time', { format: e.target.value as Draft['time']['format'] })}>
          {TIME_FORMATS.map((f) => (
            <option key={f} value={f}>
              {f === 'ISO_DATETIME' ? 'ISO date and time' : f}
            </option>
          ))}
        </select>
      </fieldset>

      <fieldset className="usa-fieldset mapped-import__section">
        <legend className="usa-legend usa-legend--large">Value maps</legend>
        <p className="usa-hint">Texts are compared ignoring case and spaces.</p>
        {(Object.keys(MAP_LABELS) as (keyof ValueMaps)[]).map((key) => (
          <ValueMapEditor key={key} id={`map-${key}`} which={key} map={draft.maps[key]} onChange={(map) => set('maps', { ...draft.maps, [key]: map })} />
        ))}
      </fieldset>

      <ValueParserEditor parser={draft.value_parser} onChange={(p) => set('value_parser', p)} />

      <fieldset className="usa-fieldset mapped-import__section">
        <legend className="usa-legend usa-legend--large">Station matching</legend>
        <div className="usa-checkbox">
          <input
            className="usa-checkbox__input"
            id="match-station-alone"
            type="checkbox"
            checked={draft.station_matching.station_name_alone}
            onChange={(e) => set('station_matching', { ...draft.station_matching, station_name_alone: e.target.checked })}
          />
          <label className="usa-checkbox__label" htmlFor="match-station-alone">
            Match by the station’s name alone when exactly one station has it
          </label>
        </div>
        <label className="usa-label" htmlFor="match-name-case">
          Names written in capitals
        </label>
        <select
          id="match-name-case"
          className="usa-select"
          value={draft.station_matching.name_case}
          onChange={(e) => set('station_matching', { ...draft.station_matching, name_case: e.target.value as Draft['station_matching']['name_case'] })}
        >
          <option value="as_written">Keep them as written</option>
          <option value="title_if_capitals">Read them in title case (MIDLAND BEACH → Midland Beach)</option>
        </select>
      </fieldset>

      <NewStationPlacesEditor rule={draft.new_station_places} places={places} onChange={(rule) => set('new_station_places', rule)} />
    </div>
  );
}

const COLUMN = 'column';
const CONSTANT = 'constant';
const COMBINATION = 'combination';
const NONE = 'none';

function BindingEditor({ field, binding, header, onChange }: { field: MappingField; binding: FieldBinding | undefined; header: string[]; onChange: (b: FieldBinding | undefined) => void }) {
  const id = `field-${field}`;
  const kind = binding?.kind ?? NONE;
  const firstColumn = header[0] ?? '';
  const change = (next: string) => {
    if (next === NONE) onChange(undefined);
    else if (next === COLUMN) onChange({ kind: 'column', column: binding?.kind === 'combination' ? (binding.parts.find((p) => p.kind === 'column') as { column: string } | undefined)?.column ?? firstColumn : firstColumn, optional: false });
    else if (next === CONSTANT) onChange({ kind: 'constant', value: '' });
    else
      onChange({
        kind: 'combination',
        parts: [
          { kind: 'column', column: binding?.kind === 'column' ? binding.column : firstColumn },
          { kind: 'column', column: header[1] ?? firstColumn },
        ],
        separator: ' ',
      });
  };
  return (
    <fieldset className="usa-fieldset mapped-import__field" aria-describedby={FIELD_HINTS[field] ? `${id}-hint` : undefined}>
      <legend className="usa-legend text-bold">
        {label(field)}
        {REQUIRED.has(field) ? ' (required)' : ''}
      </legend>
      {FIELD_HINTS[field] && (
        <span className="usa-hint" id={`${id}-hint`}>
          {FIELD_HINTS[field]}
        </span>
      )}
      <label className="usa-label" htmlFor={`${id}-kind`}>
        {label(field)}: read from
      </label>
      <select id={`${id}-kind`} className="usa-select" value={kind} onChange={(e) => change(e.target.value)}>
        {!REQUIRED.has(field) && <option value={NONE}>Nothing (left empty)</option>}
        <option value={COLUMN}>A column</option>
        <option value={CONSTANT}>A constant</option>
        <option value={COMBINATION}>A combination</option>
      </select>
      {binding?.kind === 'column' && (
        <>
          <ColumnSelect id={`${id}-column`} label={`${label(field)} column`} header={header} value={binding.column} onChange={(column) => onChange({ ...binding, column })} />
          <div className="usa-checkbox">
            <input className="usa-checkbox__input" id={`${id}-optional`} type="checkbox" checked={binding.optional} onChange={(e) => onChange({ ...binding, optional: e.target.checked })} />
            <label className="usa-checkbox__label" htmlFor={`${id}-optional`}>
              A file may lack this column
            </label>
          </div>
        </>
      )}
      {binding?.kind === 'constant' && (
        <>
          <label className="usa-label" htmlFor={`${id}-constant`}>
            {label(field)} constant
          </label>
          <input id={`${id}-constant`} className="usa-input" value={binding.value} maxLength={300} onChange={(e) => onChange({ ...binding, value: e.target.value })} />
        </>
      )}
      {binding?.kind === 'combination' && (
        <>
          {binding.parts.map((part, i) => {
            const partId = `${id}-part-${i + 1}`;
            const setPart = (next: (typeof binding.parts)[number]) => onChange({ ...binding, parts: binding.parts.map((p, j) => (j === i ? next : p)) });
            return (
              <div key={i} className="mapped-import__part">
                <label className="usa-label" htmlFor={partId}>
                  {label(field)} part {i + 1}
                </label>
                <select
                  id={partId}
                  className="usa-select"
                  value={part.kind === 'column' ? `column:${part.column}` : CONSTANT}
                  onChange={(e) => setPart(e.target.value === CONSTANT ? { kind: 'constant', value: '' } : { kind: 'column', column: e.target.value.slice('column:'.length) })}
                >
                  {header.map((h) => (
                    <option key={h} value={`column:${h}`}>
                      Column: {h}
                    </option>
                  ))}
                  {part.kind === 'column' && !header.includes(part.column) && <option value={`column:${part.column}`}>Column: {part.column} (not in this file)</option>}
                  <option value={CONSTANT}>Text…</option>
                </select>
                {part.kind === 'constant' && (
                  <>
                    <label className="usa-label" htmlFor={`${partId}-text`}>
                      {label(field)} part {i + 1} text
                    </label>
                    <input id={`${partId}-text`} className="usa-input" value={part.value} onChange={(e) => setPart({ kind: 'constant', value: e.target.value })} />
                  </>
                )}
                {binding.parts.length > 2 && (
                  <Button type="button" unstyled className="margin-top-1" onClick={() => onChange({ ...binding, parts: binding.parts.filter((_, j) => j !== i) })}>
                    Remove {label(field).toLowerCase()} part {i + 1}
                  </Button>
                )}
              </div>
            );
          })}
          {binding.parts.length < 4 && (
            <Button type="button" outline className="margin-top-1" onClick={() => onChange({ ...binding, parts: [...binding.parts, { kind: 'column', column: firstColumn }] })}>
              Add a part to {MAPPING_FIELD_LABELS[field]}
            </Button>
          )}
          <label className="usa-label" htmlFor={`${id}-separator`}>
            {label(field)} separator
          </label>
          <span className="usa-hint" id={`${id}-separator-hint`}>
            Put between the parts; a space unless changed.
          </span>
          <input
            id={`${id}-separator`}
            className="usa-input usa-input--small"
            value={binding.separator}
            maxLength={10}
            aria-describedby={`${id}-separator-hint`}
            onChange={(e) => onChange({ ...binding, separator: e.target.value })}
          />
          <p className="usa-hint">
            Reads as: {binding.parts.map((p) => (p.kind === 'column' ? `[${p.column}]` : `“${p.value}”`)).join(` “${binding.separator}” `)}
          </p>
        </>
      )}
    </fieldset>
  );
}

function ColumnSelect({ id, label: text, header, value, onChange }: { id: string; label: string; header: string[]; value: string; onChange: (column: string) => void }) {
  return (
    <>
      <label className="usa-label" htmlFor={id}>
        {text}
      </label>
      <select id={id} className="usa-select" value={value} onChange={(e) => onChange(e.target.value)}>
        {header.length === 0 && !value && <option value="">Choose a file to list its columns</option>}
        {header.map((h) => (
          <option key={h} value={h}>
            {h}
          </option>
        ))}
        {value && !header.includes(value) && <option value={value}>{value} (not in this file)</option>}
      </select>
    </>
  );
}

function ValueMapEditor({ id, which, map, onChange }: { id: string; which: keyof ValueMaps; map: ValueMaps[keyof ValueMaps]; onChange: (map: ValueMaps[keyof ValueMaps]) => void }) {
  const text = MAP_LABELS[which];
  const setEntry = (i: number, entry: { from: string; to: string }) => onChange({ ...map, entries: map.entries.map((e, j) => (j === i ? entry : e)) });
  return (
    <fieldset className="usa-fieldset mapped-import__map" aria-describedby={`${id}-hint`}>
      <legend className="usa-legend text-bold">{text.title}</legend>
      <span className="usa-hint" id={`${id}-hint`}>
        {text.hint}
      </span>
      {map.entries.length === 0 && <p className="margin-y-1">No entries.</p>}
      {map.entries.map((entry, i) => (
        <div key={i} className="mapped-import__map-row">
          <div>
            <label className="usa-label" htmlFor={`${id}-${i}-from`}>
              {text.title}: text {i + 1} in the file
            </label>
            <input id={`${id}-${i}-from`} className="usa-input" value={entry.from} onChange={(e) => setEntry(i, { ...entry, from: e.target.value })} />
          </div>
          <div>
            <label className="usa-label" htmlFor={`${id}-${i}-to`}>
              {text.title}: {text.to.toLowerCase()} {i + 1}
            </label>
            <input id={`${id}-${i}-to`} className="usa-input" value={entry.to} onChange={(e) => setEntry(i, { ...entry, to: e.target.value })} />
          </div>
          <Button type="button" unstyled onClick={() => onChange({ ...map, entries: map.entries.filter((_, j) => j !== i) })}>
            Remove {text.title.toLowerCase()} entry {i + 1}
          </Button>
        </div>
      ))}
      <Button type="button" outline className="margin-top-1" onClick={() => onChange({ ...map, entries: [...map.entries, { from: '', to: '' }] })}>
        Add a {text.title.toLowerCase().replace(/s$/, '')} entry
      </Button>
      <label className="usa-label" htmlFor={`${id}-otherwise`}>
        {text.title}: a text not listed
      </label>
      <select id={`${id}-otherwise`} className="usa-select" value={map.otherwise} onChange={(e) => onChange({ ...map, otherwise: e.target.value as typeof map.otherwise })}>
        {UNMAPPED_RULES.map((rule) => (
          <option key={rule} value={rule}>
            {UNMAPPED_LABELS[rule]}
          </option>
        ))}
      </select>
    </fieldset>
  );
}

const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

function ValueParserEditor({ parser, onChange }: { parser: Draft['value_parser']; onChange: (p: Draft['value_parser']) => void }) {
  const setWord = (i: number, word: Draft['value_parser']['words'][number]) => onChange({ ...parser, words: parser.words.map((w, j) => (j === i ? word : w)) });
  return (
    <fieldset className="usa-fieldset mapped-import__section">
      <legend className="usa-legend usa-legend--large">Value parser</legend>
      <div className="mapped-import__map-row">
        <div>
          <label className="usa-label" htmlFor="parser-less">
            Remark for “&lt;10”
          </label>
          <input id="parser-less" className="usa-input usa-input--small" value={parser.less_than_remark} onChange={(e) => onChange({ ...parser, less_than_remark: e.target.value })} />
        </div>
        <div>
          <label className="usa-label" htmlFor="parser-greater">
            Remark for “&gt;2419.6”
          </label>
          <input id="parser-greater" className="usa-input usa-input--small" value={parser.greater_than_remark} onChange={(e) => onChange({ ...parser, greater_than_remark: e.target.value })} />
        </div>
      </div>
      <label className="usa-label" htmlFor="parser-below-limit">
        Value of a below-limit result with an empty value cell
      </label>
      <span className="usa-hint" id="parser-below-limit-hint">
        The reporting limit of the source’s method (e.g. 10), or empty to store no value.
      </span>
      <input
        id="parser-below-limit"
        className="usa-input usa-input--small"
        inputMode="decimal"
        aria-describedby="parser-below-limit-hint"
        value={parser.below_limit_value ?? ''}
        onChange={(e) => onChange({ ...parser, below_limit_value: numberOrNull(e.target.value) })}
      />
      <div className="usa-checkbox margin-top-2">
        <input className="usa-checkbox__input" id="parser-thousands" type="checkbox" checked={parser.thousands_separator} onChange={(e) => onChange({ ...parser, thousands_separator: e.target.checked })} />
        <label className="usa-checkbox__label" htmlFor="parser-thousands">
          Read “1,000” as 1000
        </label>
      </div>
      <fieldset className="usa-fieldset margin-top-2">
        <legend className="usa-legend text-bold">Words in the value cell</legend>
        {parser.words.length === 0 && <p className="margin-y-1">No words.</p>}
        {parser.words.map((word, i) => (
          <div key={i} className="mapped-import__map-row">
            <div>
              <label className="usa-label" htmlFor={`word-${i}-text`}>
                Word {i + 1}
              </label>
              <input id={`word-${i}-text`} className="usa-input" value={word.text} onChange={(e) => setWord(i, { ...word, text: e.target.value })} />
            </div>
            <div>
              <label className="usa-label" htmlFor={`word-${i}-remark`}>
                Word {i + 1} remark code
              </label>
              <input id={`word-${i}-remark`} className="usa-input" value={word.remark} onChange={(e) => setWord(i, { ...word, remark: e.target.value })} />
            </div>
            <div>
              <label className="usa-label" htmlFor={`word-${i}-value`}>
                Word {i + 1} value (empty: none)
              </label>
              <input id={`word-${i}-value`} className="usa-input" inputMode="decimal" value={word.value ?? ''} onChange={(e) => setWord(i, { ...word, value: numberOrNull(e.target.value) })} />
            </div>
            <Button type="button" unstyled onClick={() => onChange({ ...parser, words: parser.words.filter((_, j) => j !== i) })}>
              Remove word {i + 1}
            </Button>
          </div>
        ))}
        <Button type="button" outline className="margin-top-1" onClick={() => onChange({ ...parser, words: [...parser.words, { text: '', remark: '', value: null }] })}>
          Add a word
        </Button>
      </fieldset>
    </fieldset>
  );
}

function NewStationPlacesEditor({ rule, places, onChange }: { rule: NewStationPlaces; places: PlaceChoices; onChange: (rule: NewStationPlaces) => void }) {
  const hint = useId();
  const locationType = rule.from === 'none' ? undefined : rule.location_type;
  const change = (from: NewStationPlaces['from']) => {
    if (from === 'none') onChange({ from });
    else if (from === 'columns') onChange({ from, location_type: locationType });
    else if (from === 'constant') onChange({ from, county: rule.from === 'constant' ? rule.county : '', municipality: rule.from === 'constant' ? rule.municipality : '', location_type: locationType });
    else onChange({ from, beaches: rule.from === 'per_beach' ? rule.beaches : [], location_type: locationType });
  };
  return (
    <fieldset className="usa-fieldset mapped-import__section">
      <legend className="usa-legend usa-legend--large">New stations</legend>
      <label className="usa-label" htmlFor="new-places-from">
        Where new stations go
      </label>
      <span className="usa-hint" id={hint}>
        A station the portal lacks at a beach it has joins that beach. A new beach needs a county and municipality from your Places; nothing is created without a dry run you read first.
      </span>
      <select id="new-places-from" className="usa-select" value={rule.from} aria-describedby={hint} onChange={(e) => change(e.target.value as NewStationPlaces['from'])}>
        {(Object.keys(PLACE_RULES) as NewStationPlaces['from'][]).map((from) => (
          <option key={from} value={from}>
            {PLACE_RULES[from]}
          </option>
        ))}
      </select>
      {rule.from === 'constant' && (
        <PlacePicker
          id="new-places"
          label="New beaches’"
          places={places}
          county={rule.county}
          municipality={rule.municipality}
          onChange={(county, municipality) => onChange({ ...rule, county, municipality })}
        />
      )}
      {rule.from === 'per_beach' && (
        <>
          {rule.beaches.length === 0 ? (
            <p>No beach has a place yet: preview the file and choose each new beach’s county and municipality there.</p>
          ) : (
            <ul className="usa-list">
              {rule.beaches.map((b) => (
                <li key={b.beach}>
                  {b.beach}: {b.municipality}, {b.county} County{' '}
                  <Button type="button" unstyled onClick={() => onChange({ ...rule, beaches: rule.beaches.filter((x) => x !== b) })}>
                    Remove {b.beach}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {rule.from !== 'none' && (
        <>
          <label className="usa-label" htmlFor="new-places-location-type">
            New beaches’ location type
          </label>
          <select
            id="new-places-location-type"
            className="usa-select"
            value={locationType ?? ''}
            onChange={(e) => onChange({ ...rule, location_type: (e.target.value || undefined) as keyof typeof LOCATION_TYPE_NAMES | undefined } as NewStationPlaces)}
          >
            <option value="">From the rows (location type field)</option>
            {Object.entries(LOCATION_TYPE_NAMES).map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
        </>
      )}
    </fieldset>
  );
}
