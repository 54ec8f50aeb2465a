import type { z } from 'zod';
import { problemDetailsSchema, type FieldError } from '@pocketguide/contracts';
import { takeEarlyAnswer } from './early-answer.ts';

/**
 * The one way the web talks to `/api`: JSON in, JSON out. A refusal (RFC 7807 problem details) becomes an
 * `ApiError` carrying the stable `code`; a request that never got an answer becomes a `NetworkError`, which the app
 * treats as "server not available" rather than as a refusal.
 */

export const API_BASE_PATH = '/api';

// Parsed leniently: a proxy or an older server may leave fields out, and the status line still tells us something.
const lenientProblemDetailsSchema = problemDetailsSchema.partial();

export type { FieldError };

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly detail: string | undefined;
  readonly fieldErrors: readonly FieldError[];

  constructor(init: { status: number; code: string; message: string; detail?: string; fieldErrors?: FieldError[] }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.detail = init.detail;
    this.fieldErrors = init.fieldErrors ?? [];
  }

  /** The first message the server gave for a field, matched on the last segment of its path (`title`, `/title`). */
  fieldError(field: string): string | undefined {
    return this.fieldErrors.find((error) => lastSegment(error.path) === field)?.message;
  }
}

export class NetworkError extends Error {
  override readonly name = 'NetworkError';

  constructor(message = 'Unable to communicate with the server', options?: { cause?: unknown }) {
    super(message, options);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function isNetworkError(error: unknown): error is NetworkError {
  return error instanceof NetworkError;
}

export type ApiResponse<T> = { data: T; status: number; headers: Headers };

export type ApiRequest<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path below `/api`, e.g. `/guidebooks`. */
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /** Validates the answer, so a drifted server shows up as an error here instead of as a broken screen. */
  schema: z.ZodType<T>;
  signal?: AbortSignal;
  /** Extra request headers (e.g. `If-Match` for a save against a revision). */
  headers?: Record<string, string>;
  /**
   * Who the call is from. Through an `ApiClient`, the session's bearer token is sent unless this names HTTP Basic
   * credentials (sign-in, password change) or `none`.
   */
  auth?: ApiAuth;
};

export type ApiAuth = 'session' | 'none' | { basic: { email: string; password: string } };

/** A request with no session: what `ApiClient` builds on. */
export async function apiRequest<T>(
  request: ApiRequest<T>,
  extraHeaders: Record<string, string> = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = {
    Accept: 'application/json, application/problem+json',
    ...request.headers,
    ...extraHeaders,
  };
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';
  if (typeof request.auth === 'object')
    headers.Authorization = basicAuthorization(request.auth.basic.email, request.auth.basic.password);

  const url = buildUrl(request.path, request.query);
  const ask = () =>
    fetch(url, {
      method: request.method ?? 'GET',
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: request.signal,
      credentials: 'same-origin',
    });
  // a drawn screen's first lines may have asked for this already (early-answer.ts); if that failed, ask again
  const early =
    (request.method ?? 'GET') === 'GET' && request.body === undefined
      ? takeEarlyAnswer(url, headers.Authorization)
      : undefined;
  let response: Response;
  try {
    response = await (early ? early.catch(ask) : ask());
  } catch (error) {
    // Cancellation is not a network failure: let callers (react-query) see the abort as it is.
    if (request.signal?.aborted) throw error;
    throw new NetworkError(undefined, { cause: error });
  }

  if (!response.ok) throw await toFailure(response);
  return parseAnswer(request, response.status, response.headers, await readJsonIfAny(response));
}

function parseAnswer<T>(
  request: Pick<ApiRequest<T>, 'path' | 'schema'>,
  status: number,
  headers: Headers,
  payload: unknown,
): ApiResponse<T> {
  const parsed = request.schema.safeParse(payload);
  if (!parsed.success) {
    throw new ApiError({
      status,
      code: 'unexpected_response',
      message: `Unexpected response from ${request.path}`,
      detail: parsed.error.message,
    });
  }
  return { data: parsed.data, status, headers };
}

async function readJsonIfAny(response: Response): Promise<unknown> {
  return response.status === 204 ? undefined : readJson(response);
}

/** `Basic base64(email:password)`, UTF-8 first so Korean or other non-Latin passwords survive `btoa`. */
export function basicAuthorization(email: string, password: string): string {
  const bytes = new TextEncoder().encode(`${email}:${password}`);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}

export type UploadRequest<T> = {
  method?: 'PUT' | 'POST';
  path: string;
  file: File;
  /** the multipart field name */
  field?: string;
  schema: z.ZodType<T>;
  /** 0 to 1 as the bytes leave the browser */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  timeoutMs?: number;
};

/** Spec 2 §9: an upload may take up to ten minutes before it is given up. */
export const UPLOAD_TIMEOUT_MS = 600_000;

/** The calls a screen makes, with the signed-in person's token added and a refused token ending the session. */
export type ApiClient = {
  request<T>(request: ApiRequest<T>): Promise<ApiResponse<T>>;
  /** Multipart upload with progress (fetch cannot report upload progress; XMLHttpRequest can). */
  upload<T>(request: UploadRequest<T>): Promise<ApiResponse<T>>;
};

export type ApiClientOptions = {
  getToken: () => string | undefined;
  /** A 401 on a call that carried the token: the session is over (expired, revoked, account deleted). */
  onUnauthorized: () => void;
};

export function createApiClient({ getToken, onUnauthorized }: ApiClientOptions): ApiClient {
  function bearerFor(auth: ApiAuth | undefined): string | undefined {
    if (auth !== undefined && auth !== 'session') return undefined;
    return getToken();
  }

  function watchUnauthorized(token: string | undefined) {
    return (error: unknown): never => {
      if (token !== undefined && isApiError(error) && error.status === 401 && getToken() === token) onUnauthorized();
      throw error;
    };
  }

  return {
    request(request) {
      const token = bearerFor(request.auth);
      return apiRequest(request, token ? { Authorization: `Bearer ${token}` } : {}).catch(watchUnauthorized(token));
    },
    upload(request) {
      const token = getToken();
      return uploadFile(request, token).catch(watchUnauthorized(token));
    },
  };
}

function uploadFile<T>(request: UploadRequest<T>, token: string | undefined): Promise<ApiResponse<T>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(request.method ?? 'PUT', buildUrl(request.path, undefined));
    xhr.timeout = request.timeoutMs ?? UPLOAD_TIMEOUT_MS;
    xhr.setRequestHeader('Accept', 'application/json, application/problem+json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) request.onProgress?.(event.loaded / event.total);
    });
    const onAbort = () => xhr.abort();
    request.signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => request.signal?.removeEventListener('abort', onAbort);

    xhr.addEventListener('load', () => {
      settle();
      void (async () => {
        const headers = new Headers();
        const contentType = xhr.getResponseHeader('Content-Type');
        if (contentType) headers.set('Content-Type', contentType);
        // Rebuilt as a Response so refusals go through the same problem-details reading as every other call.
        const response = new Response(xhr.status === 204 ? null : xhr.responseText, {
          status: xhr.status,
          statusText: xhr.statusText,
          headers,
        });
        if (!response.ok) {
          reject(await toFailure(response));
          return;
        }
        try {
          resolve(parseAnswer(request, response.status, headers, await readJsonIfAny(response)));
        } catch (error) {
          reject(error);
        }
      })();
    });
    xhr.addEventListener('error', () => {
      settle();
      reject(new NetworkError());
    });
    xhr.addEventListener('timeout', () => {
      settle();
      reject(new NetworkError('The upload took too long'));
    });
    xhr.addEventListener('abort', () => {
      settle();
      reject(new DOMException('Aborted', 'AbortError'));
    });

    const form = new FormData();
    form.append(request.field ?? 'file', request.file, request.file.name);
    xhr.send(form);
  });
}

function buildUrl(path: string, query: ApiRequest<unknown>['query']): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) search.set(key, String(value));
  }
  const queryString = search.toString();
  return `${API_BASE_PATH}${path}${queryString ? `?${queryString}` : ''}`;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.length === 0) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Turns a non-2xx answer into an ApiError, or a NetworkError when a gateway says the server is not there. */
export async function toFailure(response: Response): Promise<ApiError | NetworkError> {
  const contentType = response.headers.get('Content-Type') ?? '';
  const isJson = contentType.includes('json');
  const body = isJson ? await readJson(response) : undefined;
  const problem = lenientProblemDetailsSchema.safeParse(body);

  if (!isJson || !problem.success) {
    if ([502, 503, 504].includes(response.status)) return new NetworkError(`Server answered ${response.status}`);
    return new ApiError({
      status: response.status,
      code: `HTTP_${response.status}`,
      message: response.statusText || `Request failed with status ${response.status}`,
    });
  }

  const details = problem.data;
  return new ApiError({
    status: details.status ?? response.status,
    code: details.code ?? `HTTP_${response.status}`,
    message:
      details.message ?? details.title ?? (response.statusText || `Request failed with status ${response.status}`),
    ...(details.detail === undefined ? {} : { detail: details.detail }),
    fieldErrors: details.errors ?? [],
  });
}

function lastSegment(path: string): string {
  const segments = path.split(/[./]/).filter((segment) => segment.length > 0);
  return segments.at(-1) ?? '';
}
