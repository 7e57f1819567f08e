/**
 * Child process of the proxy benchmark: the least a Node proxy can do, as a reference for what
 * this machine allows. `/api/v1/*` is forwarded to the upstream with the key, over a keep-alive
 * node:http agent (as many sockets as the BFF's upstream pool), the answer piped back; no sessions,
 * checks, logging, metrics, scrubbing or compression. Its ratio to direct is the ceiling any
 * proxy in Node reaches here; the BFF's ratio is read against it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const upstream = new URL(process.env.PLAIN_PROXY_UPSTREAM ?? 'http://127.0.0.1:1/v1');
const key = process.env.PLAIN_PROXY_KEY ?? '';
const basePath = upstream.pathname.replace(/\/+$/, '');
const agent = new http.Agent({
  keepAlive: true,
  keepAliveMsecs: 1_000,
  maxSockets: 256,
  maxFreeSockets: 64,
  scheduling: 'lifo',
});

const server = http.createServer((request, response) => {
  const url = request.url ?? '/';
  if (!url.startsWith('/api/v1/')) {
    response.writeHead(404).end();
    return;
  }
  const headers: http.OutgoingHttpHeaders = { authorization: `Bearer ${key}` };
  const type = request.headers['content-type'];
  if (type !== undefined) headers['content-type'] = type;
  const length = request.headers['content-length'];
  if (length !== undefined) headers['content-length'] = length;
  const outgoing = http.request(
    {
      host: upstream.hostname,
      port: upstream.port,
      method: request.method,
      path: `${basePath}${url.slice('/api/v1'.length)}`,
      headers,
      agent,
    },
    (answer) => {
      const out: http.OutgoingHttpHeaders = {};
      if (answer.headers['content-type'] !== undefined)
        out['content-type'] = answer.headers['content-type'];
      if (answer.headers['content-length'] !== undefined)
        out['content-length'] = answer.headers['content-length'];
      response.writeHead(answer.statusCode ?? 502, out);
      answer.pipe(response);
    },
  );
  outgoing.on('error', () => {
    if (!response.headersSent) response.writeHead(502);
    response.end();
  });
  request.pipe(outgoing);
});
server.keepAliveTimeout = 60_000;

if (process.send) {
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as AddressInfo;
    process.send?.({ url: `http://127.0.0.1:${port}` });
  });
  process.on('disconnect', () => {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  });
}
