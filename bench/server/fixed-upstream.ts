/**
 * Child process of the proxy benchmark: a minimal upstream with fixed bodies (no work per request
 * beyond writing them), so that what the benchmark sees through the BFF is the proxy's own cost.
 * Answers the few paths the benchmark uses, on a loopback port it reports over IPC.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FIXED_KEY = 'vcs_test_bench_fixed_0123456789';
export const LARGE_PROJECT_ID = 'bench-large';

const json = (value: unknown): Buffer => Buffer.from(JSON.stringify(value));
const project = (index: number) => ({
  id: `proj_${String(index).padStart(6, '0')}`,
  name: `Fixed project ${index}`,
  description: 'A project of the fixed-body upstream used by the proxy benchmark.',
  aspect_ratio: '9:16',
  status: 'active',
  thumbnail_url: `https://cdn.example/thumbs/${index}.jpg`,
  created_at: '2025-06-01T12:00:00.000Z',
  updated_at: '2025-06-02T12:00:00.000Z',
});
const bodies = {
  root: json({ status: 'ok', name: 'fixed', version: '1.0.0' }),
  validate: json({
    success: true,
    organization_id: 'org_bench',
    user_id: 'user_bench',
    plan: 'paid',
    environment: 'test',
    key_prefix: 'vcs_test_ben',
    docs_url: 'https://docs.example',
    openapi_url: 'https://docs.example/openapi.json',
    agent_skills: {
      manifest_url: 'https://docs.example/skills',
      recommended: [],
      minimum_updated_after: '2025-01-01',
    },
  }),
  list: json({
    projects: Array.from({ length: 20 }, (_, i) => project(i)),
    count: 20,
    limit: 20,
    offset: 0,
  }),
  created: json(project(999_999)),
  // About 5 MB of JSON: a project with a long list of timeline-like entries.
  large: json({
    ...project(5),
    items: Array.from({ length: 26_000 }, (_, i) => ({
      id: `item_${i}`,
      name: `Timeline item ${i}`,
      start_seconds: i * 0.5,
      duration_seconds: 0.5,
      layer_index: i % 8,
      asset_url: `https://cdn.example/assets/${i}.mp4`,
    })),
  }),
};

const server = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    const path = (request.url ?? '/').split('?', 1)[0];
    const send = (status: number, body: Buffer) => {
      response.writeHead(status, {
        'content-type': 'application/json',
        'content-length': body.length,
      });
      response.end(body);
    };
    if (request.headers.authorization !== `Bearer ${FIXED_KEY}` && path !== '/v1/') {
      return send(401, json({ error: { code: 'unauthorized', message: 'Invalid API key' } }));
    }
    if (request.method === 'GET' && path === '/v1/') return send(200, bodies.root);
    if (request.method === 'GET' && path === '/v1/auth/validate') return send(200, bodies.validate);
    if (request.method === 'GET' && path === '/v1/projects') return send(200, bodies.list);
    if (request.method === 'POST' && path === '/v1/projects') return send(201, bodies.created);
    if (request.method === 'GET' && path === `/v1/projects/${LARGE_PROJECT_ID}`)
      return send(200, bodies.large);
    return send(404, json({ error: { code: 'not_found', message: 'No such path.' } }));
  });
});
server.keepAliveTimeout = 60_000;

if (process.send) {
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as AddressInfo;
    process.send?.({ baseUrl: `http://127.0.0.1:${port}/v1`, largeBytes: bodies.large.length });
  });
  process.on('disconnect', () => {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  });
}
