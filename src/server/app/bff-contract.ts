/**
 * The BFF's own inputs checked against its interface (src/api/bff.yaml), and what it reads from the
 * service checked against the service contract (src/api/openapi.yaml), with the same OpenAPI
 * validator the simulator uses (src/lib/openapi-validator.ts): the shapes live in the yaml
 * documents, not restated here. Compiled once per operation or schema, on first use.
 */
import type { FastifyRequest } from 'fastify';
import { bffDocument, bffDocumentId } from '../../api/bff-document.gen.ts';
import type { components, operations } from '../../api/bff-schema.gen.ts';
import { openapiDocument, openapiDocumentId } from '../../api/openapi-document.gen.ts';
import type { OpenApiValidator } from '../../lib/openapi-validator.ts';
import { createOpenApiValidator, RequestRefusal } from '../../lib/openapi-validator.ts';
import { BffError } from './errors.ts';

const service = { id: openapiDocumentId, document: openapiDocument };

let bffValidator: OpenApiValidator | null = null;
let serviceValidator: OpenApiValidator | null = null;

function bff(): OpenApiValidator {
  bffValidator ??= createOpenApiValidator({ id: bffDocumentId, document: bffDocument }, [service]);
  return bffValidator;
}

function contract(): OpenApiValidator {
  serviceValidator ??= createOpenApiValidator(service);
  return serviceValidator;
}

/** Whether `value` matches `#/components/schemas/<schema>` of bff.yaml. */
export function matchesBffSchema(schema: keyof components['schemas'], value: unknown): boolean {
  return bff().schemaErrors(schema, value).length === 0;
}

/** Whether `value` matches `#/components/schemas/<schema>` of the service contract. */
export function matchesServiceSchema(schema: string, value: unknown): boolean {
  return contract().schemaErrors(schema, value).length === 0;
}

type QueryOf<Id extends keyof operations> = NonNullable<operations[Id]['parameters']['query']>;

/**
 * Checks a request against its bff.yaml operation (parameters, JSON body) and answers its query
 * as declared (types coerced, defaults filled in); a refusal is 400 `invalid_request` naming the
 * field.
 */
export function checkBffRequest<Id extends keyof operations>(
  operationId: Id,
  request: Pick<FastifyRequest, 'method' | 'url' | 'headers' | 'body' | 'params'>,
): { query: QueryOf<Id> } {
  const operation = bff().operations.find((candidate) => candidate.operationId === operationId);
  if (!operation) throw new Error(`bff.yaml has no operation ${operationId}`);
  const headers = request.headers;
  try {
    const checked = operation.validateRequest({
      params: (request.params ?? {}) as Record<string, string>,
      query: new URL(request.url, 'http://bff.invalid').searchParams,
      headers: {
        get: (name) => {
          const value = headers[name.toLowerCase()];
          return Array.isArray(value) ? value.join(', ') : (value ?? null);
        },
      },
      body: request.method === 'GET' || request.method === 'HEAD' ? undefined : request.body,
    });
    return { query: checked.query as QueryOf<Id> };
  } catch (error) {
    if (error instanceof RequestRefusal) {
      throw new BffError(400, 'invalid_request', error.message, { param: error.param });
    }
    throw error;
  }
}
