import { connect } from 'node:net';

/**
 * Sends bytes as they are (no client-side URL normalisation) and resolves with the whole answer
 * once the server closes the connection (send `Connection: close`).
 */
export function rawHttp(port: number, request: string, timeoutMs = 5_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('raw request timed out'));
    }, timeoutMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks).toString('latin1'));
    });
    socket.write(request, 'latin1');
  });
}

/** The status code of a raw HTTP answer (0 when none). */
export const statusOf = (response: string): number =>
  Number(/^HTTP\/1\.1 (\d{3})/.exec(response)?.[1] ?? 0);
