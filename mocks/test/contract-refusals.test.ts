/**
 * For every operation of src/api/openapi.yaml, requests the yaml refuses, derived from the yaml
 * itself (so a new operation is covered as soon as it is declared): for each place an operation
 * takes input (path, query, header, body) that declares a rule, one request breaking the first
 * such rule while everything else is valid. The simulator must answer each with 400
 * `invalid_request` and `error.param` naming the field the rule is about.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openapiDocument } from '@/api/openapi-document.gen.ts';
import type { SimulatorServer } from '../http-server.ts';
import type { Client } from './harness.ts';
import { client, errorOf, startTestServer, VALID_UUID } from './harness.ts';

type Schema = Record<string, unknown>;

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: Schema;
}

interface Operation {
  method: string;
  template: string;
  operationId: string;
  parameters: Parameter[];
  body: Schema | null;
}

interface Refusal {
  /** What the request breaks, for the test name. */
  rule: string;
  /** The field `error.param` must name. */
  param: string;
  path: Record<string, string>;
  query: Record<string, string>;
  headers: Record<string, string>;
  /** Raw JSON text of the body (undefined: no body). */
  body: string | undefined;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

function resolve(value: unknown): Schema {
  let node = value as Schema;
  for (let hops = 0; typeof node?.$ref === 'string' && hops < 20; hops += 1) {
    let target: unknown = openapiDocument;
    for (const part of (node.$ref as string).replace(/^#\//, '').split('/')) {
      target = (target as Schema)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    }
    node = target as Schema;
  }
  return node ?? {};
}

function operations(): Operation[] {
  const out: Operation[] = [];
  for (const [template, raw] of Object.entries(openapiDocument.paths as Record<string, Schema>)) {
    const item = raw;
    for (const method of METHODS) {
      const operation = item[method] as Schema | undefined;
      if (!operation) continue;
      const byKey = new Map<string, Parameter>();
      for (const list of [item.parameters, operation.parameters]) {
        for (const entry of (list as unknown[] | undefined) ?? []) {
          const parameter = resolve(entry) as unknown as Parameter;
          byKey.set(`${parameter.in}:${parameter.name}`, parameter);
        }
      }
      const requestBody = operation.requestBody ? resolve(operation.requestBody) : null;
      const content = requestBody?.content as Record<string, Schema> | undefined;
      out.push({
        method: method.toUpperCase(),
        template,
        operationId: String(operation.operationId),
        parameters: [...byKey.values()],
        body: (content?.['application/json']?.schema as Schema | undefined) ?? null,
      });
    }
  }
  return out;
}

/** A value the schema accepts. */
function validSample(raw: Schema | undefined): unknown {
  const schema = resolve(raw ?? {});
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.default !== undefined && schema.default !== null) return schema.default;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'integer' || type === 'number') return schema.minimum ?? 1;
  if (type === 'boolean') return false;
  if (schema.format === 'uuid') return VALID_UUID;
  if (schema.format === 'uri') return 'https://www.youtube.com/watch?v=abcDEF12345';
  if (schema.format === 'date-time') return new Date().toISOString();
  return 'a'.repeat(Math.max(1, Number(schema.minLength ?? 1)));
}

/** A value the schema refuses, as text for a path, query or header, or undefined if none. */
function invalidText(raw: Schema | undefined): string | undefined {
  const schema = resolve(raw ?? {});
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'integer' || type === 'number' || type === 'boolean') return 'not-a-value';
  if (Array.isArray(schema.enum) || 'const' in schema) return 'not-an-allowed-value';
  if (schema.format === 'uuid' || schema.format === 'uri' || schema.format === 'date-time') {
    return 'not a valid value';
  }
  if (typeof schema.pattern === 'string') return '!';
  if (typeof schema.maxLength === 'number') return 'x'.repeat(schema.maxLength + 1);
  if (typeof schema.minLength === 'number' && schema.minLength > 0) return '';
  return undefined;
}

/** A JSON value of the wrong type for the schema, or undefined when any type is accepted. */
function wrongType(raw: Schema): unknown {
  const schema = resolve(raw);
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter(Boolean);
  if (types.length === 0) {
    if (Array.isArray(schema.enum) || 'const' in schema) return 'not-an-allowed-value';
    if (Array.isArray(schema.allOf)) {
      for (const part of schema.allOf as Schema[]) {
        const value = wrongType(part);
        if (value !== undefined) return value;
      }
    }
    return undefined;
  }
  if (!types.includes('object')) return { wrong: 'type' };
  return 12345;
}

function pathValues(operation: Operation, except?: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const parameter of operation.parameters.filter((p) => p.in === 'path')) {
    if (parameter.name !== except) out[parameter.name] = String(validSample(parameter.schema));
  }
  return out;
}

function requiredQuery(operation: Operation, except?: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const parameter of operation.parameters.filter((p) => p.in === 'query' && p.required)) {
    if (parameter.name !== except) out[parameter.name] = String(validSample(parameter.schema));
  }
  return out;
}

/** A body meeting the schema's required properties (the base for breaking one other rule). */
function validBody(schema: Schema): Record<string, unknown> {
  const resolved = resolve(schema);
  const properties = (resolved.properties as Record<string, Schema> | undefined) ?? {};
  const body: Record<string, unknown> = {};
  for (const name of (resolved.required as string[] | undefined) ?? []) {
    body[name] = validSample(properties[name]);
  }
  const branches = (resolved.oneOf ?? resolved.anyOf) as Schema[] | undefined;
  const first = branches ? resolve(branches[0]) : null;
  for (const name of (first?.required as string[] | undefined) ?? []) {
    body[name] = validSample((first?.properties as Record<string, Schema> | undefined)?.[name]);
  }
  return body;
}

function refusals(operation: Operation): Refusal[] {
  const out: Refusal[] = [];
  const base = (): Omit<Refusal, 'rule' | 'param'> => ({
    path: pathValues(operation),
    query: requiredQuery(operation),
    headers: {},
    body: operation.body ? '{}' : undefined,
  });
  const bodyText = operation.body ? JSON.stringify(validBody(operation.body)) : undefined;

  const pathParam = operation.parameters.find(
    (p) => p.in === 'path' && invalidText(p.schema) !== undefined,
  );
  if (pathParam) {
    out.push({
      ...base(),
      body: bodyText,
      rule: `path ${pathParam.name}`,
      param: pathParam.name,
      path: {
        ...pathValues(operation, pathParam.name),
        [pathParam.name]: invalidText(pathParam.schema) ?? '',
      },
    });
  }

  const queryRequired = operation.parameters.find((p) => p.in === 'query' && p.required);
  const queryRule = operation.parameters.find(
    (p) => p.in === 'query' && invalidText(p.schema) !== undefined,
  );
  if (queryRequired) {
    out.push({
      ...base(),
      body: bodyText,
      rule: `query ${queryRequired.name} required`,
      param: queryRequired.name,
      query: requiredQuery(operation, queryRequired.name),
    });
  }
  if (queryRule) {
    out.push({
      ...base(),
      body: bodyText,
      rule: `query ${queryRule.name} invalid`,
      param: queryRule.name,
      query: { ...requiredQuery(operation), [queryRule.name]: invalidText(queryRule.schema) ?? '' },
    });
  }

  const header = operation.parameters.find(
    (p) => p.in === 'header' && (p.required || invalidText(p.schema) !== undefined),
  );
  if (header) {
    const bad = invalidText(header.schema);
    out.push({
      ...base(),
      body: bodyText,
      rule: `header ${header.name}`,
      param: header.name,
      headers: bad === undefined ? {} : { [header.name]: bad },
    });
  }

  if (operation.body) {
    const schema = resolve(operation.body);
    const required = (schema.required as string[] | undefined) ?? [];
    const properties = (schema.properties as Record<string, Schema> | undefined) ?? {};
    const valid = validBody(operation.body);
    if (required.length > 0) {
      const missing = required[0] as string;
      const rest = { ...valid };
      delete rest[missing];
      out.push({
        ...base(),
        rule: `body ${missing} required`,
        param: missing,
        body: JSON.stringify(rest),
      });
    }
    const typed = Object.entries(properties).find(
      ([, property]) => wrongType(property) !== undefined,
    );
    if (typed) {
      const [name, property] = typed;
      out.push({
        ...base(),
        rule: `body ${name} type`,
        param: name,
        body: JSON.stringify({ ...valid, [name]: wrongType(property) }),
      });
    }
    out.push(...branchRefusals(properties, valid, base));
    // The body itself must be a JSON object.
    out.push({
      ...base(),
      rule: 'body is an object',
      param: 'body',
      body: '["not", "an", "object"]',
    });
  }
  return out;
}

/**
 * Refusals inside a discriminated union of the body (the timeline's `operation` and each of
 * `operations[]`): for every branch (operation identifier), that branch valid except one rule
 * broken: its first required field left out, and its first field with a pattern given a value the
 * pattern refuses. So a new operation identifier is covered as soon as it is declared.
 */
function branchRefusals(
  properties: Record<string, Schema>,
  valid: Record<string, unknown>,
  base: () => Omit<Refusal, 'rule' | 'param'>,
): Refusal[] {
  const out: Refusal[] = [];
  for (const [name, property] of Object.entries(properties)) {
    const resolved = resolve(property);
    const inArray = resolved.type === 'array';
    const union = inArray ? resolve(resolved.items) : resolved;
    const discriminator = union.discriminator as { propertyName: string } | undefined;
    if (!discriminator || !Array.isArray(union.oneOf)) continue;
    const at = inArray ? `${name}[0]` : name;
    const body = (value: Record<string, unknown>) =>
      JSON.stringify({ ...valid, [name]: inArray ? [value] : value });
    for (const branchRef of union.oneOf as Schema[]) {
      const branch = resolve(branchRef);
      const sample = validBody(branch);
      const id = String(sample[discriminator.propertyName]);
      const missing = ((branch.required as string[] | undefined) ?? []).find(
        (field) => field !== discriminator.propertyName,
      );
      if (missing) {
        const rest = { ...sample };
        delete rest[missing];
        out.push({
          ...base(),
          rule: `body ${at} ${id}: ${missing} required`,
          param: `${at}.${missing}`,
          body: body(rest),
        });
      }
      const patterned = Object.entries(
        (branch.properties as Record<string, Schema> | undefined) ?? {},
      ).find(([, field]) => typeof resolve(field).pattern === 'string');
      if (patterned) {
        out.push({
          ...base(),
          rule: `body ${at} ${id}: ${patterned[0]} pattern`,
          param: `${at}.${patterned[0]}`,
          body: body({ ...sample, [patterned[0]]: '!' }),
        });
      }
    }
  }
  return out;
}

let server: SimulatorServer;
let api: Client;
beforeAll(async () => {
  server = await startTestServer();
  api = client(server);
});
afterAll(async () => {
  await server.close();
});

const all = operations();

/** Operations that take no input at all: no request to them can break a rule. */
const inputless = all.filter((op) => refusals(op).length === 0);

describe('every operation refuses what the contract refuses, naming the field', () => {
  it('covers every operation that takes input', () => {
    for (const op of inputless) {
      expect(op.parameters, `${op.method} ${op.template}`).toEqual([]);
      expect(op.body, `${op.method} ${op.template}`).toBeNull();
    }
    expect(all.length - inputless.length).toBeGreaterThan(40);
  });

  for (const operation of all) {
    for (const refusal of refusals(operation)) {
      it(`${operation.method} ${operation.template}: ${refusal.rule} → param ${refusal.param}`, async () => {
        const path = operation.template.replace(/\{(\w+)\}/g, (_, name: string) =>
          encodeURIComponent(refusal.path[name] ?? ''),
        );
        const query = new URLSearchParams(refusal.query).toString();
        const response = await api.raw(`${path}${query ? `?${query}` : ''}`, {
          method: operation.method,
          headers: {
            ...refusal.headers,
            ...(refusal.body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(refusal.body === undefined ? {} : { body: refusal.body }),
        });
        const body = (await response.json()) as { error: { code: string; param: string } };
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(errorOf({ status: 400, headers: response.headers, body })).toMatchObject({
          code: 'invalid_request',
          param: refusal.param,
        });
      });
    }
  }
});
