import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Checkbox, Table, Tag } from '@trussworks/react-uswds';
import { MUNICIPALITY_TYPE_NAMES } from '@beach/domain';
import { ManagementList } from '../../components/management/ManagementList';
import { SelectField } from '../../components/SelectField';
import type { CountyRecord, MunicipalityRecord } from './api';
import type { MergeSource, PlaceTarget } from './place-actions';
import { countyTitle, placeEditPath, placesListPath } from './place-words';

/** What the page's lists share: the places query's state, the notice and the row actions. */
export interface PlaceListShared {
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  notice: string | null;
  showRetired: boolean;
  onShowRetired: (show: boolean) => void;
  actions: {
    retire: (place: PlaceTarget) => ReactNode;
    merge: (place: MergeSource) => ReactNode;
  };
}

const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name);

export const municipalityTitle = (m: MunicipalityRecord) => `${m.name} (${countyTitle(m.county)})`;

function ShowRetired({ id, checked, onChange }: { id: string; checked: boolean; onChange: (show: boolean) => void }) {
  return (
    <Checkbox
      id={id}
      name={id}
      label="Show retired places"
      className="places-toolbar__retired"
      checked={checked}
      onChange={(event) => onChange(event.target.checked)}
    />
  );
}

function Status({ retired }: { retired: boolean }) {
  return retired ? <Tag className="bg-base-dark">Retired</Tag> : <span>Active</span>;
}

export function CountyList({
  counties,
  shared,
  deleteButton,
}: {
  counties: readonly CountyRecord[] | undefined;
  shared: PlaceListShared;
  deleteButton: (county: CountyRecord) => ReactNode;
}) {
  const all = counties ? [...counties].sort(byName) : undefined;
  const items = all?.filter((c) => shared.showRetired || !c.retired);
  const hidden = (all?.length ?? 0) - (items?.length ?? 0);
  return (
    <ManagementList
      items={items}
      isLoading={shared.isLoading}
      isError={shared.isError}
      onRetry={shared.onRetry}
      noun="counties"
      loadError="The counties could not be loaded."
      add={{ to: placeEditPath('county', 'new'), label: 'Add county' }}
      search={{
        id: 'county-search',
        label: 'Find a county by name, FIPS code or state',
        matches: (c, needle) => c.name.toLowerCase().includes(needle) || Boolean(c.fips?.includes(needle)) || c.state?.toLowerCase() === needle,
      }}
      notice={shared.notice}
      empty={hidden ? `Every county is retired: check “Show retired places” to see ${hidden === 1 ? 'it' : `all ${hidden}`}.` : 'There are no counties yet: add one, or load them from a file below.'}
      toolbar={
        <div className="places-toolbar">
          <ShowRetired id="show-retired-counties" checked={shared.showRetired} onChange={shared.onShowRetired} />
        </div>
      }
    >
      {(shown) => (
        <div className="overflow-x-auto">
          <Table bordered compact fullWidth stackedStyle="headers" className="places-table" caption={`Counties${hidden ? ` (${hidden} retired not shown)` : ''}`}>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">FIPS code</th>
                <th scope="col">State</th>
                <th scope="col">Municipalities</th>
                <th scope="col">In use</th>
                <th scope="col">Status</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((c) => {
                const title = countyTitle(c.name);
                const others = (all ?? []).filter((o) => o.county_id !== c.county_id);
                return (
                  <tr key={c.county_id}>
                    <th scope="row">
                      <Link to={placeEditPath('county', c.county_id)}>{c.name}</Link>
                    </th>
                    <td data-label="FIPS code">{c.fips ?? '—'}</td>
                    <td data-label="State">{c.state ?? '—'}</td>
                    <td data-label="Municipalities">
                      {c.municipalities > 0 ? (
                        <Link to={placesListPath('municipalities', c.county_id)} aria-label={`${c.municipalities} municipalities of ${title}`}>
                          {c.municipalities}
                        </Link>
                      ) : (
                        0
                      )}
                    </td>
                    <td data-label="In use">{c.in_use}</td>
                    <td data-label="Status">
                      <Status retired={c.retired} />
                    </td>
                    <td data-label="Actions">
                      <div className="places-actions">
                        {shared.actions.retire({ kind: 'county', id: c.county_id, title, retired: c.retired })}
                        {shared.actions.merge({
                          kind: 'county',
                          id: c.county_id,
                          title,
                          retired: c.retired,
                          inUse: c.in_use,
                          municipalities: c.municipalities,
                          into: others.map((o) => ({ value: String(o.county_id), label: `${countyTitle(o.name)}${o.retired ? ' (retired)' : ''}` })),
                        })}
                        {c.in_use === 0 && c.municipalities === 0 && deleteButton(c)}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
        </div>
      )}
    </ManagementList>
  );
}

export function MunicipalityList({
  counties,
  municipalities,
  countyId,
  onCounty,
  shared,
  deleteButton,
}: {
  counties: readonly CountyRecord[] | undefined;
  municipalities: readonly MunicipalityRecord[] | undefined;
  /** The county filter (null: every county). */
  countyId: number | null;
  onCounty: (countyId: number | null) => void;
  shared: PlaceListShared;
  deleteButton: (municipality: MunicipalityRecord) => ReactNode;
}) {
  const all = municipalities ? [...municipalities].sort((a, b) => a.county.localeCompare(b.county) || byName(a, b)) : undefined;
  const inCounty = all?.filter((m) => countyId === null || m.county_id === countyId);
  const items = inCounty?.filter((m) => shared.showRetired || !m.retired);
  const hidden = (inCounty?.length ?? 0) - (items?.length ?? 0);
  const county = counties?.find((c) => c.county_id === countyId);
  const countyOptions = [...(counties ?? [])]
    .filter((c) => shared.showRetired || !c.retired || c.county_id === countyId)
    .sort(byName)
    .map((c) => ({ value: String(c.county_id), label: `${c.name}${c.retired ? ' (retired)' : ''}` }));
  const where = county ? ` in ${countyTitle(county.name)}` : '';

  return (
    <ManagementList
      items={items}
      isLoading={shared.isLoading}
      isError={shared.isError}
      onRetry={shared.onRetry}
      noun="municipalities"
      loadError="The municipalities could not be loaded."
      add={{ to: placeEditPath('municipality', 'new', countyId), label: 'Add municipality' }}
      search={{
        id: 'municipality-search',
        label: 'Find a municipality by name, county or code',
        matches: (m, needle) => m.name.toLowerCase().includes(needle) || m.county.toLowerCase().includes(needle) || Boolean(m.code?.includes(needle)),
      }}
      notice={shared.notice}
      empty={
        hidden
          ? `Every municipality${where} is retired: check “Show retired places” to see ${hidden === 1 ? 'it' : `all ${hidden}`}.`
          : `There are no municipalities${where} yet: add one, or load them from a file below.`
      }
      toolbar={
        <div className="places-toolbar">
          <div className="places-toolbar__county">
            <SelectField
              id="municipality-county"
              label="County"
              value={countyId === null ? '' : String(countyId)}
              options={countyOptions}
              emptyLabel="All counties"
              onChange={(value) => onCounty(value ? Number(value) : null)}
            />
          </div>
          <ShowRetired id="show-retired-municipalities" checked={shared.showRetired} onChange={shared.onShowRetired} />
        </div>
      }
    >
      {(shown) => (
        <div className="overflow-x-auto">
          <Table
            bordered
            compact
            fullWidth
            stackedStyle="headers"
            className="places-table"
            caption={`Municipalities${where}${hidden ? ` (${hidden} retired not shown)` : ''}`}
          >
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">County</th>
                <th scope="col">Code</th>
                <th scope="col">Type</th>
                <th scope="col">In use</th>
                <th scope="col">Status</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((m) => {
                const title = municipalityTitle(m);
                const others = (all ?? []).filter((o) => o.county_id === m.county_id && o.municipality_id !== m.municipality_id);
                return (
                  <tr key={m.municipality_id}>
                    <th scope="row">
                      <Link to={placeEditPath('municipality', m.municipality_id)}>{m.name}</Link>
                    </th>
                    <td data-label="County">{m.county}</td>
                    <td data-label="Code">{m.code ?? '—'}</td>
                    <td data-label="Type">{m.type ? MUNICIPALITY_TYPE_NAMES[m.type] : '—'}</td>
                    <td data-label="In use">{m.in_use}</td>
                    <td data-label="Status">
                      <Status retired={m.retired} />
                    </td>
                    <td data-label="Actions">
                      <div className="places-actions">
                        {shared.actions.retire({ kind: 'municipality', id: m.municipality_id, title, retired: m.retired })}
                        {shared.actions.merge({
                          kind: 'municipality',
                          id: m.municipality_id,
                          title,
                          retired: m.retired,
                          inUse: m.in_use,
                          into: others.map((o) => ({ value: String(o.municipality_id), label: `${o.name}${o.retired ? ' (retired)' : ''}` })),
                        })}
                        {m.in_use === 0 && deleteButton(m)}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
        </div>
      )}
    </ManagementList>
  );
}
