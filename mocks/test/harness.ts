/** Test helpers: a simulator on a random loopback port and a small authenticated client. */
import type { SimulatorServer, SimulatorServerOptions } from '../http-server.ts';
import { startSimulatorServer } from '../http-server.ts';
import { DEMO_KEYS } from '../lib/auth.ts';
import type { ApiErrorBody } from '../store/contract.ts';
import type { Project, Timeline } from '@/api/schema.gen.ts';

export { DEMO_KEYS };

export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

export interface Client {
  get<T = unknown>(path: string): Promise<Answer<T>>;
  post<T = unknown>(
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<Answer<T>>;
  patch<T = unknown>(path: string, body?: unknown): Promise<Answer<T>>;
  delete<T = unknown>(path: string): Promise<Answer<T>>;
  raw(path: string, init?: RequestInit): Promise<Response>;
}

export async function startTestServer(
  options: SimulatorServerOptions = {},
): Promise<SimulatorServer> {
  return startSimulatorServer({ port: 0, timeScale: 20, ...options });
}

export function client(server: SimulatorServer, key: string | null = DEMO_KEYS.paid): Client {
  const raw = (path: string, init: RequestInit = {}): Promise<Response> => {
    const headers = new Headers(init.headers);
    if (key !== null && !headers.has('authorization'))
      headers.set('authorization', `Bearer ${key}`);
    return fetch(`${server.baseUrl}${path}`, { ...init, headers });
  };
  const call = async <T>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer<T>> => {
    const response = await raw(path, {
      method,
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      ...(body === undefined
        ? {}
        : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    const text = await response.text();
    const isJson = response.headers.get('content-type')?.includes('json') ?? false;
    return {
      status: response.status,
      headers: response.headers,
      body: (isJson && text ? JSON.parse(text) : text) as T,
    };
  };
  return {
    get: (path) => call('GET', path),
    post: (path, body = {}, headers) => call('POST', path, body, headers),
    patch: (path, body = {}) => call('PATCH', path, body),
    delete: (path) => call('DELETE', path),
    raw,
  };
}

/** The `error` object of an error answer. */
export function errorOf(answer: Answer): ApiErrorBody['error'] {
  return (answer.body as ApiErrorBody).error;
}

export const VALID_UUID = '123e4567-e89b-42d3-a456-426614174000';

export async function waitFor<T>(
  probe: () => Promise<T | undefined>,
  timeoutMs = 5000,
  intervalMs = 25,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('waitFor timed out');
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** The API path of a seeded project found by name (`/projects/<id>`). */
export async function projectPath(api: Client, name: string): Promise<string> {
  const projects = (await api.get<{ projects: Project[] }>('/projects?limit=50')).body.projects;
  const project = projects.find((candidate) => candidate.name === name);
  if (!project) throw new Error(`no seeded project ${name}`);
  return `/projects/${project.id}`;
}

/** The timeline of a project path from `projectPath`. */
export async function timelineAt(api: Client, base: string): Promise<Timeline> {
  return (await api.get<Timeline>(`${base}/timeline`)).body;
}
