import { describe, expect, it } from 'vitest';
import { valueParserSchema } from './mapping';
import { emptyValueFor, mergeRemark, parseNumber, parseValue, remarkMeaning, VALUE_REASONS } from './values';

const defaults = valueParserSchema.parse({});
const ok = (value: number | null, remark: string | null = null) => ({ ok: true, value, remark });
const fail = (reason: string) => ({ ok: false, reason });

describe('parseValue with the default settings (K below, L above, TNTC a word)', () => {
  it.each<[string, unknown]>([
    ['10', ok(10)],
    ['10.0', ok(10)],
    [' 35 ', ok(35)],
    ['0', ok(0)],
    ['.5', ok(0.5)],
    ['10.', ok(10)],
    ['2419.6', ok(2419.6)],
    ['1.2E+03', ok(1200)],
    ['1,000', ok(1000)],
    ['12,345.6', ok(12345.6)],
    ['1,234,567', ok(1234567)],
    ['<10', ok(10, 'K')],
    ['< 10', ok(10, 'K')],
    ['<1,000', ok(1000, 'K')],
    ['>2419.6', ok(2419.6, 'L')],
    ['> 24196', ok(24196, 'L')],
    ['TNTC', ok(null, 'TNTC')],
    ['tntc', ok(null, 'TNTC')],
    ['', ok(null)],
    ['   ', ok(null)],
    ['Result below detection limit', fail(VALUE_REASONS.notNumber)],
    ['N/A', fail(VALUE_REASONS.notNumber)],
    ['<', fail(VALUE_REASONS.notNumber)],
    ['<=10', fail(VALUE_REASONS.notNumber)],
    ['<<10', fail(VALUE_REASONS.notNumber)],
    ['10 MPN', fail(VALUE_REASONS.notNumber)],
    ['1,00', fail(VALUE_REASONS.notNumber)],
    ['10,5', fail(VALUE_REASONS.notNumber)],
    ['1,0000', fail(VALUE_REASONS.notNumber)],
    ['1.000,5', fail(VALUE_REASONS.notNumber)],
    ['Infinity', fail(VALUE_REASONS.notNumber)],
    ['0x10', fail(VALUE_REASONS.notNumber)],
    ['-5', fail(VALUE_REASONS.negative)],
    ['<-5', fail(VALUE_REASONS.negative)],
    ['-0', ok(0)],
    ['10000001', fail(VALUE_REASONS.tooLarge)],
    ['1e400', fail(VALUE_REASONS.notNumber)],
  ])('%j', (text, expected) => {
    expect(parseValue(text, defaults)).toEqual(expected);
  });
});

describe('parseValue with a source of its own', () => {
  it('uses the mapping\'s codes and words: TNTC at the dilution\'s limit, ND below the reporting limit', () => {
    const options = valueParserSchema.parse({
      less_than_remark: '<',
      greater_than_remark: '>',
      words: [
        { text: 'TNTC', remark: 'TNTC', value: 2420 },
        { text: 'N D', remark: 'K', value: 10 },
      ],
    });
    expect(parseValue('<10', options)).toEqual(ok(10, '<'));
    expect(parseValue('>2419.6', options)).toEqual(ok(2419.6, '>'));
    expect(parseValue('TNTC', options)).toEqual(ok(2420, 'TNTC'));
    expect(parseValue('nd', options)).toEqual(ok(10, 'K'));
  });
  it('without the thousands separator, 1,000 is text', () => {
    expect(parseValue('1,000', valueParserSchema.parse({ thousands_separator: false }))).toEqual(fail(VALUE_REASONS.notNumber));
  });
  it('without the TNTC word, TNTC is text', () => {
    expect(parseValue('TNTC', valueParserSchema.parse({ words: [] }))).toEqual(fail(VALUE_REASONS.notNumber));
  });
});

describe('parseNumber', () => {
  it('reads plain and grouped numbers and refuses the rest', () => {
    expect(parseNumber('104')).toEqual({ ok: true, value: 104 });
    expect(parseNumber('1,040')).toEqual({ ok: true, value: 1040 });
    expect(parseNumber('1,040', false)).toEqual(fail(VALUE_REASONS.notNumber));
    expect(parseNumber('abc')).toEqual(fail(VALUE_REASONS.notNumber));
  });
});

describe('remark meanings and the value cell against the remark column', () => {
  it('knows the less-than and greater-than codes, and the mapping\'s own', () => {
    expect(remarkMeaning('K', defaults)).toBe('less_than');
    expect(remarkMeaning('<', defaults)).toBe('less_than');
    expect(remarkMeaning('L', defaults)).toBe('greater_than');
    expect(remarkMeaning('>', defaults)).toBe('greater_than');
    expect(remarkMeaning('TNTC', defaults)).toBe('greater_than');
    expect(remarkMeaning('NS', defaults)).toBeNull();
    expect(remarkMeaning(null, defaults)).toBeNull();
    expect(remarkMeaning('BDL', { less_than_remark: 'BDL', greater_than_remark: 'L' })).toBe('less_than');
  });

  it.each<[string | null, string | null, unknown]>([
    [null, null, { ok: true, remark: null }],
    ['K', null, { ok: true, remark: 'K' }],
    [null, 'NS', { ok: true, remark: 'NS' }],
    ['K', 'K', { ok: true, remark: 'K' }],
    ['K', '<', { ok: true, remark: '<' }],
    ['L', 'TNTC', { ok: true, remark: 'TNTC' }],
    ['K', 'FA', { ok: true, remark: 'FA' }],
    ['K', 'L', { ok: false, reason: VALUE_REASONS.conflict }],
    ['L', 'K', { ok: false, reason: VALUE_REASONS.conflict }],
    ['TNTC', '<', { ok: false, reason: VALUE_REASONS.conflict }],
  ])('value says %j, column says %j', (fromValue, fromColumn, expected) => {
    expect(mergeRemark(fromValue, fromColumn, defaults)).toEqual(expected);
  });

  it('an empty below-limit value takes the reporting limit the mapping sets, or none', () => {
    expect(emptyValueFor('K', valueParserSchema.parse({ below_limit_value: 10 }))).toBe(10);
    expect(emptyValueFor('<', valueParserSchema.parse({ below_limit_value: 10 }))).toBe(10);
    expect(emptyValueFor('K', defaults)).toBeNull();
    expect(emptyValueFor('NS', valueParserSchema.parse({ below_limit_value: 10 }))).toBeNull();
    expect(emptyValueFor(null, valueParserSchema.parse({ below_limit_value: 10 }))).toBeNull();
  });
});
