import { readFile } from 'node:fs/promises';
import { openapiDocument } from '../../api/openapi-document.gen.ts';

/**
 * The set of method + path pairs the BFF forwards, derived from the OpenAPI contract at start-up.
 * Templates become a segment tree: a literal segment matches itself, `{param}` matches any one
 * non-empty segment. Matching is on decoded segments and tries literals before parameters.
 */
export interface AllowedOperation {
  method: string;
  template: string;
  /** `x-destructive: true` in the contract: it deletes, discards or cancels something. */
  destructive?: boolean;
  /** The contract's `operationId` and `summary` (the audit trail names actions by them). */
  operationId?: string;
  summary?: string;
}

interface Node {
  literals: Map<string, Node>;
  param: Node | undefined;
  /** method → template */
  methods: Map<string, string>;
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

const newNode = (): Node => ({ literals: new Map(), param: undefined, methods: new Map() });

export class AllowList {
  private readonly root = newNode();
  readonly operations: readonly AllowedOperation[];
  /** Template → the methods the contract marks destructive on it. */
  private readonly destructive = new Map<string, Set<string>>();
  /** `METHOD template` → the operation (its id and summary). */
  private readonly byKey = new Map<string, AllowedOperation>();

  constructor(operations: readonly AllowedOperation[]) {
    this.operations = operations;
    for (const operation of operations) {
      this.add(operation);
      this.byKey.set(`${operation.method.toUpperCase()} ${operation.template}`, operation);
    }
    for (const { method, template, destructive } of operations) {
      if (!destructive) continue;
      const methods = this.destructive.get(template) ?? new Set<string>();
      methods.add(method.toUpperCase());
      this.destructive.set(template, methods);
    }
  }

  /** Whether the contract marks this operation (method + matched template) destructive. */
  isDestructive(method: string, template: string): boolean {
    // Asked for every proxied exchange: a look-up, no key built.
    const methods = this.destructive.get(template);
    return methods !== undefined && methods.has(method.toUpperCase());
  }

  /** The contract's operation of a method and matched template, if it has one. */
  describe(method: string, template: string): AllowedOperation | undefined {
    return this.byKey.get(`${method.toUpperCase()} ${template}`);
  }

  private add({ method, template }: AllowedOperation): void {
    let node = this.root;
    for (const segment of templateSegments(template)) {
      if (/^\{[^{}/]+\}$/.test(segment)) {
        node.param ??= newNode();
        node = node.param;
      } else {
        if (segment.includes('{') || segment.includes('}')) {
          throw new Error(`Unsupported path template segment "${segment}" in ${template}`);
        }
        let next = node.literals.get(segment);
        if (!next) {
          next = newNode();
          node.literals.set(segment, next);
        }
        node = next;
      }
    }
    node.methods.set(method.toUpperCase(), template);
  }

  /** The contract template for this method and decoded path segments, or undefined. */
  match(method: string, segments: readonly string[]): string | undefined {
    return matchFrom(this.root, method.toUpperCase(), segments, 0);
  }
}

function matchFrom(
  node: Node,
  method: string,
  segments: readonly string[],
  index: number,
): string | undefined {
  if (index === segments.length) return node.methods.get(method);
  const segment = segments[index] as string;
  if (segment === '') return undefined;
  const literal = node.literals.get(segment);
  if (literal) {
    const found = matchFrom(literal, method, segments, index + 1);
    if (found !== undefined) return found;
  }
  return node.param ? matchFrom(node.param, method, segments, index + 1) : undefined;
}

function templateSegments(template: string): string[] {
  if (!template.startsWith('/')) throw new Error(`Path template must start with "/": ${template}`);
  return template === '/' ? [] : template.slice(1).split('/');
}

/** Reads the operations (method + path template) of an OpenAPI document. */
export function operationsFromOpenApi(document: unknown): AllowedOperation[] {
  if (typeof document !== 'object' || document === null) {
    throw new Error('The OpenAPI document is not an object.');
  }
  const paths = (document as { paths?: unknown }).paths;
  if (typeof paths !== 'object' || paths === null) {
    throw new Error('The OpenAPI document has no "paths".');
  }
  const operations: AllowedOperation[] = [];
  for (const [template, item] of Object.entries(paths as Record<string, unknown>)) {
    if (typeof item !== 'object' || item === null) continue;
    for (const method of HTTP_METHODS) {
      if (!(method in item)) continue;
      const operation = (item as Record<string, unknown>)[method];
      const fields =
        typeof operation === 'object' && operation !== null
          ? (operation as Record<string, unknown>)
          : {};
      const destructive = fields['x-destructive'] === true;
      const { operationId, summary } = fields;
      operations.push({
        method: method.toUpperCase(),
        template,
        ...(destructive ? { destructive } : {}),
        ...(typeof operationId === 'string' ? { operationId } : {}),
        ...(typeof summary === 'string' ? { summary } : {}),
      });
    }
  }
  if (operations.length === 0) throw new Error('The OpenAPI document declares no operations.');
  return operations;
}

export async function allowListFromYaml(text: string): Promise<AllowList> {
  // Only for another document than the generated contract: the YAML parser loads on demand.
  const { parse } = await import('yaml');
  return new AllowList(operationsFromOpenApi(parse(text)));
}

/**
 * The allow-list of the contract: by default src/api/openapi.yaml as generated into a data
 * module (no YAML parsing at start-up); `openapiPath` reads another document (tests, overrides).
 */
export async function loadAllowList(openapiPath?: string): Promise<AllowList> {
  if (openapiPath === undefined) return new AllowList(operationsFromOpenApi(openapiDocument));
  return allowListFromYaml(await readFile(openapiPath, 'utf8'));
}
