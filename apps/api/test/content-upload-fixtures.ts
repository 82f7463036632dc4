import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { queryRows } from '../src/db/client';
import type { TestContext } from './helpers';

/** Multipart bodies and files for the website content uploads (reports, flights), bytes as they are. */

export interface FormFile {
  field: string;
  filename: string;
  bytes: Buffer;
  contentType?: string;
}

export function form(fields: Record<string, string>, files: FormFile[] = []) {
  const boundary = `----beachContent${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
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

export const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
export const png = (width = 640, height = 400) => sharp({ create: { width, height, channels: 3, background: { r: 30, g: 110, b: 170 } } }).png().toBuffer();

/** Uploads the pipeline must refuse, with the field they come in. */
export async function hostileFiles(field: string): Promise<{ label: string; file: FormFile; status: number }[]> {
  return [
    { label: 'an SVG with a script', status: 400, file: { field, filename: 'map.svg', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') } },
    { label: 'a PNG with HTML appended (polyglot)', status: 400, file: { field, filename: 'shore.png', bytes: Buffer.concat([await png(20, 20), Buffer.from('<script>alert(document.cookie)</script>')]) } },
    { label: 'a PDF that is also a page', status: 400, file: { field, filename: 'r.pdf', bytes: Buffer.concat([PDF, Buffer.from('<html><body onload=alert(1)>')]) } },
    { label: 'a name that leaves its folder', status: 400, file: { field, filename: '../../etc/passwd.pdf', bytes: PDF } },
    { label: 'an executable', status: 400, file: { field, filename: 'setup.pdf', bytes: Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1') } },
    { label: 'an oversize file', status: 413, file: { field, filename: 'huge.pdf', bytes: Buffer.concat([PDF, Buffer.alloc(26 * 1024 * 1024, 0x20)]) } },
  ];
}

export const uploadsDir = (ctx: TestContext) => path.join(ctx.deps.config.dataDir, 'uploads');

/** Every stored file under DATA_DIR/uploads (relative keys). */
export function storedKeys(ctx: TestContext): string[] {
  const root = uploadsDir(ctx);
  if (!existsSync(root)) return [];
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.push(path.relative(root, full));
    }
  };
  walk(root);
  return out.sort();
}

export async function fileKeys(ctx: TestContext, fileId: number): Promise<string[]> {
  const [row] = await queryRows<{ storage_key: string; thumbnail_key: string | null }>(
    ctx.database.db,
    sql`select storage_key, thumbnail_key from uploaded_files where file_id = ${fileId}`,
  );
  return row ? [row.storage_key, ...(row.thumbnail_key ? [row.thumbnail_key] : [])] : [];
}

export const countRows = async (ctx: TestContext, table: string) =>
  (await queryRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n;

export const audits = (ctx: TestContext, table: string, id: number) =>
  queryRows<{ action: string; before: unknown; after: unknown }>(
    ctx.database.db,
    sql`select action, before, after from audit_log where table_name = ${table} and record_id = ${String(id)} order by audit_id`,
  );
