import { wqxFileName, type WqxExportQueryInput } from '@beach/domain';
import { downloadAttachment } from '../../components/download-attachment';

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

/**
 * Downloads the WQX file (GET /depit/wqx, a staff call: the token goes in the header, so the file is
 * fetched and handed to the browser as a named download). Resolves to the file's name.
 */
export function downloadWqxFile(jwt: string | null, query: { program_id: string; from: string; to: string }, programCode: string): Promise<string> {
  const params = new URLSearchParams(query satisfies Record<keyof WqxExportQueryInput, string>);
  return downloadAttachment(`/api/depit/wqx?${params}`, jwt, {
    fallbackName: wqxFileName(programCode, query.from, query.to),
    refusal: (status, body) => {
      const fields: Record<string, string> = {};
      if (status === 400 && Array.isArray(body?.payload)) {
        for (const p of body.payload as { field?: string; message?: string }[]) if (p.field && p.message) fields[p.field] ??= p.message;
      }
      return new WqxDownloadError(body?.message ?? `The WQX file could not be downloaded (${status}).`, status, fields);
    },
  });
}
