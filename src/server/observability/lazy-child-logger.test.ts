import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { lazyChildLoggerFactory } from './lazy-child-logger.ts';

describe('lazyChildLoggerFactory', () => {
  it("makes pino's child only when a line is written, and the line carries the bindings", () => {
    const lines: string[] = [];
    const root = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const child = vi.spyOn(root, 'child');
    const logger = lazyChildLoggerFactory(root, { reqId: 'req-1' }, {});
    expect(logger.level).toBe('info');
    logger.debug('below the level');
    expect(lines).toEqual([]);
    logger.warn({ cause: 'ECONNREFUSED' }, 'upstream unreachable');
    logger.error('second');
    expect(child).toHaveBeenCalledTimes(1);
    const [first, second] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(first).toMatchObject({
      level: 40,
      reqId: 'req-1',
      cause: 'ECONNREFUSED',
      msg: 'upstream unreachable',
    });
    expect(second).toMatchObject({ level: 50, reqId: 'req-1', msg: 'second' });
  });

  it('makes no child for a request that writes nothing', () => {
    const root = pino({ level: 'info' }, { write: () => undefined });
    const child = vi.spyOn(root, 'child');
    lazyChildLoggerFactory(root, { reqId: 'req-2' }, {});
    expect(child).not.toHaveBeenCalled();
  });

  it('takes a level of its own', () => {
    const lines: string[] = [];
    const root = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const logger = lazyChildLoggerFactory(root, { reqId: 'req-3' }, { level: 'debug' });
    expect(logger.level).toBe('debug');
    logger.debug('shown');
    expect(lines).toHaveLength(1);
  });
});
