/**
 * Request (and, for tests, response) validation against an OpenAPI 3.1 document with ajv +
 * ajv-formats: every rule the document declares (types, enums, bounds, formats, required fields,
 * patterns, oneOf) is checked here and nowhere else. One implementation for both of Cutroom's
 * documents: the simulator checks requests against the service contract (src/api/openapi.yaml),
 * the BFF checks its own inputs against src/api/bff.yaml. Pure (no Node or DOM APIs): it runs in
 * Node and in the browser mock. Each document is indexed once; each operation's validators are
 * compiled once, on its first request, and reused.
 *
 * A refused request throws `RequestRefusal` whose `param` names the offending field as the client
 * sent it: a path, query or header parameter by its name (`limit`, `projectId`, `Idempotency-Key`),
 * a body field by its path with dots for properties and brackets for items (`reason`, `ids[3]`,
 * `operation.timeline_item_id`, `updates[0].style.opacity`), `body` for the body as a whole.
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

type JsonRecord = Record<string, unknown>;

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;
const PARAMETER_LOCATIONS = ['path', 'query', 'header'] as const;
type ParameterLocation = (typeof PARAMETER_LOCATIONS)[number];

/** A request the document refuses: `param` names the field, `message` says what is wrong. */
export class RequestRefusal extends Error {
  readonly param: string;

  constructor(param: string, message: string) {
    super(message);
    this.name = 'RequestRefusal';
    this.param = param;
  }
}

/** An OpenAPI document and the URI other documents' `$ref`s reach it by. */
export interface OpenApiSource {
  /** e.g. `https://cutroom.invalid/api/openapi.yaml`: `./openapi.yaml#/...` resolves against it. */
  id: string;
  document: Readonly<Record<string, unknown>>;
}

export interface OpenApiRequest {
  /** Path parameters by name, as matched (decoded strings). */
  params: Record<string, string>;
  query: URLSearchParams;
  headers: { get(name: string): string | null };
  /** Parsed JSON body (`{}` when absent); undefined for methods without a body. */
  body: unknown;
}

export interface ValidatedParameters {
  /** Path parameters, uuid ones lower-cased. */
  path: Record<string, string>;
  /** Query parameters coerced to their declared types, with declared defaults filled in. */
  query: Record<string, unknown>;
}

export interface OpenApiOperation {
  method: string;
  template: string;
  operationId: string;
  summary: string;
  /** The operation object of the document (for its `x-` extensions). */
  definition: Readonly<JsonRecord>;
  /** Checks a request; throws `RequestRefusal` naming the field. */
  validateRequest(request: OpenApiRequest): ValidatedParameters;
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

function decodePointer(segment: string): string {
  return decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~');
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

function isEmptyObject(value: unknown): boolean {
  return (
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.keys(value).length === 0
  );
}

/** One document: its nodes by JSON pointer, and ajv references into it. */
class DocumentIndex {
  constructor(private readonly source: OpenApiSource) {}

  pointer(segments: readonly string[]): string {
    return `${this.source.id}#/${segments.map(escapePointer).join('/')}`;
  }

  lookup(segments: readonly string[]): JsonRecord {
    let node: unknown = this.source.document;
    for (const segment of segments) node = (node as JsonRecord | undefined)?.[segment];
    if (node === null || typeof node !== 'object') {
      throw new Error(`${this.source.id} has no #/${segments.join('/')}`);
    }
    return node as JsonRecord;
  }

  /** Follows a local `$ref` chain (`#/components/...`) to the object and its JSON-pointer path. */
  resolveLocal(value: unknown, segments: string[]): { node: JsonRecord; segments: string[] } {
    let node = value as JsonRecord;
    let path = segments;
    for (let hops = 0; typeof node.$ref === 'string' && hops < 20; hops += 1) {
      if (!node.$ref.startsWith('#/')) break; // another document's: ajv resolves it
      path = node.$ref.replace(/^#\//, '').split('/').map(decodePointer);
      node = this.lookup(path);
    }
    return { node, segments: path };
  }

  resolveBranch(branch: JsonRecord | undefined): JsonRecord | undefined {
    if (!branch) return undefined;
    return this.resolveLocal(branch, []).node;
  }

  isUuidSchema(schema: JsonRecord | undefined): boolean {
    return schema !== undefined && this.resolveLocal(schema, []).node.format === 'uuid';
  }

  /** The field an ajv error is about, and a sentence for the user. */
  describe(errors: readonly ErrorObject[], whole: string): { param: string; message: string } {
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
      const required = this.resolveBranch(branches?.[0])?.required;
      if (Array.isArray(required) && typeof required[0] === 'string') property = required[0];
    }
    const param = paramFromPointer(error.instancePath, property) || whole;
    const message =
      error.keyword === 'required' || error.keyword === 'dependentRequired'
        ? `${param} is required.`
        : error.keyword === 'additionalProperties' || error.keyword === 'unevaluatedProperties'
          ? `${param} is not a known field.`
          : error.keyword === 'discriminator'
            ? `${param} must be one of: ${this.discriminatorValues(error).join(', ')}.`
            : error.keyword === 'not'
              ? `${param} cannot be combined with the other fields sent.`
              : error.keyword === 'oneOf'
                ? `${param}: give exactly one of the alternatives.`
                : `${param} ${explain(error)}.`;
    return { param, message };
  }

  /** The tag values a discriminated oneOf accepts (each branch's `const` or `enum`). */
  private discriminatorValues(error: ErrorObject): string[] {
    const parent = error.parentSchema as JsonRecord | undefined;
    const tag = String((error.params as JsonRecord).tag);
    const branches = (parent?.oneOf as JsonRecord[] | undefined) ?? [];
    return branches.flatMap((branch) => {
      const property = (this.resolveBranch(branch)?.properties as JsonRecord | undefined)?.[tag] as
        JsonRecord | undefined;
      if (property?.const !== undefined) return [String(property.const)];
      return Array.isArray(property?.enum) ? property.enum.map(String) : [];
    });
  }
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

function newAjv(sources: readonly OpenApiSource[], coerce: boolean): Ajv2020 {
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
  for (const source of sources) {
    ajv.addSchema(withoutDiscriminatorMappings(source.document) as JsonRecord, source.id);
  }
  return ajv;
}

interface CompiledParameters {
  validate: ValidateFunction;
  parameters: ParameterObject[];
}

function compileParameters(
  ajv: Ajv2020,
  index: DocumentIndex,
  entries: Array<{ parameter: ParameterObject; segments: string[] }>,
  location: ParameterLocation,
): CompiledParameters | null {
  const chosen = entries.filter(({ parameter }) => parameter.in === location);
  if (chosen.length === 0) return null;
  const properties: JsonRecord = {};
  const required: string[] = [];
  for (const { parameter, segments } of chosen) {
    properties[parameter.name] = parameter.schema
      ? { $ref: index.pointer([...segments, 'schema']) }
      : {};
    if (parameter.required) required.push(parameter.name);
  }
  return {
    validate: ajv.compile({ type: 'object', properties, required }),
    parameters: chosen.map(({ parameter }) => parameter),
  };
}

/** The validator's two ajv instances, each created on first use (see createOpenApiValidator). */
interface AjvInstances {
  /** Bodies and responses, as sent. */
  request(): Ajv2020;
  /** Parameters: strings coerced to the declared types. */
  coercing(): Ajv2020;
}

function compileOperation(
  index: DocumentIndex,
  ajv: AjvInstances,
  template: string,
  method: string,
): OpenApiOperation {
  const pathItem = index.lookup(['paths', template]);
  const operation = index.lookup(['paths', template, method]);
  // Operation-level parameters override path-level ones with the same name and location.
  const byKey = new Map<string, { parameter: ParameterObject; segments: string[] }>();
  for (const [owner, list] of [
    [['paths', template], pathItem.parameters],
    [['paths', template, method], operation.parameters],
  ] as const) {
    if (!Array.isArray(list)) continue;
    list.forEach((raw: unknown, position) => {
      const resolved = index.resolveLocal(raw, [...owner, 'parameters', String(position)]);
      const parameter = resolved.node as unknown as ParameterObject;
      byKey.set(`${parameter.in}:${parameter.name}`, { parameter, segments: resolved.segments });
    });
  }
  const entries = [...byKey.values()];
  const uuidPathParams = entries
    .filter(({ parameter }) => parameter.in === 'path' && index.isUuidSchema(parameter.schema))
    .map(({ parameter }) => parameter.name);

  const requestBody = operation.requestBody
    ? index.resolveLocal(operation.requestBody, ['paths', template, method, 'requestBody'])
    : null;
  const jsonBody = (requestBody?.node.content as JsonRecord | undefined)?.['application/json'] as
    JsonRecord | undefined;
  const bodyRequired = requestBody?.node.required === true;

  // Compiled on the operation's first request, then kept (ajv compiles what the schemas share
  // once per instance), so creating a validator costs no compilation.
  let validators: {
    parameters: Record<ParameterLocation, CompiledParameters | null>;
    body: ValidateFunction | null;
  } | null = null;
  const prepared = () => {
    validators ??= {
      parameters: Object.fromEntries(
        PARAMETER_LOCATIONS.map((location) => [
          location,
          compileParameters(ajv.coercing(), index, entries, location),
        ]),
      ) as Record<ParameterLocation, CompiledParameters | null>,
      body:
        requestBody && jsonBody?.schema
          ? ajv.request().compile({
              $ref: index.pointer([
                ...requestBody.segments,
                'content',
                'application/json',
                'schema',
              ]),
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
      const resolved = index.resolveLocal(responses[String(status)], [
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
          ? ajv.request().compile({
              $ref: index.pointer([...resolved.segments, 'content', 'application/json', 'schema']),
            })
          : null,
      );
    }
    return responseValidators.get(status);
  };

  const check = (validate: ValidateFunction, data: unknown, whole: string): void => {
    if (validate(data)) return;
    const { param, message } = index.describe(validate.errors ?? [], whole);
    throw new RequestRefusal(param, message);
  };

  return {
    method: method.toUpperCase(),
    template,
    operationId: String(operation.operationId ?? `${method} ${template}`),
    summary: String(operation.summary ?? `${method.toUpperCase()} ${template}`),
    definition: operation,
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
          const type = index.resolveLocal(parameter.schema ?? {}, []).node.type;
          queryValues[parameter.name] = type === 'array' || all.length > 1 ? all : all[0];
        }
        check(compiled.query.validate, queryValues, 'query');
        for (const parameter of compiled.query.parameters) {
          const fallback = index.resolveLocal(parameter.schema ?? {}, []).node.default;
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

export interface OpenApiValidator {
  /** The operation for a method and path template (`/projects/{projectId}`), if declared. */
  operation(method: string, template: string): OpenApiOperation | undefined;
  readonly operations: readonly OpenApiOperation[];
  /** Errors of a value against `#/components/schemas/<name>` ([] when it matches). */
  schemaErrors(name: string, value: unknown): string[];
}

/**
 * The validator of `main` (its operations and component schemas); `others` are the documents its
 * `$ref`s reach (bff.yaml refers to the service contract's schemas).
 */
export function createOpenApiValidator(
  main: OpenApiSource,
  others: readonly OpenApiSource[] = [],
): OpenApiValidator {
  const index = new DocumentIndex(main);
  // Adding the documents to an ajv instance costs a noticeable part of a start-up: done when the
  // first validator is compiled (on a first request, or a warm-up after start-up), not here.
  let request: Ajv2020 | undefined;
  let coercing: Ajv2020 | undefined;
  const ajv: AjvInstances = {
    request: () => (request ??= newAjv([main, ...others], false)),
    coercing: () => (coercing ??= newAjv([main, ...others], true)),
  };
  const operations: OpenApiOperation[] = [];
  const paths = (main.document.paths ?? {}) as Record<string, JsonRecord>;
  for (const [template, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      if (item[method]) {
        operations.push(compileOperation(index, ajv, template, method));
      }
    }
  }
  const byRoute = new Map(operations.map((op) => [`${op.method} ${op.template}`, op]));
  const schemas = new Map<string, ValidateFunction>();
  return {
    operations,
    operation: (method, template) => byRoute.get(`${method.toUpperCase()} ${template}`),
    schemaErrors(name, value) {
      let validate = schemas.get(name);
      if (!validate) {
        validate = ajv.request().compile({ $ref: index.pointer(['components', 'schemas', name]) });
        schemas.set(name, validate);
      }
      if (validate(value)) return [];
      return (validate.errors ?? []).map(
        (error) => `${error.instancePath || '(root)'} ${error.message ?? ''}`,
      );
    },
  };
}
