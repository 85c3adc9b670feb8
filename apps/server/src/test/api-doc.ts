/**
 * The OpenAPI document (`/docs/json`, @fastify/swagger) as tests read it, parsed instead of read as
 * `any` (not a test itself): the version, each path's operations (get/post/put/patch/delete, other
 * keys of a path item dropped) with their parameters, request body and security, and the components.
 * JSON Schemas inside are kept as objects of the subset @fastify/swagger emits for zod schemas; a
 * parameter whose `schema` is no such object is listed in `malformed` instead (docs.test.ts).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/** The subset of OpenAPI 3.0 / JSON Schema that @fastify/swagger emits for zod schemas. */
export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  format?: string;
  additionalProperties?: boolean | JsonSchema;
};

const isJsonSchema = (v: unknown): v is JsonSchema =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const jsonSchema = z.custom<JsonSchema>((v) => isJsonSchema(v), 'a JSON Schema object');

/** A parameter as the document gives it; its `schema` is checked below (see `malformed`). */
const rawParameter = z.object({
  in: z.string(),
  name: z.string(),
  required: z.boolean().optional(),
  schema: z.unknown().optional(),
});
/** A documented parameter whose schema (if any) is a JSON Schema object. */
export type ApiParameter = { in: string; name: string; required?: boolean; schema?: JsonSchema };

const rawOperation = z.object({
  parameters: z.array(rawParameter).optional(),
  requestBody: z
    .object({
      required: z.boolean().optional(),
      content: z.record(z.string(), z.object({ schema: jsonSchema.optional() })).optional(),
    })
    .optional(),
  /** Security requirements: scheme name → scopes. */
  security: z.array(z.record(z.string(), z.array(z.string()))).optional(),
});
type RawOperation = z.output<typeof rawOperation>;
/** An operation: its checked parameters, request body and security requirements. */
export type ApiOperation = Omit<RawOperation, 'parameters'> & { parameters?: ApiParameter[] };

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/** A path item: its operations by lower-case method, in the document's order (other keys dropped). */
const pathItem = z.record(z.string(), z.unknown()).transform(
  (item): Record<string, RawOperation> =>
    Object.fromEntries(
      Object.entries(item)
        .filter(([method]) => METHODS.has(method))
        .map(([method, op]) => [method, rawOperation.parse(op)]),
    ),
);

const rawDoc = z.object({
  openapi: z.string(),
  paths: z.record(z.string(), pathItem),
  components: z
    .object({
      schemas: z.record(z.string(), jsonSchema).optional(),
      // Kept whole: a test reads each scheme's own fields (`type`, `scheme`).
      securitySchemes: z.record(z.string(), z.looseObject({ type: z.string() })).optional(),
    })
    .optional(),
});

/**
 * The document: `paths` with each operation's parameters that carry a JSON Schema (or none), and
 * `malformed` naming the parameters whose `schema` is something else (`GET /path query name`), which
 * are left out of `paths` so a reader never takes them for schemas; a sound document has none.
 */
export type ApiDoc = Omit<z.output<typeof rawDoc>, 'paths'> & {
  paths: Record<string, Record<string, ApiOperation>>;
  malformed: string[];
};

function checked(doc: z.output<typeof rawDoc>): ApiDoc {
  const malformed: string[] = [];
  const paths = Object.fromEntries(
    Object.entries(doc.paths).map(([path, item]) => [
      path,
      Object.fromEntries(
        Object.entries(item).map(([method, op]) => {
          const { parameters: given, ...rest } = op;
          const parameters: ApiParameter[] = [];
          for (const { schema, ...p } of given ?? []) {
            if (schema === undefined || isJsonSchema(schema)) parameters.push({ ...p, schema });
            else malformed.push(`${method.toUpperCase()} ${path} ${p.in} ${p.name}`);
          }
          const operation: ApiOperation = given ? { ...rest, parameters } : rest;
          return [method, operation];
        }),
      ),
    ]),
  );
  return { openapi: doc.openapi, components: doc.components, paths, malformed };
}

/** The app's OpenAPI document, parsed; throws when /docs/json is not served or not a document. */
export async function apiDocOf(app: FastifyInstance): Promise<ApiDoc> {
  const res = await app.inject({ method: 'GET', url: '/docs/json' });
  if (res.statusCode !== 200) throw new Error(`/docs/json answered HTTP ${res.statusCode}`);
  return checked(rawDoc.parse(res.json()));
}
