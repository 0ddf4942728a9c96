import * as contract from '@portal/contract';
import * as consoleContract from '@portal/contract/console';
import * as downloadsContract from '@portal/contract/downloads';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';

type AnyEndpoint = contract.Endpoint<z.ZodMiniType | undefined, z.ZodMiniType>;

const isEndpoint = (value: unknown): value is AnyEndpoint =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'response' in value;

const jsonSchema = (schema: z.ZodMiniType, io: 'input' | 'output') => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return rest;
};

/** A call whose body is a file's bytes (not JSON): what it says of its query and content types. */
interface BytesBody {
  query?: string;
  kinds?: readonly string[];
  /** An optional query parameter with the file's own name. */
  nameQuery?: string;
  contentTypes?: readonly string[];
}

const bytesBody = (bytes: BytesBody) => ({
  ...(bytes.query
    ? {
        parameters: [
          { name: bytes.query, in: 'query', required: true, schema: { enum: bytes.kinds } },
          ...(bytes.nameQuery
            ? [{ name: bytes.nameQuery, in: 'query', required: false, schema: { type: 'string', maxLength: 1000 } }]
            : []),
        ],
      }
    : {}),
  requestBody: {
    required: true,
    content: Object.fromEntries(
      (bytes.contentTypes ?? ['application/octet-stream']).map((type) => [
        type,
        { schema: { type: 'string', format: 'binary' } },
      ]),
    ),
  },
});

/** Both halves of the contract (student API and console API, each under its base) as one list. */
const calls = (apiBase: string, consoleBase: string) => [
  ...Object.entries(contract as Record<string, unknown>).map(([name, value]) => ({
    name,
    value,
    base: apiBase,
    tag: 'student',
  })),
  // Kept out of the contract's index, which the student app's first load imports (decision 077).
  ...Object.entries(downloadsContract as Record<string, unknown>).map(([name, value]) => ({
    name,
    value,
    base: apiBase,
    tag: 'student',
  })),
  ...Object.entries(consoleContract as Record<string, unknown>).map(([name, value]) => ({
    name,
    value,
    base: consoleBase,
    tag: 'console',
  })),
];

/** The contract as an OpenAPI 3.1 document, generated from the same schemas the server validates with. */
export function openApiDocument(apiBase: string, consoleBase: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { name, value, base, tag } of calls(apiBase, consoleBase)) {
    if (!isEndpoint(value)) continue;
    const endpoint = value;
    const roles = consoleContract.isConsoleEndpoint(endpoint) ? endpoint.roles : undefined;
    paths[base + endpoint.path] = {
      [endpoint.method.toLowerCase()]: {
        operationId: name,
        tags: [tag],
        ...(roles?.length ? { 'x-roles': roles, description: `Staff roles allowed: ${roles.join(', ')}.` } : {}),
        ...(endpoint.auth ? { security: [{ token: [] }] } : {}),
        ...('bytes' in endpoint ? bytesBody(endpoint.bytes as BytesBody) : {}),
        ...(endpoint.body
          ? {
              requestBody: {
                required: true,
                content: { 'application/json': { schema: jsonSchema(endpoint.body, 'input') } },
              },
            }
          : {}),
        responses: {
          '200': {
            description: 'Answer',
            content: { 'application/json': { schema: jsonSchema(endpoint.response, 'output') } },
          },
          '4XX': {
            description:
              "Refused: `{status: false, message, code, field?}` (401 no or wrong token, 403 role not allowed, 400 body); `code` is one of the contract's REFUSAL_CODES",
          },
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Student portal API', version: '1' },
    components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Token' } } },
    paths,
  };
}

export function registerOpenApi(app: FastifyInstance) {
  const document = openApiDocument(app.config.API_BASE, app.config.CONSOLE_API_BASE);
  app.get(`${app.config.API_BASE}/openapi.json`, async () => document);
}
