import { describe, expect, it } from 'vitest';
import { mapKey, valueMapsSchema } from './mapping';
import { mapText, VALUE_MAP_REASONS } from './value-maps';

const maps = valueMapsSchema.parse({
  remarks: { entries: [{ from: 'Result below detection limit', to: 'K' }, { from: 'MPN/100 ml', to: '' }], otherwise: 'refuse' },
  units: { entries: [{ from: 'MPN/100 ml', to: 'MPN/100mL' }], otherwise: 'keep' },
  parameters: { entries: [{ from: 'Enterococci', to: 'Enterococcus' }], otherwise: 'empty' },
});

describe('mapText', () => {
  it('finds entries blind to case and spacing', () => {
    expect(mapText('Result below detection limit', maps.remarks)).toEqual({ ok: true, text: 'K' });
    expect(mapText('  RESULT  BELOW DETECTION   LIMIT ', maps.remarks)).toEqual({ ok: true, text: 'K' });
    expect(mapText('result below detection limit', maps.remarks)).toEqual({ ok: true, text: 'K' });
    expect(mapText('MPN / 100 mL', maps.units)).toEqual({ ok: true, text: 'MPN/100mL' });
    expect(mapText('mpn/100ml', maps.units)).toEqual({ ok: true, text: 'MPN/100mL' });
  });
  it('maps a text to nothing when the entry says so', () => {
    expect(mapText('MPN/100 ml', maps.remarks)).toEqual({ ok: true, text: '' });
  });
  it('an unlisted text is kept, emptied or refused as the map says', () => {
    expect(mapText('CFU/100mL', maps.units)).toEqual({ ok: true, text: 'CFU/100mL' });
    expect(mapText('  CFU/100mL ', maps.units)).toEqual({ ok: true, text: 'CFU/100mL' });
    expect(mapText('Fecal coliform', maps.parameters)).toEqual({ ok: true, text: '' });
    expect(mapText('Sample broken', maps.remarks)).toEqual({ ok: false, reason: VALUE_MAP_REASONS.unmapped });
  });
  it('an empty cell stays empty, even where unlisted texts are refused', () => {
    expect(mapText('', maps.remarks)).toEqual({ ok: true, text: '' });
    expect(mapText('   ', maps.remarks)).toEqual({ ok: true, text: '' });
  });
  it('punctuation still counts: E. coli is not Ecoli', () => {
    const parameters = valueMapsSchema.parse({ parameters: { entries: [{ from: 'E. coli', to: 'E_COLI' }], otherwise: 'refuse' } }).parameters;
    expect(mapText('e.  COLI', parameters)).toEqual({ ok: true, text: 'E_COLI' });
    expect(mapText('Ecoli', parameters)).toEqual({ ok: false, reason: VALUE_MAP_REASONS.unmapped });
  });
  it('mapKey drops every space and case', () => {
    expect(mapKey(' MPN / 100\tmL ')).toBe('mpn/100ml');
  });
});
