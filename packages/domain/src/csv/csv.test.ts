import { describe, expect, it } from 'vitest';
import {
  CSV_UPLOAD_LIMITS,
  CsvReader,
  CsvSyntaxError,
  WATER_QUALITY_COLUMNS,
  csvField,
  csvLine,
  csvTextField,
  neutralizeCsvText,
  formatSampleTime,
  formatUsDate,
  parseCsv,
  parseSampleTime,
  parseUsDate,
  parseWaterQualityCsv,
} from './index';

describe('csvField: the quoting of COPY ... WITH CSV', () => {
  it.each<[string | number | null | undefined, string]>([
    ['plain', 'plain'],
    ['', ''],
    [null, ''],
    [undefined, ''],
    [104, '104'],
    [10.5, '10.5'],
    [-74.0123, '-74.0123'],
    ['Cape May, City of', '"Cape May, City of"'],
    ['the "big" one', '"the ""big"" one"'],
    ['two\nlines', '"two\nlines"'],
    ['cr\rhere', '"cr\rhere"'],
    ['\\.', '"\\."'],
    [' spaces kept ', ' spaces kept '],
    ["O'Brien", "O'Brien"],
  ])('%j -> %j', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it('refuses non-finite numbers', () => {
    expect(() => csvField(Number.NaN)).toThrow(RangeError);
  });

  it('joins a line with commas and ends it with LF', () => {
    expect(csvLine(['a', null, 'b,c', 3])).toBe('a,,"b,c",3\n');
  });
});

describe('CSV formula injection (OWASP): neutralizeCsvText and csvTextField', () => {
  it.each<[string, string]>([
    ['=HYPERLINK("http://evil.example/x","Click")', `'=HYPERLINK("http://evil.example/x","Click")`],
    ['+1+1', "'+1+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tleading tab', "'\tleading tab"],
    ['\rleading CR', "'\rleading CR"],
    ['-1', "'-1"],
    ['plain', 'plain'],
    ['a=b', 'a=b'],
    [' =x', ' =x'],
    ["'=already", "'=already"],
    ['', ''],
  ])('%j -> %j', (text, expected) => {
    expect(neutralizeCsvText(text)).toBe(expected);
    // Neutralising twice changes nothing: the SQL and the row writer may both apply it.
    expect(neutralizeCsvText(neutralizeCsvText(text))).toBe(expected);
  });

  it('quotes every text field, neutralised, and writes nothing for an absent one', () => {
    expect(csvTextField('=HYPERLINK("http://evil.example/x","Click")')).toBe(`"'=HYPERLINK(""http://evil.example/x"",""Click"")"`);
    expect(csvTextField('+1+1')).toBe(`"'+1+1"`);
    expect(csvTextField('\tx')).toBe(`"'\tx"`);
    expect(csvTextField('Cape May')).toBe('"Cape May"');
    expect(csvTextField('')).toBe('');
    expect(csvTextField(null)).toBe('');
    expect(csvTextField(undefined)).toBe('');
  });

  it('keeps numbers numbers', () => {
    expect(csvTextField(-3.5)).toBe('-3.5');
    expect(csvTextField(-1)).toBe('-1');
    expect(csvField('-74.0123')).toBe('-74.0123');
    expect(csvLine(['-74.0123', -3.5, '-2+3', '@x'], [false, false, true, true])).toBe(`-74.0123,-3.5,"'-2+3","'@x"\n`);
  });
});

describe('formatUsDate and formatSampleTime', () => {
  it('writes MM/DD/YYYY', () => {
    expect(formatUsDate('2024-07-04')).toBe('07/04/2024');
    expect(formatUsDate(null)).toBe('');
    expect(() => formatUsDate('07/04/2024')).toThrow(RangeError);
  });

  it.each<[string, string, string]>([
    ['09', '05', '09:05'],
    ['23', '59', '23:59'],
    ['14', '', '14:00'],
    ['', '', ''],
    ['', '30', ''],
  ])('%j:%j -> %j', (hh, mm, expected) => {
    expect(formatSampleTime(hh, mm)).toBe(expected);
  });

  it('refuses bad hours and minutes', () => {
    expect(() => formatSampleTime('24', '00')).toThrow(RangeError);
    expect(() => formatSampleTime('9', '00')).toThrow(RangeError);
    expect(() => formatSampleTime('09', '60')).toThrow(RangeError);
  });
});

describe('parseCsv', () => {
  it('reads back what csvLine writes', () => {
    const rows = [
      ['Program, Inc.', 'say "hi"', '', 'multi\nline', '\\.'],
      ['x', 'y', 'z', '1', '2'],
    ];
    const text = rows.map((row) => csvLine(row)).join('');
    expect(parseCsv(text).map((r) => r.fields)).toEqual(rows);
  });

  it('accepts CRLF, a BOM, a last line without a break, and skips blank lines', () => {
    const records = parseCsv('\uFEFFa,b\r\n\r\n"c\r\nd",e\r\nf,g');
    expect(records).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 3, fields: ['c\r\nd', 'e'] },
      { line: 5, fields: ['f', 'g'] },
    ]);
  });

  it('keeps a quoted empty field on a line of its own', () => {
    expect(parseCsv('""\n').map((r) => r.fields)).toEqual([['']]);
  });

  it('gives the same records however the text is cut into chunks', () => {
    const text = 'h1,h2\r\n"a ""q"", b",2\r\n"x\r\ny",3\n';
    const whole = parseCsv(text);
    for (let size = 1; size <= 5; size++) {
      const reader = new CsvReader();
      const got = [];
      for (let i = 0; i < text.length; i += size) got.push(...reader.push(text.slice(i, i + size)));
      got.push(...reader.end());
      expect(got).toEqual(whole);
    }
  });

  it.each([
    ['"open', /never closed/],
    ['"a"b,c', /after a closing quote/],
    ['ab"c,d', /quote inside an unquoted field/],
  ])('refuses %j', (text, message) => {
    expect(() => parseCsv(text)).toThrow(CsvSyntaxError);
    expect(() => parseCsv(text)).toThrow(message);
  });
});

describe('CsvReader with CSV_UPLOAD_LIMITS (issue 27: one upload stalled the server)', () => {
  const { fieldChars, lineChars } = CSV_UPLOAD_LIMITS;
  const n = (count: number) => count.toLocaleString('en-US');
  const header = 'Program_Name,Station_Name,Result_Comments\r\n';
  /** What push() throws for the text (the caps are checked while reading, before end()), or null. */
  const pushError = (text: string) => {
    try {
      new CsvReader(CSV_UPLOAD_LIMITS).push(text);
      return null;
    } catch (err) {
      if (!(err instanceof CsvSyntaxError)) throw err;
      return { line: err.line, message: err.message };
    }
  };

  it('refuses a field longer than the cap at the line it starts on, quoted or not', () => {
    expect(pushError(`${header}a,b,${'x'.repeat(fieldChars + 1)}\r\n`)).toEqual({ line: 2, message: `Line 2: a field is longer than ${n(fieldChars)} characters` });
    expect(pushError(`${header}a,b,c\r\na,"${'x\n'.repeat(fieldChars)}",c\r\n`)).toEqual({
      line: 3,
      message: `Line 3: a quoted field is longer than ${n(fieldChars)} characters: is its closing quote missing?`,
    });
  });

  it('takes a field as long as the cap, a doubled quote counting as one character', () => {
    const records = parseCsv(`${header}a,"${'y'.repeat(fieldChars - 1)}""",c\r\n`, CSV_UPLOAD_LIMITS);
    expect(records[1]!.fields[1]).toBe(`${'y'.repeat(fieldChars - 1)}"`);
  });

  it('refuses a line longer than the cap, however short its fields', () => {
    expect(pushError(`${header}${'a,'.repeat(lineChars)}\r\n`)).toEqual({ line: 2, message: `Line 2: the line is longer than ${n(lineChars)} characters` });
  });

  it('refuses a quote left open at the cap, before the end of the file', () => {
    const rest = 'Ocean Beaches,Station 1,fine\r\n'.repeat(5_000);
    const reader = new CsvReader(CSV_UPLOAD_LIMITS);
    expect(reader.push(header)).toHaveLength(1);
    expect(() => reader.push(`Ocean Beaches,"unclosed,fine\r\n${rest}`)).toThrow(
      `Line 2: a quoted field is longer than ${n(fieldChars)} characters: is its closing quote missing?`,
    );
  });

  it('refuses a giant field where the cap is passed, however the text is cut into chunks', () => {
    const reader = new CsvReader(CSV_UPLOAD_LIMITS);
    reader.push(header);
    let fed = 0;
    const feed = () => {
      for (; fed < fieldChars * 2; fed++) reader.push(fed === 0 ? '"' : 'z');
    };
    expect(feed).toThrow(CsvSyntaxError);
    expect(fed).toBe(fieldChars + 1);
  });

  it('reads any length without limits (the portal reads its own exports back)', () => {
    expect(parseCsv(`"${'n'.repeat(lineChars * 2)}"\n`)[0]!.fields[0]).toHaveLength(lineChars * 2);
  });

  it('refuses a giant field of a water-quality file by line', () => {
    const columns = WATER_QUALITY_COLUMNS.join(',');
    expect(parseWaterQualityCsv(`${columns}\n"${'w'.repeat(fieldChars + 1)}"`).errors).toEqual([
      { line: 2, message: `Line 2: a quoted field is longer than ${n(fieldChars)} characters: is its closing quote missing?` },
    ]);
  });
});

describe('parseUsDate and parseSampleTime', () => {
  it.each<[string, string | null]>([
    ['07/04/2024', '2024-07-04'],
    ['7/4/2024', '2024-07-04'],
    ['02/29/2024', '2024-02-29'],
    ['02/29/2023', null],
    ['13/01/2024', null],
    ['2024-07-04', null],
    ['', null],
    ['01/01/0000', null],
  ])('date %j -> %j', (text, expected) => {
    expect(parseUsDate(text)).toBe(expected);
  });

  it.each<[string, { hh: string; mm: string } | null]>([
    ['09:05', { hh: '09', mm: '05' }],
    ['9:05', { hh: '09', mm: '05' }],
    ['13:45:10', { hh: '13', mm: '45' }],
    ['', { hh: '', mm: '' }],
    ['24:00', null],
    ['12:60', null],
    ['noon', null],
  ])('time %j -> %j', (text, expected) => {
    expect(parseSampleTime(text)).toEqual(expected);
  });
});

describe('parseWaterQualityCsv', () => {
  const header = WATER_QUALITY_COLUMNS.join(',');
  const good = csvLine([
    'Ocean County Beaches, North',
    'Main St 1',
    'Main Street Beach',
    '39.9',
    '-74.07',
    'Seaside Heights',
    'Ocean',
    'Primary',
    'Ocean',
    '07/04/2024',
    '09:05',
    '104',
    'resample "after" rain',
    'CFU/100mL',
    'Enterococcus',
    '',
  ]);

  it('reads the layout the download writes', () => {
    const { rows, errors } = parseWaterQualityCsv(`${header}\n${good}`);
    expect(errors).toEqual([]);
    expect(rows).toEqual([
      {
        line: 2,
        programName: 'Ocean County Beaches, North',
        stationName: 'Main St 1',
        beachName: 'Main Street Beach',
        latitude: 39.9,
        longitude: -74.07,
        municipality: 'Seaside Heights',
        countyName: 'Ocean',
        stationType: 'PRIMARY',
        stationArchived: false,
        locationType: 'OCEAN',
        sampleDate: '2024-07-04',
        sampleTimeHh: '09',
        sampleTimeMm: '05',
        value: 104,
        comments: 'resample "after" rain',
        unitsName: 'CFU/100mL',
        parameterName: 'Enterococcus',
        remarkCodeName: null,
      },
    ]);
  });

  it('accepts the columns in another order', () => {
    const fields = parseCsv(good)[0]!.fields;
    const order = [...WATER_QUALITY_COLUMNS.keys()].reverse();
    const text = `${order.map((i) => WATER_QUALITY_COLUMNS[i]).join(',')}\n${csvLine(order.map((i) => fields[i]))}`;
    expect(parseWaterQualityCsv(text).rows[0]?.stationName).toBe('Main St 1');
  });

  it('names missing columns', () => {
    const { errors } = parseWaterQualityCsv('Program_Name,Station_Name\nx,y\n');
    expect(errors[0]?.message).toMatch(/Missing columns: Beach_Name, Lat_DD/);
  });

  it('lists every problem of a row with its line and column', () => {
    const bad = csvLine(['', 'S', 'B', '99', 'x', 'M', 'C', 'Side', 'Sea', '13/40/2024', '25:00', 'abc', '', 'CFU', 'Ent', '']);
    const { rows, errors } = parseWaterQualityCsv(`${header}\n${good}${bad}`);
    expect(rows).toHaveLength(1);
    expect(errors.map((e) => [e.line, e.column])).toEqual([
      [3, 'Program_Name'],
      [3, 'Result_Date'],
      [3, 'Result_Time'],
      [3, 'Lat_DD'],
      [3, 'Lon_DD'],
      [3, 'Result_Measure'],
      [3, 'Station_Type_Name'],
      [3, 'Location_Type_Name'],
    ]);
  });

  it('refuses a date before 01/01/1900, the lower bound of every date input', () => {
    const fields = parseCsv(good)[0]!.fields;
    const at = (date: string) => csvLine(fields.map((f, i) => (WATER_QUALITY_COLUMNS[i] === 'Result_Date' ? date : f)));
    const { rows, errors } = parseWaterQualityCsv(`${header}\n${at('12/31/1899')}${at('01/01/1900')}`);
    expect(errors).toEqual([{ line: 2, column: 'Result_Date', message: 'Result_Date cannot be earlier than 01/01/1900' }]);
    expect(rows.map((r) => r.sampleDate)).toEqual(['1900-01-01']);
  });

  it('reports a syntax error by line instead of throwing', () => {
    expect(parseWaterQualityCsv(`${header}\n"open`).errors).toEqual([{ line: 2, message: 'Line 2: a quoted field is never closed' }]);
  });
});
