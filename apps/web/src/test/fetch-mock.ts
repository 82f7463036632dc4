import { vi } from 'vitest';

export interface Reply {
  status?: number;
  body?: unknown;
}

export interface RecordedCall {
  method: string;
  path: string;
  /** The query string's parameters. */
  query: Record<string, string>;
  body: unknown;
  authorization: string | null;
  /** The Idempotency-Key header of a batch write. */
  idempotencyKey: string | null;
}

/** A JSON body parsed; anything else (a CSV file, multipart form data) as its text. */
function parseBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** A reply, or a function of the call giving one (a promise of one holds the answer back until it settles). */
type Route = Reply | ((call: RecordedCall) => Reply | Promise<Reply>);

/**
 * Replaces fetch with a table of `METHOD /path` -> reply. Unknown calls answer 404 NOT_FOUND.
 * Returns the calls made, in order.
 */
export function mockFetch(routes: Record<string, Route>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const text = await request.text();
    const url = new URL(request.url);
    const call: RecordedCall = {
      method: request.method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: text ? parseBody(text) : undefined,
      authorization: request.headers.get('Authorization'),
      idempotencyKey: request.headers.get('Idempotency-Key'),
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`];
    const reply = await (typeof route === 'function' ? route(call) : (route ?? { status: 404, body: { code: 'NOT_FOUND', payload: null } }));
    return new Response(JSON.stringify(reply.body ?? null), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
