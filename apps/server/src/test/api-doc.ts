/**
 * The OpenAPI document (`/docs/json`, @fastify/swagger) as tests read it, parsed instead of read as
 * `any` (not a test itself): the version, each path's operations (get/post/put/patch/delete, other
 * keys of a path item dropped) with their parameters, request body and security, and the components.
 * JSON Schemas inside are kept as objects of the subset @fastify/swagger emits for zod schemas.
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

const jsonSchema = z.custom<JsonSchema>(
  (v) => typeof v === 'object' && v !== null && !Array.isArray(v),
  'a JSON Schema object',
);

const parameter = z.looseObject({
  in: z.string(),
  name: z.string(),
  required: z.boolean().optional(),
  schema: jsonSchema.optional(),
});
export type ApiParameter = z.output<typeof parameter>;

const operation = z.looseObject({
  parameters: z.array(parameter).optional(),
  requestBody: z
    .looseObject({
      required: z.boolean().optional(),
      content: z.record(z.string(), z.looseObject({ schema: jsonSchema.optional() })).optional(),
    })
    .optional(),
  /** Security requirements: scheme name → scopes. */
  security: z.array(z.record(z.string(), z.array(z.string()))).optional(),
});
export type ApiOperation = z.output<typeof operation>;

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/** A path item: its operations by lower-case method, in the document's order. */
const pathItem = z.record(z.string(), z.unknown()).transform(
  (item): Record<string, ApiOperation> =>
    Object.fromEntries(
      Object.entries(item)
        .filter(([method]) => METHODS.has(method))
        .map(([method, op]) => [method, operation.parse(op)]),
    ),
);

export const apiDoc = z.looseObject({
  openapi: z.string(),
  paths: z.record(z.string(), pathItem),
  components: z
    .looseObject({
      schemas: z.record(z.string(), jsonSchema).optional(),
      securitySchemes: z.record(z.string(), z.looseObject({ type: z.string() })).optional(),
    })
    .optional(),
});
export type ApiDoc = z.output<typeof apiDoc>;

/** The app's OpenAPI document, parsed; throws when /docs/json is not served or not a document. */
export async function apiDocOf(app: FastifyInstance): Promise<ApiDoc> {
  const res = await app.inject({ method: 'GET', url: '/docs/json' });
  if (res.statusCode !== 200) throw new Error(`/docs/json answered HTTP ${res.statusCode}`);
  return apiDoc.parse(res.json());
}
