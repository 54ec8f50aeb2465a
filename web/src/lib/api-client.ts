import type { z } from 'zod';
import { problemDetailsSchema, type FieldError } from '@pocketguide/contracts';

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
};

export async function apiRequest<T>(request: ApiRequest<T>): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { Accept: 'application/json, application/problem+json' };
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(buildUrl(request.path, request.query), {
      method: request.method ?? 'GET',
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: request.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    // Cancellation is not a network failure: let callers (react-query) see the abort as it is.
    if (request.signal?.aborted) throw error;
    throw new NetworkError(undefined, { cause: error });
  }

  if (!response.ok) throw await toFailure(response);

  const payload = response.status === 204 ? undefined : await readJson(response);
  const parsed = request.schema.safeParse(payload);
  if (!parsed.success) {
    throw new ApiError({
      status: response.status,
      code: 'unexpected_response',
      message: `Unexpected response from ${request.path}`,
      detail: parsed.error.message,
    });
  }
  return { data: parsed.data, status: response.status, headers: response.headers };
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
    message: details.message ?? details.title ?? (response.statusText || `Request failed with status ${response.status}`),
    ...(details.detail === undefined ? {} : { detail: details.detail }),
    fieldErrors: details.errors ?? [],
  });
}

function lastSegment(path: string): string {
  const segments = path.split(/[./]/).filter((segment) => segment.length > 0);
  return segments.at(-1) ?? '';
}
