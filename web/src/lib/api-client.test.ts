import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, apiRequest, basicAuthorization, createApiClient, NetworkError } from './api-client.ts';
import { readAppConfig } from './app-config.tsx';
import { json, problem, stubFetch } from '../testing/fake-api.ts';

const okSchema = z.object({ ok: z.boolean() });

describe('apiRequest', () => {
  it('sends JSON to /api and returns the validated answer with its headers', async () => {
    const requests = stubFetch(() => json({ ok: true }, { status: 201, headers: { 'X-Read-Consistency': 'stale' } }));

    const answer = await apiRequest({
      method: 'POST',
      path: '/things',
      query: { after: 7, page: undefined },
      body: { a: 1 },
      schema: okSchema,
    });

    expect(answer.data).toEqual({ ok: true });
    expect(answer.status).toBe(201);
    expect(answer.headers.get('X-Read-Consistency')).toBe('stale');
    expect(requests).toHaveLength(1);
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.url.pathname).toBe('/api/things');
    expect(requests[0]?.url.search).toBe('?after=7');
    expect(requests[0]?.body).toEqual({ a: 1 });
  });

  it('turns problem details into an ApiError with status, code, message, detail and field errors', async () => {
    stubFetch(() =>
      problem({
        type: 'https://pocketguide.example/problems/validation_failed',
        title: 'Bad Request',
        status: 400,
        code: 'validation_failed',
        message: 'Title cannot be empty',
        detail: 'body.title',
        errors: [{ path: 'title', message: 'Title cannot be empty' }],
      }),
    );

    const failure = await apiRequest({ path: '/guidebooks', schema: okSchema }).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ApiError);
    const apiError = failure as ApiError;
    expect(apiError.status).toBe(400);
    expect(apiError.code).toBe('validation_failed');
    expect(apiError.message).toBe('Title cannot be empty');
    expect(apiError.detail).toBe('body.title');
    expect(apiError.fieldErrors).toEqual([{ path: 'title', message: 'Title cannot be empty' }]);
    expect(apiError.fieldError('title')).toBe('Title cannot be empty');
    expect(apiError.fieldError('subtitle')).toBeUndefined();
  });

  it('matches a nested field error on the last segment of its path', async () => {
    stubFetch(() =>
      problem({
        status: 400,
        code: 'validation_failed',
        message: 'Invalid',
        errors: [{ path: 'body.title', message: 'Too long' }],
      }),
    );
    const failure = (await apiRequest({ path: '/x', schema: okSchema }).catch((error: unknown) => error)) as ApiError;
    expect(failure.fieldError('title')).toBe('Too long');
  });

  it('keeps the status when an error answer is not problem details', async () => {
    stubFetch(
      () =>
        new Response('<h1>oops</h1>', {
          status: 500,
          statusText: 'Internal Server Error',
          headers: { 'Content-Type': 'text/html' },
        }),
    );
    const failure = (await apiRequest({ path: '/x', schema: okSchema }).catch((error: unknown) => error)) as ApiError;
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure.status).toBe(500);
    expect(failure.code).toBe('HTTP_500');
    expect(failure.message).toBe('Internal Server Error');
  });

  it('reports a request that got no answer as a NetworkError, not an ApiError', async () => {
    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const failure = await apiRequest({ path: '/x', schema: okSchema }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(NetworkError);
    expect(failure).not.toBeInstanceOf(ApiError);
  });

  it('treats a gateway that cannot reach the server as a NetworkError', async () => {
    stubFetch(() => new Response('Bad Gateway', { status: 502, headers: { 'Content-Type': 'text/plain' } }));
    await expect(apiRequest({ path: '/x', schema: okSchema })).rejects.toBeInstanceOf(NetworkError);
  });

  it('refuses an answer that does not match the schema', async () => {
    stubFetch(() => json({ ok: 'yes' }));
    const failure = (await apiRequest({ path: '/x', schema: okSchema }).catch((error: unknown) => error)) as ApiError;
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure.code).toBe('unexpected_response');
  });

  it('lets a cancelled request stay a cancellation', async () => {
    const controller = new AbortController();
    stubFetch(() => {
      controller.abort();
      throw new DOMException('Aborted', 'AbortError');
    });
    const failure = await apiRequest({ path: '/x', schema: okSchema, signal: controller.signal }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(DOMException);
  });
});

describe('createApiClient', () => {
  it("sends the session's bearer token, or the call's own Basic credentials instead", async () => {
    const requests = stubFetch(() => json({ ok: true }));
    const api = createApiClient({ getToken: () => 'jwt-1', onUnauthorized: () => {} });

    await api.request({ path: '/users/u-1', schema: okSchema });
    await api.request({
      method: 'POST',
      path: '/auth',
      auth: { basic: { email: 'a@example.com', password: 'pw' } },
      schema: okSchema,
    });
    await api.request({ method: 'POST', path: '/users', auth: 'none', body: {}, schema: okSchema });

    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer jwt-1');
    expect(requests[1]?.headers.get('Authorization')).toBe(basicAuthorization('a@example.com', 'pw'));
    expect(requests[2]?.headers.get('Authorization')).toBeNull();
  });

  it('a 401 on a call that carried the token ends the session; a 401 on Basic credentials does not', async () => {
    stubFetch(() => problem({ status: 401, code: 'unauthorized', message: 'Please log in' }));
    const onUnauthorized = vi.fn();
    const api = createApiClient({ getToken: () => 'jwt-1', onUnauthorized });

    await expect(
      api.request({
        method: 'PUT',
        path: '/users/u-1/password',
        auth: { basic: { email: 'a@example.com', password: 'old' } },
        schema: okSchema,
      }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).not.toHaveBeenCalled();
    await expect(api.request({ path: '/users/u-1', schema: okSchema })).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('a late 401 for an older token does not end a newer session', async () => {
    let token = 'old';
    stubFetch(() => {
      token = 'new'; // signed in again while the old call was on its way
      return problem({ status: 401, code: 'unauthorized', message: 'Please log in' });
    });
    const onUnauthorized = vi.fn();
    const api = createApiClient({ getToken: () => token, onUnauthorized });
    await expect(api.request({ path: '/x', schema: okSchema })).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('Basic credentials are UTF-8 before base64', () => {
    const encoded = basicAuthorization('a@example.com', '비번1!').replace('Basic ', '');
    expect(new TextDecoder().decode(Uint8Array.from(atob(encoded), (char) => char.charCodeAt(0)))).toBe(
      'a@example.com:비번1!',
    );
  });
});

describe('readAppConfig', () => {
  it('leaves the support chat off unless a http(s) address is given; refuses anything else', () => {
    expect(readAppConfig({})).toEqual({ supportChatUrl: undefined, thumbnailProxies: [] });
    expect(readAppConfig({ VITE_SUPPORT_CHAT_URL: '' })).toEqual({ supportChatUrl: undefined, thumbnailProxies: [] });
    expect(readAppConfig({ VITE_SUPPORT_CHAT_URL: 'https://chat.example.com/w.js' }).supportChatUrl).toBe(
      'https://chat.example.com/w.js',
    );
    expect(() => readAppConfig({ VITE_SUPPORT_CHAT_URL: 'javascript:alert(1)' })).toThrow(/Invalid build settings/);
  });

  it('takes up to 3 https image proxies with {url}; refuses a fourth, plain http, or a template without {url}', () => {
    const proxies = 'https://proxy-one.example/?url={url}, https://proxy-two.example/fetch/{url}';
    expect(readAppConfig({ VITE_THUMBNAIL_PROXIES: proxies }).thumbnailProxies).toEqual([
      'https://proxy-one.example/?url={url}',
      'https://proxy-two.example/fetch/{url}',
    ]);
    expect(readAppConfig({ VITE_THUMBNAIL_PROXIES: '' }).thumbnailProxies).toEqual([]);
    const four = ['a', 'b', 'c', 'd'].map((name) => `https://${name}.example/?u={url}`).join(',');
    expect(() => readAppConfig({ VITE_THUMBNAIL_PROXIES: four })).toThrow(/at most 3 image proxies/);
    expect(() => readAppConfig({ VITE_THUMBNAIL_PROXIES: 'http://proxy.example/?url={url}' })).toThrow(
      /Invalid build settings/,
    );
    expect(() => readAppConfig({ VITE_THUMBNAIL_PROXIES: 'https://proxy.example/' })).toThrow(/needs \{url\}/);
  });
});
