import { beachNotificationFileName, type BeachNotificationQuery } from '@beach/domain';
import type { ApiError } from '../../app/api';

/**
 * GET /depit/xml/beachNotification (decision 0033): a staff call whose answer is a file, so it is fetched
 * with the token in the header and handed to the browser as a named download. A failure is thrown as
 * an ApiError (the server's code, message and field list) for the screen to show.
 */
export async function downloadBeachNotification(jwt: string | null, query: BeachNotificationQuery, programCode: string): Promise<string> {
  const params = new URLSearchParams({ program_id: String(query.program_id), year: String(query.year) });
  let res: Response;
  try {
    res = await fetch(`/api/depit/xml/beachNotification?${params}`, { headers: jwt ? { Authorization: `Bearer ${jwt}` } : {} });
  } catch {
    throw { status: 'FETCH_ERROR', code: 'FETCH_ERROR' } satisfies ApiError;
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { code?: string; message?: string; payload?: unknown } | null;
    throw { status: res.status, code: body?.code ?? 'UNKNOWN', message: body?.message, payload: body?.payload } as ApiError;
  }
  const filename = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? beachNotificationFileName(programCode, query.year);
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return filename;
}
