/**
 * A small JSON Schema checker for the subset the contract uses ($ref, allOf/oneOf/anyOf, type
 * with null, enum, const, required, properties, items, additionalProperties, numeric and length
 * bounds, pattern, uuid / date-time formats). Test helper only.
 */
export type JsonSchema = Record<string, unknown>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

export function resolveRef(document: JsonSchema, ref: string): JsonSchema {
  let node: unknown = document;
  for (const part of ref.replace(/^#\//, '').split('/')) {
    node = (node as Record<string, unknown>)[part];
  }
  if (!node || typeof node !== 'object') throw new Error(`Unresolved ${ref}`);
  return node as JsonSchema;
}

export function checkSchema(
  document: JsonSchema,
  schema: JsonSchema,
  value: unknown,
  path = '$',
): string[] {
  if (typeof schema.$ref === 'string') {
    return checkSchema(document, resolveRef(document, schema.$ref), value, path);
  }
  const errors: string[] = [];
  const sub = (s: unknown, v: unknown, p: string) => checkSchema(document, s as JsonSchema, v, p);
  if (Array.isArray(schema.allOf))
    for (const part of schema.allOf) errors.push(...sub(part, value, path));
  for (const key of ['oneOf', 'anyOf'] as const) {
    const options = schema[key];
    if (
      Array.isArray(options) &&
      !options.some((option) => sub(option, value, path).length === 0)
    ) {
      errors.push(`${path}: matches none of ${key}`);
    }
  }
  const actual = typeOf(value);
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
    const ok = types.some((type) => type === actual || (type === 'number' && actual === 'integer'));
    if (!ok) return [...errors, `${path}: expected ${types.join('|')}, got ${actual}`];
  }
  if (Array.isArray(schema.enum) && !schema.enum.includes(value)) {
    errors.push(`${path}: ${JSON.stringify(value)} not in enum`);
  }
  if ('const' in schema && schema.const !== value)
    errors.push(`${path}: expected const ${String(schema.const)}`);
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum)
      errors.push(`${path}: < minimum`);
    if (typeof schema.maximum === 'number' && value > schema.maximum)
      errors.push(`${path}: > maximum`);
  }
  if (typeof value === 'string') {
    if (typeof schema.minLength === 'number' && value.length < schema.minLength)
      errors.push(`${path}: too short`);
    if (typeof schema.maxLength === 'number' && value.length > schema.maxLength)
      errors.push(`${path}: too long`);
    if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern).test(value)) {
      errors.push(`${path}: does not match ${schema.pattern}`);
    }
    if (schema.format === 'uuid' && !UUID.test(value)) errors.push(`${path}: not a uuid`);
    if (schema.format === 'date-time' && Number.isNaN(Date.parse(value)))
      errors.push(`${path}: not a date-time`);
  }
  if (actual === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    for (const key of (schema.required as string[] | undefined) ?? []) {
      if (!(key in record)) errors.push(`${path}: missing ${key}`);
    }
    const properties = (schema.properties as Record<string, unknown> | undefined) ?? {};
    for (const [key, item] of Object.entries(record)) {
      if (key in properties) errors.push(...sub(properties[key], item, `${path}.${key}`));
      else if (schema.additionalProperties === false) errors.push(`${path}: unexpected ${key}`);
      else if (typeof schema.additionalProperties === 'object') {
        errors.push(...sub(schema.additionalProperties, item, `${path}.${key}`));
      }
    }
  }
  if (Array.isArray(value) && schema.items) {
    value.forEach((item, index) => errors.push(...sub(schema.items, item, `${path}[${index}]`)));
  }
  return errors;
}
