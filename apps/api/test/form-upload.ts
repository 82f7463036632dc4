import sharp from 'sharp';

/** Multipart bodies with binary files for the upload tests (photos, FAQs), and the hostile files they must refuse. */

export interface FormFile {
  field: string;
  filename: string;
  bytes: Buffer;
  contentType?: string;
}

/** A multipart/form-data body: text fields in order, then files. */
export function formBody(fields: [string, string][], files: FormFile[] = []): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----beachform${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of fields) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      f.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A plain photo of the given size and colour. */
export const pngPhoto = (width = 640, height = 480, background = '#2a7ab0') =>
  sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();
export const jpegPhoto = (width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 3, background: '#d9a441' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneCo' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '39/1 21/1 0/1' } })
    .toBuffer();

/** Files every upload field must refuse, each with why. */
export async function hostileFiles(field: string): Promise<{ label: string; file: FormFile; status: number }[]> {
  const jpeg = await jpegPhoto(32, 32);
  return [
    {
      label: 'a JPEG with an HTML page appended (polyglot)',
      file: { field, filename: 'shore.jpg', bytes: Buffer.concat([jpeg, Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>')]), contentType: 'image/jpeg' },
      status: 400,
    },
    {
      label: 'an SVG with a script',
      file: { field, filename: 'shore.svg', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect width="9" height="9"/></svg>'), contentType: 'image/svg+xml' },
      status: 400,
    },
    {
      label: 'a name that leaves its folder',
      file: { field, filename: '../../etc/shore.jpg', bytes: jpeg, contentType: 'image/jpeg' },
      status: 400,
    },
    {
      label: 'a file larger than 15 MB',
      file: { field, filename: 'huge.jpg', bytes: Buffer.concat([jpeg, Buffer.alloc(15 * 1024 * 1024)]), contentType: 'image/jpeg' },
      status: 413,
    },
  ];
}
