import type { TestContext } from './helpers';

/** Multipart bodies for the source trackdown calls (and a small real PDF), shared by their tests. */

export interface FilePart {
  filename: string;
  bytes: Buffer;
  /** What the browser claims; the server never trusts it. */
  type?: string;
}
export type Part = [name: string, value: string | FilePart];

const BOUNDARY = '----beach-portal-trackdown-test';

/** A multipart/form-data body and its content type. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const chunks: Buffer[] = [];
  for (const [name, value] of parts) {
    if (typeof value === 'string') {
      chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\nContent-Type: ${value.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        value.bytes,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } };
}

/** A one-page PDF with a line of text. */
export function pdfBytes(text = 'Outfall 3 trackdown'): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A trackdown made through the API (as the admin by default): one attempted fix and one PDF. */
export async function createTrackdown(ctx: TestContext, token: string, stationId: number, label = 'Fixture'): Promise<{ id: number; fileId: number }> {
  const body = multipart([
    ['identified_problems', `${label}: broken sewer lateral`],
    ['attempted_fixes[0][attempted_on]', '2025-06-02'],
    ['attempted_fixes[0][comments]', 'Lateral capped'],
    ['attempted_fixes[0][was_improved]', '1'],
    ['trackdown_files[0][file]', { filename: 'trackdown.pdf', bytes: pdfBytes(label), type: 'application/pdf' }],
    ['trackdown_files[0][description]', 'Dye test report'],
  ]);
  const res = await ctx.call({ method: 'POST', url: `/api/beach/${stationId}/sourceTrackdown`, token, ...body });
  if (res.statusCode !== 201) throw new Error(`creating a trackdown: ${res.statusCode} ${res.body.slice(0, 300)}`);
  const payload = res.json().payload as { source_trackdown_id: number; trackdown_files: { file: number }[] };
  return { id: payload.source_trackdown_id, fileId: payload.trackdown_files[0]!.file };
}
