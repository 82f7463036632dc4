import { describe, expect, it } from 'vitest';
import {
  bracketBeachBase,
  bracketNameParts,
  countyKey,
  isNoRemarkText,
  matchCounty,
  matchMunicipality,
  municipalityParts,
  parseMappings,
  readLegacyStationType,
  remarkLookupText,
} from './legacy';
import { WATER_QUALITY_COLUMNS } from './columns';
import { csvLine } from './format';
import { parseWaterQualityCsv } from './parse';

describe('remark text of agencies files', () => {
  it.each(['', '--', ' -- ', '-', '---'])('%j is no remark', (text) => {
    expect(isNoRemarkText(text)).toBe(true);
    expect(remarkLookupText(text)).toBe('');
  });
  it.each([
    ['K', 'K'],
    [' ns ', 'NS'],
    ['FA', 'FA'],
    ['<', '<'],
  ])('%j is the code %j', (text, code) => {
    expect(isNoRemarkText(text)).toBe(false);
    expect(remarkLookupText(text)).toBe(code);
  });
});

describe('readLegacyStationType', () => {
  it.each([
    ['Primary', { type: 'PRIMARY', archived: false }],
    ['BRACKET', { type: 'BRACKET', archived: false }],
    ['Archived', { type: null, archived: true }],
    ['historical', { type: null, archived: true }],
    ['', { type: null, archived: false }],
    ['Secondary', undefined],
  ])('%j', (text, expected) => {
    expect(readLegacyStationType(text)).toEqual(expected);
  });
});

describe('place names', () => {
  it('reads a county with or without the word County', () => {
    expect(countyKey('Cape May County')).toBe('cape may');
    expect(countyKey('  cape   MAY ')).toBe('cape may');
    expect(countyKey('County of Monmouth')).toBe('monmouth');
    const counties = [{ name: 'Cape May' }, { name: 'Monmouth' }, { name: 'Ocean' }];
    expect(matchCounty('Cape May County', counties)).toEqual({ match: { name: 'Cape May' } });
    expect(matchCounty('Monmouth County', counties)).toEqual({ match: { name: 'Monmouth' } });
    expect(matchCounty('Kent County', counties)).toEqual({ none: true });
  });

  it('splits a municipality name into base name and form of government', () => {
    expect(municipalityParts('Avalon Borough')).toEqual({ base: 'avalon', form: 'borough' });
    expect(municipalityParts('Asbury Park City')).toEqual({ base: 'asbury park', form: 'city' });
    expect(municipalityParts('Township of Lower')).toEqual({ base: 'lower', form: 'township' });
    expect(municipalityParts('Brick Twp.')).toEqual({ base: 'brick', form: 'township' });
    expect(municipalityParts('Avon-by-the-Sea')).toEqual({ base: 'avon by the sea', form: null });
  });

  const capeMay = [{ name: 'Avalon' }, { name: 'Ocean City' }, { name: 'Cape May' }, { name: 'Cape May Point' }, { name: 'Sea Isle City' }];
  it.each([
    ['Avalon Borough', 'Avalon'],
    ['avalon', 'Avalon'],
    ['Ocean City', 'Ocean City'],
    ['Cape May City', 'Cape May'],
    ['Cape May Point Borough', 'Cape May Point'],
    ['Sea Isle City', 'Sea Isle City'],
  ])('%j is %j', (name, expected) => {
    expect(matchMunicipality(name, capeMay)).toEqual({ match: { name: expected } });
  });

  it('never takes one form of government for another, and says when a name is ambiguous or unknown', () => {
    const monmouth = [{ name: 'Neptune Township' }, { name: 'Asbury Park' }];
    expect(matchMunicipality('Neptune City', monmouth)).toEqual({ none: true });
    expect(matchMunicipality('Neptune Township', monmouth)).toEqual({ match: { name: 'Neptune Township' } });
    expect(matchMunicipality('Asbury Park City', monmouth)).toEqual({ match: { name: 'Asbury Park' } });
    expect(matchMunicipality('Neptune', [{ name: 'Neptune Township' }, { name: 'Neptune City' }])).toEqual({
      ambiguous: [{ name: 'Neptune Township' }, { name: 'Neptune City' }],
    });
    expect(matchMunicipality('Atlantis', monmouth)).toEqual({ none: true });
  });
});

describe('bracket names', () => {
  it.each([
    ['XX1020N1', { primary: 'XX1020', suffix: 'N1' }],
    ['XX1020S1', { primary: 'XX1020', suffix: 'S1' }],
    ['XX1185SN1', { primary: 'XX1185', suffix: 'SN1' }],
    ['Import Town - Test Beach N1', { primary: 'Import Town - Test Beach', suffix: 'N1' }],
    ['Lonely Beach W2', { primary: 'Lonely Beach', suffix: 'W2' }],
    ['XX1020', null],
    ['Route 9', null],
    ['South Bath', null],
    ['ABCN1', null],
  ])('%j', (name, expected) => {
    expect(bracketNameParts(name)).toEqual(expected);
  });

  it('finds the primary beach name in a bracket beach name', () => {
    expect(bracketBeachBase('South Bath N1', 'N1')).toBe('South Bath');
    expect(bracketBeachBase('South Bath SN1', 'SN1')).toBe('South Bath');
    expect(bracketBeachBase('South Bath S2', null)).toBe('South Bath');
    expect(bracketBeachBase('South Bath', 'N1')).toBe('South Bath');
    expect(bracketBeachBase('Route 9', null)).toBe('Route 9');
  });
});

describe('parseMappings', () => {
  it('splits at the last =', () => {
    expect(parseMappings(['XX=K', 'ZZ=', 'Program A = B=OB'], '--map-remark')).toEqual([
      { from: 'XX', to: 'K' },
      { from: 'ZZ', to: '' },
      { from: 'Program A = B', to: 'OB' },
    ]);
  });
  it('refuses a pair without a name', () => {
    expect(() => parseMappings(['=K'], '--map-remark')).toThrow("--map-remark '=K' is not NAME=VALUE");
    expect(() => parseMappings(['K'], '--map-remark')).toThrow(RangeError);
  });
});

describe('parseWaterQualityCsv with the vocabulary of agencies files', () => {
  const header = WATER_QUALITY_COLUMNS.join(',');
  const row = (type: string, remark: string) =>
    csvLine(['P', 'XX1020', 'South Bath', '39.1', '-74.7', 'Avalon Borough', 'Cape May County', type, 'Ocean', '07/04/2024', '', '10', '', 'CFU/100mL', 'Enterococcus', remark]);

  it('reads Archived and Historical stations and -- as no remark', () => {
    const { rows, errors } = parseWaterQualityCsv(`${header}\n${row('Archived', '--')}${row('Historical', 'K')}${row('Primary', '')}`);
    expect(errors).toEqual([]);
    expect(rows.map((r) => [r.stationType, r.stationArchived, r.remarkCodeName])).toEqual([
      [null, true, null],
      [null, true, 'K'],
      ['PRIMARY', false, null],
    ]);
  });
});
