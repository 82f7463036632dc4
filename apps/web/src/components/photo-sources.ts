/** The longest side of an uploaded image's thumbnail (the api's re-encoding: lib/uploads/images.ts). */
export const THUMBNAIL_MAX_PX = 400;

/**
 * An uploaded image's <img> attributes: the thumbnail (`?size=thumb`) first, the display copy for wide
 * slots or dense screens (srcset with each copy's width), and the display size as width/height so the page
 * keeps the image's space before it loads (CSS scales it; the ratio is what counts). Files stored before
 * sizes were kept get the thumbnail alone.
 */
export function photoSources(file: string, width: number | null, height: number | null, sizes: string) {
  const thumb = `${file}?size=thumb`;
  if (!width || !height) return { src: thumb };
  const thumbWidth = Math.round(width * Math.min(1, THUMBNAIL_MAX_PX / Math.max(width, height)));
  return { src: thumb, srcSet: `${thumb} ${thumbWidth}w, ${file} ${width}w`, sizes, width, height };
}
