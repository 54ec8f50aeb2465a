import { z } from 'zod';
import { errorCodes, problemDetailsSchema, type ErrorCode } from '../problem-details.ts';
import { apiRoutes, type ApiRoute, type RouteAccess } from './api-routes.ts';
import {
  contentPageSchema,
  guidebookDocumentSchema,
  richTextSchema,
  sectionItemSchema,
} from '../guidebook/guidebook-document.ts';
import { messageSchema } from '../message/messages.ts';

/**
 * The OpenAPI 3.1 document of the API, generated from the route registry (`api-routes.ts`) and the zod contracts
 * (zod 4's `z.toJSONSchema`, JSON Schema 2020-12, which is OpenAPI 3.1's own dialect). Never written by hand:
 * change a contract and the document follows. Request bodies and query strings are described as the server
 * takes them (zod's input side), answers as it sends them (the output side).
 */

type JsonObject = { [key: string]: unknown };

/** The HTTP status each problem code is answered with (platform/src/http/errors.ts and the routes). */
export const problemStatus: Readonly<Record<ErrorCode, number>> = {
  validation_failed: 400,
  malformed_json: 400,
  unsupported_media_type: 415,
  payload_too_large: 413,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  revision_mismatch: 412,
  precondition_required: 428,
  subscription_required: 403,
  publish_limit_reached: 409,
  too_many_requests: 429,
  icon_limit_reached: 400,
  upload_in_progress: 409,
  option_unavailable: 400,
  payment_not_completed: 402,
  payment_mismatch: 400,
  debug_payment_refused: 400,
  merchant_uid_refused: 400,
  payment_declined: 402,
  payment_provider_unavailable: 503,
  internal_error: 500,
};

const STATUS_TEXT: Readonly<Record<number, string>> = {
  400: 'Bad request',
  401: 'Not signed in, or the credentials are wrong',
  402: 'Payment not completed',
  403: 'Not allowed',
  404: 'Not found',
  405: 'Method not allowed',
  409: 'Conflict',
  412: 'The revision sent is not the current one',
  413: 'Too large',
  415: 'Unsupported media type',
  428: 'If-Match is required',
  429: 'Too many requests (Retry-After says when to try again)',
  500: 'Internal error',
  503: 'A service this call needs is unavailable',
};

/**
 * The big shapes many routes share are written once, under components.schemas, and referred to: the document
 * stays small enough for a browser to draw (the guidebook document alone is most of it when repeated).
 */
const sharedSchemas: ReadonlyArray<[z.ZodType, string]> = [
  [guidebookDocumentSchema, 'GuidebookDocument'],
  [contentPageSchema, 'ContentPage'],
  [sectionItemSchema, 'SectionItem'],
  [richTextSchema, 'RichText'],
  [messageSchema, 'Message'],
];

/** Turns zod schemas into JSON Schema 2020-12, collecting shared and recursive parts as components. */
export class SchemaWriter {
  readonly components: Record<string, JsonObject> = {};
  private readonly registry = z.registry<{ id: string }>();
  private readonly sharedIds = new Set<string>();
  private conversions = 0;

  constructor(shared: ReadonlyArray<[z.ZodType, string]> = sharedSchemas) {
    for (const [schema, id] of shared) {
      this.registry.add(schema, { id });
      this.sharedIds.add(id);
    }
  }

  /** The schema as the document holds it: its `$defs` moved to components, `$ref`s pointing there. */
  write(schema: z.ZodType, io: 'input' | 'output'): JsonObject {
    const conversion = ++this.conversions;
    const {
      $schema: _dialect,
      $defs,
      ...root
    } = z.toJSONSchema(schema, {
      target: 'draft-2020-12',
      io,
      unrepresentable: 'any',
      metadata: this.registry,
    }) as JsonObject;
    const suffix = io === 'input' ? 'Input' : '';
    // shared ids are the same everywhere; ids zod made up for a cycle are only unique within one conversion
    const nameOf = (id: string) =>
      this.sharedIds.has(id) ? `${id}${suffix}` : `${id.replace(/^_+/, '')}_${conversion}${suffix}`;
    const rewrite = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(rewrite);
      if (value === null || typeof value !== 'object') return value;
      return Object.fromEntries(
        Object.entries(value).map(([key, child]) =>
          key === '$ref' && typeof child === 'string' && child.startsWith('#/$defs/')
            ? [key, `#/components/schemas/${nameOf(child.slice(8))}`]
            : [key, rewrite(child)],
        ),
      );
    };
    for (const [id, definition] of Object.entries(($defs ?? {}) as Record<string, unknown>)) {
      const name = nameOf(id);
      this.components[name] ??= rewrite(definition) as JsonObject;
    }
    return rewrite(root) as JsonObject;
  }
}

/** A zod schema as JSON Schema 2020-12 with nothing referred to elsewhere (for one-off uses and tests). */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonObject {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as JsonObject;
  return rest;
}

/** `/api/guidebooks/:id` → `/api/guidebooks/{id}`; the path as the document lists it. */
export function openApiPathOf(route: Pick<ApiRoute, 'path' | 'openApiPath'>): string {
  return route.openApiPath ?? route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function problemsOf(route: ApiRoute): ErrorCode[] {
  const codes = new Set<ErrorCode>(route.problems ?? []);
  if (route.body || route.query) codes.add('validation_failed');
  if (route.body) {
    codes.add('malformed_json');
    codes.add('unsupported_media_type');
    codes.add('payload_too_large');
  }
  const signedIn: readonly RouteAccess[] = ['signed-in', 'owner-or-admin', 'self-or-admin', 'admin', 'credentials'];
  if (signedIn.includes(route.access)) codes.add('unauthorized');
  if (route.access === 'owner-or-admin' || route.access === 'self-or-admin' || route.access === 'admin')
    codes.add('forbidden');
  if (route.access === 'owner-or-admin' || route.access === 'self-or-admin') codes.add('not_found');
  if (route.ifMatch) codes.add('revision_mismatch');
  if (route.ifMatch === 'required') codes.add('precondition_required');
  // every route can fail inside; it says so with problem details too
  codes.add('internal_error');
  return errorCodes.filter((code) => codes.has(code));
}

function parametersOf(route: ApiRoute, writer: SchemaWriter): JsonObject[] {
  const path = openApiPathOf(route);
  const parameters: JsonObject[] = [...path.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  if (route.query) {
    const schema = writer.write(route.query, 'input');
    const properties = (schema.properties ?? {}) as Record<string, JsonObject>;
    const required = new Set((schema.required ?? []) as string[]);
    for (const [name, property] of Object.entries(properties)) {
      parameters.push({ name, in: 'query', required: required.has(name), schema: property });
    }
  }
  if (route.ifMatch) {
    parameters.push({
      name: 'If-Match',
      in: 'header',
      required: route.ifMatch === 'required',
      description: 'the revision the edits were made on (the ETag of the last read or save)',
      schema: { type: 'string' },
    });
  }
  return parameters;
}

function requestBodyOf(route: ApiRoute, writer: SchemaWriter): JsonObject | undefined {
  if (route.upload) {
    return {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: [route.upload],
            properties: { [route.upload]: { type: 'string', contentMediaType: 'image/*', contentEncoding: 'binary' } },
          },
        },
      },
    };
  }
  if (!route.body) return undefined;
  const schemas = Array.isArray(route.body) ? route.body : [route.body as z.ZodType];
  const schema =
    schemas.length === 1 && schemas[0]
      ? writer.write(schemas[0], 'input')
      : { anyOf: schemas.map((s) => writer.write(s, 'input')) };
  return { required: true, content: { 'application/json': { schema } } };
}

function responsesOf(route: ApiRoute, writer: SchemaWriter): JsonObject {
  const responses: JsonObject = {};
  const { ok } = route;
  const content = ok.schema
    ? { 'application/json': { schema: writer.write(ok.schema, 'output') } }
    : ok.type
      ? {
          [ok.type]: {
            schema:
              ok.type.startsWith('text/') || ok.type.endsWith('ndjson') || ok.type.endsWith('xml')
                ? { type: 'string' }
                : { type: 'string', contentEncoding: 'binary' },
          },
        }
      : undefined;
  responses[String(ok.status)] = {
    description: ok.description ?? 'Done',
    ...(content && ok.status !== 204 ? { content } : {}),
  };
  if (ok.alsoStatus !== undefined)
    responses[String(ok.alsoStatus)] = { description: 'Done, nothing new to do', ...(content ? { content } : {}) };
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of problemsOf(route)) {
    const status = problemStatus[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[String(status)] = {
      description: `${STATUS_TEXT[status] ?? 'Refused'}: ${codes.map((code) => `\`${code}\``).join(', ')}`,
      content: {
        'application/problem+json': {
          schema: {
            allOf: [
              { $ref: '#/components/schemas/ProblemDetails' },
              { type: 'object', properties: { code: { enum: codes } } },
            ],
          },
        },
      },
    };
  }
  return responses;
}

function securityOf(access: RouteAccess): JsonObject[] | undefined {
  switch (access) {
    case 'public':
    case 'dev':
      return [];
    case 'credentials':
      return [{ basicAuth: [] }];
    case 'signed-in':
    case 'owner-or-admin':
    case 'self-or-admin':
    case 'admin':
      return [{ bearerAuth: [] }];
    default: {
      const unknown: never = access;
      throw new Error(`no security for ${String(unknown)}`);
    }
  }
}

const ACCESS_TEXT: Readonly<Record<RouteAccess, string>> = {
  public: 'Anyone.',
  'signed-in': 'Anyone signed in.',
  'owner-or-admin': 'Its owner or an administrator.',
  'self-or-admin': 'The account itself or an administrator.',
  admin: 'Administrators.',
  credentials: 'Basic credentials (email and password).',
  dev: 'Outside production, from loopback, with the outbox mailer.',
};

export type OpenApiOptions = { version: string; routes?: readonly ApiRoute[] };

export function buildOpenApiDocument(options: OpenApiOptions): JsonObject {
  const paths: Record<string, Record<string, JsonObject>> = {};
  const writer = new SchemaWriter();
  for (const route of options.routes ?? apiRoutes) {
    const path = openApiPathOf(route);
    const operation: JsonObject = {
      operationId: `${route.method.toLowerCase()} ${path}`,
      tags: [route.tag],
      summary: route.summary,
      description: `Who may call it: ${ACCESS_TEXT[route.access]}`,
      security: securityOf(route.access),
      parameters: parametersOf(route, writer),
      responses: responsesOf(route, writer),
    };
    const body = requestBodyOf(route, writer);
    if (body) operation.requestBody = body;
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'PocketGuide API',
      version: options.version,
      description:
        'Generated from the zod contracts at run time. Every failure is RFC 7807 problem details (`application/problem+json`) with a stable `code`; the codes each call answers are listed under its responses. Writes answer the global `position` of their last event; reads take `?after=<position>` to wait for it.',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas: { ProblemDetails: writer.write(problemDetailsSchema, 'output'), ...writer.components },
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'the token POST /api/auth answers',
        },
        basicAuth: { type: 'http', scheme: 'basic' },
      },
    },
  };
}
