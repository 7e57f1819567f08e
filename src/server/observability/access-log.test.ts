import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { accessLogWriter } from './access-log.ts';

function capture(level: string) {
  const lines: string[] = [];
  const logger = pino({ level }, { write: (line: string) => lines.push(line) });
  return { logger, lines };
}

describe('accessLogWriter', () => {
  it('writes the line pino would write for the same fields (but the time)', () => {
    const { logger, lines } = capture('info');
    const write = accessLogWriter(logger);
    const path = '/api/v1/projects/a "quoted" \\ name';
    write('req-1', 'GET', '/api/v1/projects/{projectId}', path, 200, 1.2345);
    logger
      .child({ reqId: 'req-1' })
      .info(
        { method: 'GET', route: '/api/v1/projects/{projectId}', path, status: 200, ms: 1.2345 },
        'request',
      );
    expect(lines).toHaveLength(2);
    const [ours, pinos] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(typeof ours?.time).toBe('number');
    expect({ ...ours, time: 0 }).toEqual({ ...pinos, time: 0 });
    expect(lines[0]?.endsWith('}\n')).toBe(true);
  });

  it('writes nothing when info is below the level, and follows a level change', () => {
    const { logger, lines } = capture('warn');
    const write = accessLogWriter(logger);
    write('req-2', 'GET', '/x', '/x', 200, 1);
    expect(lines).toEqual([]);
    logger.level = 'info';
    write('req-3', 'GET', '/x', '/x', 200, 1);
    expect(lines).toHaveLength(1);
  });

  it('is a no-op for a Fastify app without a logger', () => {
    const app = Fastify({ logger: false });
    expect(() => accessLogWriter(app.log)('req-4', 'GET', '/', '/', 200, 1)).not.toThrow();
  });
});
