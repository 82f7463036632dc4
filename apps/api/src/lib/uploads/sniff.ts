/**
 * What a file is, read from its bytes (never from its name or the type the browser claims). Only the kinds
 * the portal accepts are recognised; anything else is null and refused by the upload pipeline.
 */
export type UploadKind = 'pdf' | 'png' | 'jpeg' | 'gif' | 'webp' | 'csv' | 'xlsx' | 'docx';

export interface Sniffed {
  kind: UploadKind;
  mimeType: string;
  extension: string;
}

const KINDS: Record<UploadKind, Omit<Sniffed, 'kind'>> = {
  pdf: { mimeType: 'application/pdf', extension: 'pdf' },
  png: { mimeType: 'image/png', extension: 'png' },
  jpeg: { mimeType: 'image/jpeg', extension: 'jpg' },
  gif: { mimeType: 'image/gif', extension: 'gif' },
  webp: { mimeType: 'image/webp', extension: 'webp' },
  csv: { mimeType: 'text/csv', extension: 'csv' },
  xlsx: { mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extension: 'xlsx' },
  docx: { mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extension: 'docx' },
};

export const IMAGE_KINDS: readonly UploadKind[] = ['png', 'jpeg', 'gif', 'webp'];
export const isImageKind = (kind: UploadKind) => IMAGE_KINDS.includes(kind);

const startsWith = (bytes: Buffer, signature: number[], offset = 0) => signature.every((b, i) => bytes[offset + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

function sniffKind(bytes: Buffer): UploadKind | null {
  if (startsWith(bytes, ascii('%PDF-'))) return 'pdf';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return officeKind(bytes);
  if (isPlainText(bytes)) return 'csv';
  return null;
}

/**
 * An Office Open XML file is a ZIP whose entry names (stored in clear in the local headers) include
 * [Content_Types].xml and the part folder of its application. Any other ZIP is refused.
 */
function officeKind(bytes: Buffer): UploadKind | null {
  const text = bytes.toString('latin1');
  if (!text.includes('[Content_Types].xml')) return null;
  if (text.includes('xl/workbook.xml')) return 'xlsx';
  if (text.includes('word/document.xml')) return 'docx';
  return null;
}

/** UTF-8 text (a BOM allowed) with no NUL or other control bytes than tab, CR, LF and form feed. */
function isPlainText(bytes: Buffer): boolean {
  if (bytes.length === 0) return false;
  for (const b of bytes) if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The extension of an accepted type, by its MIME type (null for a type the uploads never produce). */
export function extensionOfType(mimeType: string): string | null {
  const lower = mimeType.toLowerCase();
  return Object.values(KINDS).find((k) => k.mimeType === lower)?.extension ?? null;
}

export function sniff(bytes: Buffer): Sniffed | null {
  const kind = sniffKind(bytes);
  return kind ? { kind, ...KINDS[kind] } : null;
}

/**
 * Markup a browser would run if it ever took the file for a page: an HTML, SVG or XML document hidden
 * in (or appended to) an allowed file - a polyglot. Refused in every kind; no honest photo, PDF, sheet or
 * CSV carries these in clear.
 */
const MARKUP = /<\s*(script|html|svg|iframe|object|embed|body|!doctype\s+html|\?xml-stylesheet)\b|<[^>]{0,200}\bon[a-z]+\s*=|javascript:/i;

export function containsMarkup(bytes: Buffer): boolean {
  return MARKUP.test(bytes.toString('latin1'));
}

/** The MIME type a stored file of this kind is served with. */
export const mimeTypeOfKind = (kind: UploadKind): string => KINDS[kind].mimeType;
