import { vi } from 'vitest';

export type RecordedRequest = { method: string; url: URL; body: unknown; headers: Headers };

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

/**
 * Replaces `fetch` at the network boundary: each call is recorded and answered by the handler. Unstubbed after each
 * test by vitest's `unstubGlobals`.
 */
export function stubFetch(handler: Handler): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const text = typeof init?.body === 'string' ? init.body : undefined;
    const request: RecordedRequest = {
      method: init?.method ?? 'GET',
      url,
      body: text === undefined ? undefined : (JSON.parse(text) as unknown),
      headers: new Headers(init?.headers),
    };
    requests.push(request);
    return handler(request);
  });
  return requests;
}

export function json(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { 'Content-Type': 'application/json', ...init.headers },
  });
}

export function problem(body: Record<string, unknown> & { status: number }): Response {
  return new Response(JSON.stringify(body), {
    status: body.status,
    headers: { 'Content-Type': 'application/problem+json' },
  });
}
