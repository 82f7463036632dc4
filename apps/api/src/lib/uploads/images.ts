import sharp from 'sharp';

/** The longest side of the copy the site shows, and of the thumbnail lists and cards use. */
export const DISPLAY_MAX_PX = 1600;
export const THUMBNAIL_MAX_PX = 400;
/** Larger images are refused before they are decoded (a small file can claim a huge canvas). */
export const MAX_INPUT_PIXELS = 40_000_000;

export interface ReencodedImage {
  display: Buffer;
  thumbnail: Buffer;
  width: number;
  height: number;
  mimeType: 'image/webp';
  extension: 'webp';
}

/**
 * Decodes the upload and writes two new WebP files from its pixels alone: turned upright by its EXIF
 * orientation, then every piece of metadata (EXIF with GPS, XMP, comments) and anything appended to the
 * original is gone. Throws when the bytes are not a decodable image.
 */
export async function reencodeImage(bytes: Buffer): Promise<ReencodedImage> {
  const source = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: false, failOn: 'error' }).rotate();
  const resized = (px: number) => source().resize({ width: px, height: px, fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 });
  const { data: display, info } = await resized(DISPLAY_MAX_PX).toBuffer({ resolveWithObject: true });
  const thumbnail = await resized(THUMBNAIL_MAX_PX).toBuffer();
  return { display, thumbnail, width: info.width, height: info.height, mimeType: 'image/webp', extension: 'webp' };
}
