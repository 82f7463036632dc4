import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { deflateRawSync } from 'node:zlib';
import { ARCHIVE_LIMITS, checkArchive } from './archive';
import { checkedFileName, DOCUMENT_POLICY, IMAGE_POLICY, prepareUpload, servedFileName } from './prepare';
import { containsMarkup, sniff } from './sniff';
import { localFileStore } from './store';

const file = (bytes: Buffer, filename = 'upload.bin', field = 'file') => ({ field, filename, bytes });
const jpeg = (width = 2400, height = 1200) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneCo', Model: 'Beach 1' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '39/1 21/1 0/1' } })
    .toBuffer();
const pdf = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
/** The local headers of a minimal OOXML package name its parts in clear, which is all the sniffer reads. */
const zipWith = (...names: string[]) =>
  Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), ...names.map((n) => Buffer.concat([Buffer.alloc(26), Buffer.from(n, 'latin1')]))]);

describe('sniff', () => {
  it('tells each accepted kind by its bytes, whatever the name', async () => {
    expect(sniff(await jpeg(10, 10))?.kind).toBe('jpeg');
    expect(sniff(await sharp({ create: { width: 2, height: 2, channels: 4, background: 'red' } }).png().toBuffer())?.kind).toBe('png');
    expect(sniff(await sharp({ create: { width: 2, height: 2, channels: 3, background: 'red' } }).webp().toBuffer())?.kind).toBe('webp');
    expect(sniff(Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'))?.kind).toBe('gif');
    expect(sniff(pdf)).toMatchObject({ kind: 'pdf', mimeType: 'application/pdf' });
    expect(sniff(Buffer.from('station,date,result\nOB1,2026-07-01,35\n'))?.kind).toBe('csv');
    expect(sniff(zipWith('[Content_Types].xml', 'xl/workbook.xml'))?.kind).toBe('xlsx');
    expect(sniff(zipWith('[Content_Types].xml', 'word/document.xml'))?.kind).toBe('docx');
  });

  it('knows nothing else: executables, plain zips, binary junk', () => {
    expect(sniff(Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'))).toBeNull();
    expect(sniff(zipWith('payload.exe'))).toBeNull();
    expect(sniff(Buffer.from([0, 1, 2, 3, 255]))).toBeNull();
    expect(sniff(Buffer.alloc(0))).toBeNull();
  });

  it('finds markup hidden in any kind', () => {
    expect(containsMarkup(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBe(true);
    expect(containsMarkup(Buffer.from('a,b\n<img src=x onerror=alert(1)>,2\n'))).toBe(true);
    expect(containsMarkup(Buffer.from('<!DOCTYPE html><p>hi'))).toBe(true);
    expect(containsMarkup(Buffer.from('station,note\nOB1,"Pipe < 2 m from outfall, flow > 1 L/s"\n'))).toBe(false);
  });
});

describe('prepareUpload', () => {
  it('re-encodes a photo: upright WebP copies for display and thumbnail, no EXIF or GPS left', async () => {
    const original = await jpeg();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const prepared = await prepareUpload(file(original, 'IMG_0042.JPG'), IMAGE_POLICY);
    expect(prepared).toMatchObject({ originalName: 'IMG_0042.webp', mimeType: 'image/webp', extension: 'webp', width: 1600, height: 800 });
    const display = await sharp(prepared.bytes).metadata();
    expect(display).toMatchObject({ format: 'webp', width: 1600, height: 800 });
    expect(display.exif).toBeUndefined();
    expect(display.xmp).toBeUndefined();
    const thumb = await sharp(prepared.thumbnail!).metadata();
    expect([thumb.width, thumb.height]).toEqual([400, 200]);
    expect(thumb.exif).toBeUndefined();
    expect(prepared.bytes.includes(Buffer.from('PhoneCo'))).toBe(false);
  });

  it('keeps documents byte for byte', async () => {
    const prepared = await prepareUpload(file(pdf, 'Trackdown report.pdf'), DOCUMENT_POLICY);
    expect(prepared.bytes.equals(pdf)).toBe(true);
    expect(prepared).toMatchObject({ mimeType: 'application/pdf', extension: 'pdf' });
    expect(prepared.thumbnail).toBeUndefined();
  });

  it.each([
    ['an SVG with script', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'logo.svg', /not an accepted type|web page code/],
    ['a JPEG with HTML appended (polyglot)', null, 'photo.jpg', /web page code/],
    ['a PDF that is also a page', Buffer.concat([pdf, Buffer.from('<html><script>alert(document.cookie)</script></html>')]), 'r.pdf', /web page code/],
    ['an HTML page named .png', Buffer.from('<!doctype html><script>alert(1)</script>'), 'photo.png', /not an accepted type|web page code/],
    ['a PDF where a photo belongs', pdf, 'photo.jpg', /not an accepted type/],
    ['a broken JPEG', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 1, 2, 3]), 'broken.jpg', /could not be read as an image/],
  ])('refuses %s with a 400 naming the field', async (_, bytes, name, message) => {
    const body = bytes ?? Buffer.concat([await jpeg(20, 20), Buffer.from('<script>alert(1)</script>')]);
    const policy = name === 'r.pdf' ? DOCUMENT_POLICY : IMAGE_POLICY;
    await expect(prepareUpload(file(body, name, 'photo'), policy)).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(message),
      payload: [{ field: 'photo', message: expect.stringMatching(message) }],
    });
  });

  it('refuses a file over the limit with 413', async () => {
    await expect(prepareUpload(file(Buffer.alloc(IMAGE_POLICY.maxBytes + 1, 0x41), 'big.csv'), IMAGE_POLICY)).rejects.toMatchObject({ statusCode: 413 });
  });

  it.each(['../../etc/passwd', '..\\boot.ini', 'photos/../../x.jpg', '', '  ', '..', 'a\u0000.jpg', 'x'.repeat(256)])('refuses the name %j', (name) => {
    expect(() => checkedFileName('file', name)).toThrow(expect.objectContaining({ statusCode: 400 }));
  });

  it('keeps honest names, accents and spaces included', () => {
    expect(checkedFileName('file', ' Plage d’été 2026.jpg ')).toBe('Plage d’été 2026.jpg');
  });
});

describe('localFileStore', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'bp-store-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const store = localFileStore(root);

  it('puts, opens and removes by key, leaving no partial file', async () => {
    await store.put('photos/2026/07/a.webp', Buffer.from('abc'));
    const opened = await store.open('photos/2026/07/a.webp');
    expect(opened?.size).toBe(3);
    expect(readdirSync(path.join(root, 'photos/2026/07'))).toEqual(['a.webp']);
    await store.remove('photos/2026/07/a.webp');
    expect(await store.open('photos/2026/07/a.webp')).toBeNull();
    await store.remove('photos/2026/07/a.webp');
  });

  it('refuses keys that leave its folder', async () => {
    await expect(store.put('../escape.txt', Buffer.from('x'))).rejects.toThrow(/Refused/);
    await expect(store.put('/etc/x', Buffer.from('x'))).rejects.toThrow(/Refused/);
    expect(await store.open('../../etc/passwd')).toBeNull();
  });
});

/**
 * A real ZIP (local headers, central directory, end record): each entry deflated unless `stored`;
 * `declared` overrides the size the directory gives (a directory that lies).
 */
function zipOf(entries: { name: string; data: Buffer; stored?: boolean; declared?: number }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const body = e.stored ? e.data : deflateRawSync(e.data);
    const name = Buffer.from(e.name);
    const size = e.declared ?? e.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(e.stored ? 0 : 8, 8);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(e.stored ? 0 : 8, 10);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += 30 + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const wordParts = (document: Buffer) => [
  { name: '[Content_Types].xml', data: Buffer.from('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>') },
  { name: 'word/document.xml', data: document },
];

describe('served file names (issue 27 item 5)', () => {
  it.each([
    ['report.html', 'csv', 'report.csv'],
    ['.htaccess', 'webp', 'htaccess.webp'],
    ['evil.html', 'webp', 'evil.webp'],
    ['x.png\u200b.exe', 'webp', 'x.png.webp'],
    ['\u202egnp.exe', 'webp', 'gnp.webp'],
    ['photo\u2066.jpg\u2069', 'webp', 'photo.webp'],
    ['IMG_0042.JPG', 'webp', 'IMG_0042.webp'],
    ['Plage d’été 2026.pdf', 'pdf', 'Plage d’été 2026.pdf'],
    ['notes', 'docx', 'notes.docx'],
    ['...', 'pdf', 'file.pdf'],
    ['a:b*c?.csv', 'csv', 'a_b_c_.csv'],
    ['page.html', null, 'page.html'],
  ])('%j stored as %s is served as %j', (name, extension, served) => {
    expect(servedFileName(name, extension)).toBe(served);
  });

  it('names an upload so at prepare time: the stored name is the served one', async () => {
    const csv = await prepareUpload(file(Buffer.from('station,date\nOB1,2026-07-01\n'), 'report.html'), DOCUMENT_POLICY);
    expect(csv.originalName).toBe('report.csv');
    const photo = await prepareUpload(file(await jpeg(20, 20), '\u202egnp.exe'), IMAGE_POLICY);
    expect(photo.originalName).toBe('gnp.webp');
  });
});

describe('Office archives (issue 27 item 6, decision 0052)', () => {
  it('takes an honest .docx', async () => {
    const docx = zipOf(wordParts(Buffer.from('<w:document>' + 'Beach water quality. '.repeat(200) + '</w:document>')));
    expect(await checkArchive(docx)).toMatchObject({ ok: true, entries: 2 });
    const prepared = await prepareUpload(file(docx, 'Survey.docx'), DOCUMENT_POLICY);
    expect(prepared).toMatchObject({ extension: 'docx', originalName: 'Survey.docx' });
  });

  it('refuses a .docx that inflates past the ratio cap, with a 400 naming the field', async () => {
    const bomb = zipOf(wordParts(Buffer.alloc(20 * 1024 * 1024, 0x20)));
    expect(bomb.length).toBeLessThan(100 * 1024);
    expect(await checkArchive(bomb)).toMatchObject({ ok: false, reason: expect.stringMatching(/compression bomb/) });
    await expect(prepareUpload(file(bomb, 'report.docx'), DOCUMENT_POLICY)).rejects.toMatchObject({
      statusCode: 400,
      payload: [{ field: 'file', message: expect.stringMatching(/compression bomb/) }],
    });
  });

  it('refuses an archive past the absolute cap even at a modest ratio', async () => {
    const random = Buffer.from(Array.from({ length: 64 * 1024 }, (_, i) => (i * 7919) % 251));
    const xlsx = zipOf([{ name: '[Content_Types].xml', data: Buffer.from('<Types/>') }, { name: 'xl/workbook.xml', data: random }]);
    expect(await checkArchive(xlsx)).toMatchObject({ ok: true });
    expect(await checkArchive(xlsx, { ...ARCHIVE_LIMITS, inflatedBytes: 32 * 1024 })).toMatchObject({ ok: false });
  });

  it('catches a directory that understates what a part inflates to', async () => {
    const liar = zipOf([...wordParts(Buffer.from('<w:document/>')), { name: 'word/media/big.bin', data: Buffer.alloc(5 * 1024 * 1024, 0x41), declared: 1000 }]);
    expect(await checkArchive(liar)).toMatchObject({ ok: false, reason: expect.stringMatching(/larger than the archive declares/) });
  });

  it('refuses a truncated or encrypted archive', async () => {
    const docx = zipOf(wordParts(Buffer.from('<w:document/>')));
    expect(await checkArchive(docx.subarray(0, docx.length - 30))).toMatchObject({ ok: false });
    const encrypted = Buffer.from(docx);
    const central = encrypted.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    encrypted.writeUInt16LE(1, central + 8);
    expect(await checkArchive(encrypted)).toMatchObject({ ok: false, reason: 'it is encrypted' });
  });
});
