/**
 * Request (and, for tests, response) validation against the contract, src/api/openapi.yaml, with
 * ajv + ajv-formats: every rule the yaml declares (types, enums, bounds, formats, required fields,
 * patterns, oneOf) is checked here and nowhere else. The document is indexed once per process;
 * each operation's validators are compiled once, on its first request, and reused.
 *
 * A refused request is 400 `invalid_request` whose `param` names the offending field as the client
 * sent it: a path, query or header parameter by its name (`limit`, `projectId`, `Idempotency-Key`),
 * a body field by its path with dots for properties and brackets for items (`reason`, `ids[3]`,
 * `operation.timeline_item_id`, `updates[0].style.opacity`), `body` for the body as a whole.
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { openapiDocument } from '@/api/openapi-document.gen.ts';
import { invalid } from './errors.ts';

type JsonRecord = Record<string, unknown>;

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;
const DOCUMENT_ID = 'contract.json';
const PARAMETER_LOCATIONS = ['path', 'query', 'header'] as const;
type ParameterLocation = (typeof PARAMETER_LOCATIONS)[number];

export interface ContractRequest {
  /** Path parameters by name, as matched (decoded strings). */
  params: Record<string, string>;
  query: URLSearchParams;
  headers: Headers;
  /** Parsed JSON body (`{}` when absent); undefined for methods without a body. */
  body: unknown;
}

export interface ValidatedParameters {
  /** Path parameters, uuid ones lower-cased. */
  path: Record<string, string>;
  /** Query parameters coerced to their declared types, with declared defaults filled in. */
  query: Record<string, unknown>;
}

export interface ContractOperation {
  method: string;
  template: string;
  operationId: string;
  summary: string;
  /** `x-requires-paid-plan: true` on the operation. */
  requiresPaidPlan: boolean;
  /** Checks a request; throws 400 `invalid_request` naming the field. */
  validateRequest(request: ContractRequest): ValidatedParameters;
  /** Errors of a response body against the declared status's JSON schema ([] when it matches). */
  responseErrors(status: number, body: unknown): string[];
  /** Compiles the request validators now (otherwise done by the first request). */
  warm(): void;
}

interface ParameterObject {
  name: string;
  in: string;
  required?: boolean;
  schema?: JsonRecord;
}

/** ajv does not support `discriminator.mapping`; the mapping only restates the oneOf refs. */
function withoutDiscriminatorMappings(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutDiscriminatorMappings);
  if (value === null || typeof value !== 'object') return value;
  const out: JsonRecord = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === 'discriminator' && item !== null && typeof item === 'object') {
      out[key] = { propertyName: (item as JsonRecord).propertyName };
    } else {
      out[key] = withoutDiscriminatorMappings(item);
    }
  }
  return out;
}

const escapePointer = (segment: string): string =>
  encodeURIComponent(segment.replace(/~/g, '~0').replace(/\//g, '~1'));

const pointer = (segments: readonly string[]): string =>
  `${DOCUMENT_ID}#/${segments.map(escapePointer).join('/')}`;

function newAjv(coerce: boolean): Ajv2020 {
  const ajv = new Ajv2020({
    strict: false,
    allErrors: false,
    verbose: true,
    discriminator: true,
    validateSchema: false,
    coerceTypes: coerce,
  });
  addFormats(ajv);
  ajv.addFormat('binary', true);
  ajv.addSchema(withoutDiscriminatorMappings(openapiDocument) as JsonRecord, DOCUMENT_ID);
  return ajv;
}

/** Follows a local `$ref` chain (`#/components/...`) to the object and its JSON-pointer path. */
function resolveLocal(
  value: unknown,
  segments: string[],
): { node: JsonRecord; segments: string[] } {
  let node = value as JsonRecord;
  let path = segments;
  for (let hops = 0; typeof node.$ref === 'string' && hops < 20; hops += 1) {
    path = node.$ref.replace(/^#\//, '').split('/').map(decodePointer);
    node = lookup(path);
  }
  return { node, segments: path };
}

function decodePointer(segment: string): string {
  return decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~');
}

function lookup(segments: readonly string[]): JsonRecord {
  let node: unknown = openapiDocument;
  for (const segment of segments) node = (node as JsonRecord | undefined)?.[segment];
  if (node === null || typeof node !== 'object') {
    throw new Error(`The contract has no #/${segments.join('/')}`);
  }
  return node as JsonRecord;
}

/** `/ids/3` → `ids[3]`, `/operation/timeline_item_id` → `operation.timeline_item_id`. */
export function paramFromPointer(instancePath: string, property?: string): string {
  const parts = instancePath
    .split('/')
    .slice(1)
    .map(decodePointer)
    .concat(property === undefined ? [] : [property]);
  let out = '';
  for (const part of parts) {
    if (/^\d+$/.test(part)) out += `[${part}]`;
    else out += out === '' ? part : `.${part}`;
  }
  return out;
}

/** The field an ajv error is about, and a sentence for the user. */
function describe(
  errors: readonly ErrorObject[],
  whole: string,
): { param: string; message: string } {
  // oneOf/anyOf report their branches' errors first; the first of those is the most specific.
  const error =
    errors.find((candidate) => !['oneOf', 'anyOf', 'if'].includes(candidate.keyword)) ??
    (errors[0] as ErrorObject);
  const params = error.params as JsonRecord;
  let property: string | undefined;
  if (error.keyword === 'required' || error.keyword === 'dependentRequired') {
    property = String(params.missingProperty);
  } else if (error.keyword === 'additionalProperties') {
    property = String(params.additionalProperty);
  } else if (error.keyword === 'unevaluatedProperties') {
    property = String(params.unevaluatedProperty);
  } else if (error.keyword === 'not') {
    // `not: {required: [x]}`: x must not be sent alongside.
    const required = (error.schema as JsonRecord | undefined)?.required;
    if (Array.isArray(required) && typeof required[0] === 'string') property = required[0];
  } else if (error.keyword === 'discriminator') {
    property = String(params.tag);
  } else if (error.keyword === 'oneOf' || error.keyword === 'anyOf') {
    // Every branch passed (oneOf) or none named a field: name what the first branch requires.
    const branches = error.schema as JsonRecord[] | undefined;
    const required = resolveBranch(branches?.[0])?.required;
    if (Array.isArray(required) && typeof required[0] === 'string') property = required[0];
  }
  const param = paramFromPointer(error.instancePath, property) || whole;
  const message =
    error.keyword === 'required' || error.keyword === 'dependentRequired'
      ? `${param} is required.`
      : error.keyword === 'additionalProperties' || error.keyword === 'unevaluatedProperties'
        ? `${param} is not a known field.`
        : error.keyword === 'discriminator'
          ? `${param} must be one of: ${discriminatorValues(error).join(', ')}.`
          : error.keyword === 'not'
            ? `${param} cannot be combined with the other fields sent.`
            : error.keyword === 'oneOf'
              ? `${param}: give exactly one of the alternatives.`
              : `${param} ${explain(error)}.`;
  return { param, message };
}

/** The tag values a discriminated oneOf accepts (each branch's `const` or `enum`). */
function discriminatorValues(error: ErrorObject): string[] {
  const parent = error.parentSchema as JsonRecord | undefined;
  const tag = String((error.params as JsonRecord).tag);
  const branches = (parent?.oneOf as JsonRecord[] | undefined) ?? [];
  return branches.flatMap((branch) => {
    const property = (resolveBranch(branch)?.properties as JsonRecord | undefined)?.[tag] as
      JsonRecord | undefined;
    if (property?.const !== undefined) return [String(property.const)];
    return Array.isArray(property?.enum) ? property.enum.map(String) : [];
  });
}

function resolveBranch(branch: JsonRecord | undefined): JsonRecord | undefined {
  if (!branch) return undefined;
  if (typeof branch.$ref !== 'string') return branch;
  return lookup(branch.$ref.replace(/^#\//, '').split('/').map(decodePointer));
}

function explain(error: ErrorObject): string {
  const parent = error.parentSchema as JsonRecord | undefined;
  if (error.keyword === 'pattern' && parent?.format === 'uuid') {
    return 'must be a UUID (versions 1 to 8, variant 8/9/a/b, or the nil or max form)';
  }
  const allowed = (error.params as JsonRecord).allowedValues;
  const values = Array.isArray(allowed) ? `: ${allowed.join(', ')}` : '';
  return `${error.message ?? 'is not valid'}${values}`;
}

function isUuidSchema(schema: JsonRecord | undefined): boolean {
  if (!schema) return false;
  const { node } = resolveLocal(schema, []);
  return node.format === 'uuid';
}

interface CompiledParameters {
  validate: ValidateFunction;
  parameters: ParameterObject[];
}

function compileParameters(
  ajv: Ajv2020,
  entries: Array<{ parameter: ParameterObject; segments: string[] }>,
  location: ParameterLocation,
): CompiledParameters | null {
  const chosen = entries.filter(({ parameter }) => parameter.in === location);
  if (chosen.length === 0) return null;
  const properties: JsonRecord = {};
  const required: string[] = [];
  for (const { parameter, segments } of chosen) {
    properties[parameter.name] = parameter.schema ? { $ref: pointer([...segments, 'schema']) } : {};
    if (parameter.required) required.push(parameter.name);
  }
  return {
    validate: ajv.compile({ type: 'object', properties, required }),
    parameters: chosen.map(({ parameter }) => parameter),
  };
}

function compileOperation(
  request: Ajv2020,
  coercing: Ajv2020,
  template: string,
  method: string,
): ContractOperation {
  const pathItem = lookup(['paths', template]);
  const operation = lookup(['paths', template, method]);
  // Operation-level parameters override path-level ones with the same name and location.
  const byKey = new Map<string, { parameter: ParameterObject; segments: string[] }>();
  for (const [owner, list] of [
    [['paths', template], pathItem.parameters],
    [['paths', template, method], operation.parameters],
  ] as const) {
    if (!Array.isArray(list)) continue;
    list.forEach((raw: unknown, index) => {
      const resolved = resolveLocal(raw, [...owner, 'parameters', String(index)]);
      const parameter = resolved.node as unknown as ParameterObject;
      byKey.set(`${parameter.in}:${parameter.name}`, { parameter, segments: resolved.segments });
    });
  }
  const entries = [...byKey.values()];
  const uuidPathParams = entries
    .filter(({ parameter }) => parameter.in === 'path' && isUuidSchema(parameter.schema))
    .map(({ parameter }) => parameter.name);

  const requestBody = operation.requestBody
    ? resolveLocal(operation.requestBody, ['paths', template, method, 'requestBody'])
    : null;
  const jsonBody = (requestBody?.node.content as JsonRecord | undefined)?.['application/json'] as
    JsonRecord | undefined;
  const bodyRequired = requestBody?.node.required === true;

  // Compiled on the operation's first request, then kept (ajv compiles what the schemas share
  // once per instance), so starting a simulator costs no compilation.
  let validators: {
    parameters: Record<ParameterLocation, CompiledParameters | null>;
    body: ValidateFunction | null;
  } | null = null;
  const prepared = () => {
    validators ??= {
      parameters: Object.fromEntries(
        PARAMETER_LOCATIONS.map((location) => [
          location,
          compileParameters(coercing, entries, location),
        ]),
      ) as Record<ParameterLocation, CompiledParameters | null>,
      body:
        requestBody && jsonBody?.schema
          ? request.compile({
              $ref: pointer([...requestBody.segments, 'content', 'application/json', 'schema']),
            })
          : null,
    };
    return validators;
  };

  const responseValidators = new Map<number, ValidateFunction | null>();
  const responseValidator = (status: number): ValidateFunction | null | undefined => {
    if (!responseValidators.has(status)) {
      const responses = operation.responses as JsonRecord | undefined;
      if (!responses?.[String(status)]) return undefined;
      const resolved = resolveLocal(responses[String(status)], [
        'paths',
        template,
        method,
        'responses',
        String(status),
      ]);
      const content = (resolved.node.content as JsonRecord | undefined)?.['application/json'] as
        JsonRecord | undefined;
      responseValidators.set(
        status,
        content?.schema
          ? request.compile({
              $ref: pointer([...resolved.segments, 'content', 'application/json', 'schema']),
            })
          : null,
      );
    }
    return responseValidators.get(status);
  };

  const check = (validate: ValidateFunction, data: unknown, whole: string): void => {
    if (validate(data)) return;
    const { param, message } = describe(validate.errors ?? [], whole);
    throw invalid(param, message);
  };

  return {
    method: method.toUpperCase(),
    template,
    operationId: String(operation.operationId ?? `${method} ${template}`),
    summary: String(operation.summary ?? `${method.toUpperCase()} ${template}`),
    requiresPaidPlan: operation['x-requires-paid-plan'] === true,
    warm() {
      prepared();
    },
    validateRequest({ params, query, headers, body }) {
      const { parameters: compiled, body: bodyValidator } = prepared();
      const path: Record<string, string> = { ...params };
      if (compiled.path) check(compiled.path.validate, path, 'path');
      for (const name of uuidPathParams) {
        if (path[name] !== undefined) path[name] = path[name].toLowerCase();
      }
      const queryValues: Record<string, unknown> = {};
      if (compiled.query) {
        for (const parameter of compiled.query.parameters) {
          const all = query.getAll(parameter.name);
          if (all.length === 0) continue;
          const type = resolveLocal(parameter.schema ?? {}, []).node.type;
          queryValues[parameter.name] = type === 'array' || all.length > 1 ? all : all[0];
        }
        check(compiled.query.validate, queryValues, 'query');
        for (const parameter of compiled.query.parameters) {
          const fallback = resolveLocal(parameter.schema ?? {}, []).node.default;
          if (queryValues[parameter.name] === undefined && fallback !== undefined) {
            queryValues[parameter.name] = fallback;
          }
        }
      }
      if (compiled.header) {
        const headerValues: Record<string, unknown> = {};
        for (const parameter of compiled.header.parameters) {
          const value = headers.get(parameter.name);
          if (value !== null) headerValues[parameter.name] = value;
        }
        check(compiled.header.validate, headerValues, 'headers');
      }
      if (bodyValidator && body !== undefined) {
        if (bodyRequired || !isEmptyObject(body)) check(bodyValidator, body, 'body');
      }
      return { path, query: queryValues };
    },
    responseErrors(status, body) {
      const validate = responseValidator(status);
      if (validate === undefined) return [`status ${status} is not declared`];
      if (validate === null || validate(body)) return [];
      return (validate.errors ?? []).map(
        (error) => `${error.instancePath || '(root)'} ${error.message ?? ''}`,
      );
    },
  };
}

function isEmptyObject(value: unknown): boolean {
  return (
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.keys(value).length === 0
  );
}

export interface ContractValidator {
  /** The operation for a method and path template (`/projects/{projectId}`), if declared. */
  operation(method: string, template: string): ContractOperation | undefined;
  readonly operations: readonly ContractOperation[];
  /** Errors of a value against `#/components/schemas/<name>` ([] when it matches). */
  schemaErrors(name: string, value: unknown): string[];
}

let instance: ContractValidator | null = null;

/** The validator of src/api/openapi.yaml, compiled on first use and then shared. */
export function contractValidator(): ContractValidator {
  if (instance) return instance;
  const request = newAjv(false);
  const coercing = newAjv(true);
  const operations: ContractOperation[] = [];
  const paths = openapiDocument.paths as Record<string, JsonRecord>;
  for (const [template, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      if (item[method]) operations.push(compileOperation(request, coercing, template, method));
    }
  }
  const index = new Map(operations.map((op) => [`${op.method} ${op.template}`, op]));
  const schemas = new Map<string, ValidateFunction>();
  instance = {
    operations,
    operation: (method, template) => index.get(`${method.toUpperCase()} ${template}`),
    schemaErrors(name, value) {
      let validate = schemas.get(name);
      if (!validate) {
        validate = request.compile({ $ref: pointer(['components', 'schemas', name]) });
        schemas.set(name, validate);
      }
      if (validate(value)) return [];
      return (validate.errors ?? []).map(
        (error) => `${error.instancePath || '(root)'} ${error.message ?? ''}`,
      );
    },
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
