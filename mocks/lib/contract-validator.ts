/**
 * The simulator's view of the service contract (src/api/openapi.yaml): the shared OpenAPI
 * validator (src/lib/openapi-validator.ts, also the BFF's) over the contract, with a refused
 * request thrown as the service's 400 `invalid_request` naming the field, and the contract's
 * `x-requires-paid-plan` read for route().
 */
import { openapiDocument, openapiDocumentId } from '@/api/openapi-document.gen.ts';
import type {
  OpenApiOperation,
  OpenApiRequest,
  ValidatedParameters,
} from '@/lib/openapi-validator.ts';
import { createOpenApiValidator, RequestRefusal } from '@/lib/openapi-validator.ts';
import { invalid } from './errors.ts';

export interface ContractOperation extends Omit<OpenApiOperation, 'validateRequest'> {
  /** `x-requires-paid-plan: true` on the operation. */
  requiresPaidPlan: boolean;
  /** Checks a request; throws 400 `invalid_request` naming the field. */
  validateRequest(request: OpenApiRequest): ValidatedParameters;
}

export interface ContractValidator {
  /** The operation for a method and path template (`/projects/{projectId}`), if declared. */
  operation(method: string, template: string): ContractOperation | undefined;
  readonly operations: readonly ContractOperation[];
  /** Errors of a value against `#/components/schemas/<name>` ([] when it matches). */
  schemaErrors(name: string, value: unknown): string[];
}

function asContractOperation(operation: OpenApiOperation): ContractOperation {
  return {
    ...operation,
    requiresPaidPlan: operation.definition['x-requires-paid-plan'] === true,
    validateRequest(request) {
      try {
        return operation.validateRequest(request);
      } catch (error) {
        if (error instanceof RequestRefusal) throw invalid(error.param, error.message);
        throw error;
      }
    },
  };
}

let instance: ContractValidator | null = null;

/** The validator of src/api/openapi.yaml, created on first use and then shared. */
export function contractValidator(): ContractValidator {
  if (instance) return instance;
  const validator = createOpenApiValidator({ id: openapiDocumentId, document: openapiDocument });
  const operations = validator.operations.map(asContractOperation);
  const byRoute = new Map(operations.map((op) => [`${op.method} ${op.template}`, op]));
  instance = {
    operations,
    operation: (method, template) => byRoute.get(`${method.toUpperCase()} ${template}`),
    schemaErrors: (name, value) => validator.schemaErrors(name, value),
  };
  return instance;
}

/** Compiles every operation's request validators now. */
export function warmContractValidators(): void {
  for (const operation of contractValidator().operations) operation.warm();
}

/**
 * Compiles them one operation per turn of the event loop, so that requests arriving meanwhile are
 * served between compilations (after start-up, before the first requests need them).
 */
export function warmContractValidatorsInBackground(): void {
  const pending = [...contractValidator().operations];
  const next = (): void => {
    pending.shift()?.warm();
    if (pending.length > 0) setImmediate(next);
  };
  setImmediate(next);
}
