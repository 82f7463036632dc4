import { beachNotificationFileName, type BeachNotificationQuery } from '@beach/domain';
import type { ApiError } from '../../app/api';
import { downloadAttachment } from '../../components/download-attachment';

/**
 * GET /depit/xml/beachNotification (decision 0033): a staff call whose answer is a file, so it is fetched
 * with the token in the header and handed to the browser as a named download. A failure is thrown as
 * an ApiError (the server's code, message and field list) for the screen to show.
 */
export function downloadBeachNotification(jwt: string | null, query: BeachNotificationQuery, programCode: string): Promise<string> {
  const params = new URLSearchParams({ program_id: String(query.program_id), year: String(query.year) });
  return downloadAttachment(`/api/depit/xml/beachNotification?${params}`, jwt, {
    fallbackName: beachNotificationFileName(programCode, query.year),
    refusal: (status, body): ApiError => ({ status, code: body?.code ?? 'UNKNOWN', message: body?.message, payload: body?.payload }),
    unreachable: (): ApiError => ({ status: 'FETCH_ERROR', code: 'FETCH_ERROR' }),
  });
}
