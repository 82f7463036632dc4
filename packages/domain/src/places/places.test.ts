import { describe, expect, it } from 'vitest';
import { placeKey } from '../csv/legacy';
import { countyFipsProblem, parsePlacesCsv, planCounts, planPlacesLoad, readMunicipalityType } from './index';

const HEADER = 'county,county_fips,municipality,municipality_code,type';

describe('place names and codes', () => {
  it('compares names without case, surrounding or repeated spaces', () => {
    expect(placeKey('  Point   Pleasant Beach ')).toBe(placeKey('point pleasant beach'));
    expect(placeKey('Ocean City')).not.toBe(placeKey('Ocean Gate'));
  });

  it('checks a county FIPS code: 5 digits of a known state', () => {
    expect(countyFipsProblem('34029')).toBeNull();
    expect(countyFipsProblem('3402')).toMatch(/5 digits/);
    expect(countyFipsProblem('34O29')).toMatch(/5 digits/);
    expect(countyFipsProblem('99001')).toMatch(/state/);
  });

  it('reads municipality types as people write them', () => {
    expect(readMunicipalityType('borough')).toBe('BOROUGH');
    expect(readMunicipalityType(' Township ')).toBe('TOWNSHIP');
    expect(readMunicipalityType('hamlet')).toBeUndefined();
  });
});

describe('parsePlacesCsv', () => {
  it('reads counties alone and with municipalities, columns in any order and case', () => {
    const { rows, errors } = parsePlacesCsv(['TYPE,Municipality,County,County_FIPS,municipality_code', ',,Ocean,34029,', 'borough,Bay Head,Ocean,34029,3404103'].join('\r\n'));
    expect(errors).toEqual([]);
    expect(rows).toEqual([
      { line: 2, county: 'Ocean', countyFips: '34029', municipality: null, municipalityCode: null, type: null },
      { line: 3, county: 'Ocean', countyFips: '34029', municipality: 'Bay Head', municipalityCode: '3404103', type: 'BOROUGH' },
    ]);
  });

  it('reports every problem by line: duplicates, missing county, wrong shapes, two FIPS codes for one county', () => {
    const { rows, errors } = parsePlacesCsv(
      [
        HEADER,
        'Ocean,34029,Bay Head,,borough',
        'ocean, 34029 ,bay  head,,',
        ',34029,Lavallette,,',
        'Ocean,3402,Seaside Park,,',
        'Ocean,34031,Seaside Heights,,',
        'Monmouth,34029,Sea Girt,,',
        'Ocean,34029,Mantoloking,12,hamlet',
        'Ocean,34029,,,borough',
      ].join('\n'),
    );
    expect(rows.map((r) => r.line)).toEqual([2]);
    const byLine = (line: number) => errors.filter((e) => e.line === line).map((e) => e.message);
    expect(byLine(3)).toEqual(['Duplicate: bay head (ocean) is already on line 2']);
    expect(byLine(4)).toEqual(['County is required']);
    expect(byLine(5)[0]).toMatch(/5 digits/);
    expect(byLine(6)).toEqual(["County 'Ocean' has FIPS code 34029 on line 2"]);
    expect(byLine(7)).toEqual(["FIPS code 34029 is county 'Ocean' on line 2"]);
    expect(byLine(8)).toHaveLength(2);
    expect(byLine(9)).toEqual(['A municipality code or type needs a municipality name']);
  });

  it('refuses a cell with a line break, a control, bidi or invisible character (cells become names)', () => {
    const { rows, errors } = parsePlacesCsv([HEADER, 'Ocean,34029,"Bay\nHead",,', 'Ocean,34029,Sea\u202EGirt,,', 'Ocean,34029,Lavallette,,'].join('\n'));
    expect(rows.map((r) => r.municipality)).toEqual(['Lavallette']);
    expect(errors.map((e) => e.line)).toEqual([2, 4]);
    expect(errors[0]!.message).toMatch(/one line of text/);
  });

  it('refuses a file whose field runs past the upload cap, at its line (issue 27)', () => {
    const { rows, errors } = parsePlacesCsv([HEADER, 'Ocean,34029,Bay Head,,', `Ocean,34029,"${'x'.repeat(20_000)}`].join('\n'));
    expect(rows).toEqual([]);
    expect(errors).toEqual([{ line: 3, message: 'a quoted field is longer than 10,000 characters: is its closing quote missing?' }]);
  });

  it('refuses a file without the columns, an empty file and a header alone', () => {
    expect(parsePlacesCsv('county,fips\nOcean,34029').errors).toEqual([{ line: 1, message: 'Missing columns: county_fips, municipality, municipality_code, type' }]);
    expect(parsePlacesCsv('').errors[0]!.message).toMatch(/empty/);
    expect(parsePlacesCsv(HEADER).errors[0]!.message).toMatch(/no places/);
  });
});

describe('planPlacesLoad', () => {
  const stored = {
    counties: [
      { county_id: 1, name: 'Ocean', fips: '34029' },
      { county_id: 2, name: 'Atlantic', fips: '34001' },
      { county_id: 3, name: 'Legacy', fips: null },
    ],
    municipalities: [
      { municipality_id: 10, county_id: 1, name: 'Bay Head', code: null, type: 'BOROUGH' },
      { municipality_id: 11, county_id: 2, name: 'Margate City', code: '3443890', type: 'CITY' },
    ],
  };
  const plan = (lines: string[]) => planPlacesLoad(parsePlacesCsv([HEADER, ...lines].join('\n')).rows, stored);

  it('sorts each place into new, unchanged and conflicting, with the reason', () => {
    const p = plan([
      'Ocean,34029,bay head,,borough',
      'Ocean,34029,Lavallette,,borough',
      'Atlantic,34001,Margate City,3443899,city',
      'Cape May,34009,Avalon,,borough',
      'Legacy,34099,,,',
    ]);
    expect(p.counties.map((c) => [c.name, c.outcome])).toEqual([
      ['Ocean', 'unchanged'],
      ['Atlantic', 'unchanged'],
      ['Cape May', 'new'],
      ['Legacy', 'conflicting'],
    ]);
    expect(p.municipalities.map((m) => [m.name, m.outcome])).toEqual([
      ['bay head', 'unchanged'],
      ['Lavallette', 'new'],
      ['Margate City', 'conflicting'],
      ['Avalon', 'new'],
    ]);
    expect(p.municipalities[2]!.reason).toBe('Margate City is stored with code 3443890');
    expect(planCounts(p)).toEqual({ counties: { new: 1, unchanged: 2, conflicting: 1 }, municipalities: { new: 2, unchanged: 1, conflicting: 1 } });
  });

  it('calls a county whose FIPS code is stored under another name conflicting', () => {
    expect(plan(['Bergen,34001,Fort Lee,,borough']).counties[0]).toMatchObject({ outcome: 'conflicting', reason: 'FIPS code 34001 is stored as Atlantic' });
  });

  it('calls a county stored under the same name with another FIPS code conflicting', () => {
    expect(plan(['Ocean,34031,,,'])[`counties`][0]).toMatchObject({ outcome: 'conflicting', reason: 'Ocean is stored with FIPS code 34029' });
  });
});
