/**
 * An outside answer's body as text, refusing one larger than `maxBytes` without reading it all: by its
 * Content-Length when it declares one, else as soon as the bytes read pass the cap. `refuse` makes the
 * caller's error from the reason ("sent N bytes, more than the M accepted"). Used for the outside feeds
 * (the aircraft endpoints, the rainfall feed).
 */
export async function readCappedText(response: Response, maxBytes: number, refuse: (reason: string) => Error): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw refuse(`sent ${declared} bytes, more than the ${maxBytes} accepted`);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw refuse(`sent more than the ${maxBytes} bytes accepted`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
