import { wqxFileName, type WqxExportQueryInput } from '@beach/domain';

/** A refusal of the server: its message and, for a 400, the fields it names. */
export class WqxDownloadError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** The file name the server gave in Content-Disposition, if any. */
function attachmentName(header: string | null): string | null {
  const match = header ? /filename="?([^";]+)"?/i.exec(header) : null;
  return match ? match[1]! : null;
}

/**
 * Downloads the WQX file (GET /depit/wqx, a staff call: the token goes in the header, so the file is
 * fetched and handed to the browser as a named download). Resolves to the file's name.
 */
export async function downloadWqxFile(jwt: string | null, query: { program_id: string; from: string; to: string }, programCode: string): Promise<string> {
  const params = new URLSearchParams(query satisfies Record<keyof WqxExportQueryInput, string>);
  const res = await fetch(`/api/depit/wqx?${params}`, { headers: jwt ? { Authorization: `Bearer ${jwt}` } : {} });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string; payload?: unknown } | null;
    const fields: Record<string, string> = {};
    if (res.status === 400 && Array.isArray(body?.payload)) {
      for (const p of body.payload as { field?: string; message?: string }[]) if (p.field && p.message) fields[p.field] ??= p.message;
    }
    throw new WqxDownloadError(body?.message ?? `The WQX file could not be downloaded (${res.status}).`, res.status, fields);
  }
  const name = attachmentName(res.headers.get('Content-Disposition')) ?? wqxFileName(programCode, query.from, query.to);
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
