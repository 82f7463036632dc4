import { createHash } from 'node:crypto';
import { CODES, NOT_SINGLE_LINE, UPLOAD_MAX_BYTES } from '@beach/domain';
import { badRequest, HttpError } from '../http';
import type { ReceivedFile } from './form';
import { checkArchive } from './archive';
import { reencodeImage } from './images';
import { containsMarkup, isImageKind, sniff, type UploadKind } from './sniff';

/** What one upload field accepts. */
export interface UploadPolicy {
  kinds: readonly UploadKind[];
  maxBytes: number;
  /** How the field is named to the user in messages ("Photo", "Report file"). */
  label: string;
}

const MB = 1024 * 1024;

/** Photos shown on the public site (Found on the Beach, FAQ and flight photos, news images, survey photos). */
export const IMAGE_POLICY: UploadPolicy = { kinds: ['png', 'jpeg', 'gif', 'webp'], maxBytes: UPLOAD_MAX_BYTES.image, label: 'Photo' };
/** Documents and their pictures (reports, flight files, trackdown files, water-quality files). */
export const DOCUMENT_POLICY: UploadPolicy = { kinds: ['pdf', 'png', 'jpeg', 'gif', 'webp', 'csv', 'xlsx', 'docx'], maxBytes: UPLOAD_MAX_BYTES.document, label: 'File' };
/** The largest file any policy accepts: the multipart parser's own limit. */
export const MAX_UPLOAD_BYTES = Math.max(IMAGE_POLICY.maxBytes, DOCUMENT_POLICY.maxBytes);

const KIND_NAMES: Record<UploadKind, string> = { pdf: 'PDF', png: 'PNG', jpeg: 'JPEG', gif: 'GIF', webp: 'WebP', csv: 'CSV', xlsx: 'Excel (.xlsx)', docx: 'Word (.docx)' };

/** A checked upload, ready to store: the bytes to keep (re-encoded for images) and what to record. */
export interface PreparedUpload {
  originalName: string;
  mimeType: string;
  extension: string;
  bytes: Buffer;
  sha256: string;
  /** Images only: the small copy, and the display copy's size. */
  thumbnail?: Buffer;
  width?: number;
  height?: number;
}

const refuse = (field: string, message: string) => badRequest(CODES.VALIDATION_FAILED, message, [{ field, message }]);

/**
 * A user's file name, kept only to show and to name a download (storage keys are ours). Names that try to
 * leave a folder, carry control characters or are empty are refused, not cleaned up.
 */
export function checkedFileName(field: string, name: string): string {
  const trimmed = name.normalize('NFC').trim();
  // eslint-disable-next-line no-control-regex
  if (!trimmed || trimmed.length > 255 || /[/\\\u0000-\u001f\u007f]/.test(trimmed) || trimmed.split('.').every((p) => p === '') || trimmed.includes('..')) {
    throw refuse(field, `The file name “${name.slice(0, 80)}” is not allowed: use a plain name without folders.`);
  }
  return trimmed;
}

/**
 * Characters a served file name drops (issue 27 item 5): the control, bidi and invisible ones no text field
 * takes, and in a name also the joiners, soft hyphen, variation selectors and the blank Hangul fillers, which
 * hide an extension (`x.png<U+200B>.exe`, `<U+202E>gnp.exe`) as well as the zero-width space does.
 */
const HIDDEN_IN_NAME = new RegExp(`${NOT_SINGLE_LINE.source}|[\u00AD\u034F\u115F\u1160\u17B4\u17B5\u180B-\u180E\u200C\u200D\u3164\uFE00-\uFE0F\uFFA0]`, 'g');
/** Characters a file system or a download dialog reads as something else. */
const RESERVED_IN_NAME = /[<>:"/\\|?*]/g;
const STEM_MAX = 200;

/**
 * The name a stored file is listed and downloaded under (issue 27 item 5): the user's stem without hidden
 * characters, and the extension of the type its bytes were found to be (a CSV sent as `report.html` is
 * `report.csv`; a photo re-encoded as WebP is `.webp` whatever it was called). Leading dots go (no
 * `.htaccess`), an empty stem is `file`. `extension` null (a type no upload produces) keeps the name's own.
 */
export function servedFileName(name: string, extension: string | null): string {
  const cleaned = name.normalize('NFC').replace(HIDDEN_IN_NAME, '').replace(RESERVED_IN_NAME, '_').trim().replace(/^[.\s]+/, '');
  const dot = cleaned.lastIndexOf('.');
  const stem = (dot > 0 ? cleaned.slice(0, dot) : cleaned).replace(/[.\s]+$/, '').slice(0, STEM_MAX).trim();
  const ext = (extension ?? (dot > 0 ? cleaned.slice(dot + 1) : '').replace(/[^A-Za-z0-9]/g, '')).toLowerCase();
  return `${stem || 'file'}${ext ? `.${ext}` : ''}`;
}

/**
 * The one gate every uploaded file passes: its name, its size, what its bytes are (against the field's
 * allow-list, whatever the name or the browser claims), no hidden markup (polyglots, SVG, HTML), and for
 * images a fresh re-encoding (upright, resized, every piece of metadata gone). Throws 400/413 with the
 * field and a message the user can act on.
 */
export async function prepareUpload(file: ReceivedFile, policy: UploadPolicy): Promise<PreparedUpload> {
  const originalName = checkedFileName(file.field, file.filename);
  if (file.bytes.length > policy.maxBytes) {
    throw new HttpError(413, 'FILE_TOO_LARGE', `${policy.label} “${originalName}” is larger than ${policy.maxBytes / MB} MB.`, [
      { field: file.field, message: `Larger than ${policy.maxBytes / MB} MB` },
    ]);
  }
  const allowed = policy.kinds.map((k) => KIND_NAMES[k]).join(', ');
  const sniffed = sniff(file.bytes);
  if (!sniffed || !policy.kinds.includes(sniffed.kind)) {
    throw refuse(file.field, `${policy.label} “${originalName}” is not an accepted type. Accepted: ${allowed}.`);
  }
  if (containsMarkup(file.bytes)) {
    throw refuse(file.field, `${policy.label} “${originalName}” carries web page code and was refused.`);
  }
  if (sniffed.kind === 'docx' || sniffed.kind === 'xlsx') {
    // Decision 0052: an Office file is a ZIP; one that inflates past the caps (or lies about it) is refused.
    const verdict = await checkArchive(file.bytes);
    if (!verdict.ok) throw refuse(file.field, `${policy.label} “${originalName}” was refused: ${verdict.reason}.`);
  }
  if (!isImageKind(sniffed.kind)) {
    return {
      originalName: servedFileName(originalName, sniffed.extension),
      mimeType: sniffed.mimeType,
      extension: sniffed.extension,
      bytes: file.bytes,
      sha256: sha256(file.bytes),
    };
  }
  let image;
  try {
    image = await reencodeImage(file.bytes);
  } catch {
    throw refuse(file.field, `${policy.label} “${originalName}” could not be read as an image (damaged, or too large in pixels).`);
  }
  return {
    originalName: servedFileName(originalName, image.extension),
    mimeType: image.mimeType,
    extension: image.extension,
    bytes: image.display,
    sha256: sha256(image.display),
    thumbnail: image.thumbnail,
    width: image.width,
    height: image.height,
  };
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
