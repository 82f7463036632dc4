import type { ErrorBody } from '@beach/domain';
/** The JSON body of a refused file call: the domain's error envelope, as far as it reads as one (any part may be missing). */
export type RefusalBody = Partial<ErrorBody>;

interface AttachmentOptions {
  /** The name to save the file under when the server gives none in Content-Disposition. */
  fallbackName: string;
  /** What to throw for an answer that is not 2xx, made from its status and JSON body. */
  refusal: (status: number, body: RefusalBody | null) => unknown;
  /** What to throw when the server cannot be reached (the fetch's own error when not given). */
  unreachable?: () => unknown;
}

/** The file name the server gave in Content-Disposition, if any. */
export function attachmentName(header: string | null): string | null {
  const match = header ? /filename="?([^";]+)"?/i.exec(header) : null;
  return match ? match[1]! : null;
}

/** Hands a file to the browser as a named download. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * A staff call whose answer is a file (GET `url`): the token goes in the header, so the file is fetched
 * and handed to the browser as a download named as the server says. Resolves to the file's name.
 */
export async function downloadAttachment(url: string, jwt: string | null, options: AttachmentOptions): Promise<string> {
  let res: Response;
  try {
    res = await fetch(url, { headers: jwt ? { Authorization: `Bearer ${jwt}` } : {} });
  } catch (err) {
    throw options.unreachable ? options.unreachable() : err;
  }
  if (!res.ok) throw options.refusal(res.status, (await res.json().catch(() => null)) as RefusalBody | null);
  const name = attachmentName(res.headers.get('Content-Disposition')) ?? options.fallbackName;
  saveFile(await res.blob(), name);
  return name;
}
