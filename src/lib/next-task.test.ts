import { afterEach, describe, expect, it } from 'vitest';
import { nextTask } from './next-task.ts';

const globals = globalThis as { scheduler?: unknown };

describe('nextTask', () => {
  afterEach(() => {
    delete globals.scheduler;
  });

  it('resolves in a later task, after the tasks already queued', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('queued before'), 0);
    await nextTask();
    order.push('after nextTask');
    expect(order).toEqual(['queued before', 'after nextTask']);
  });

  it('uses scheduler.yield() where the browser has it', async () => {
    let yielded = 0;
    globals.scheduler = {
      yield: () => {
        yielded += 1;
        return Promise.resolve();
      },
    };
    await nextTask();
    expect(yielded).toBe(1);
  });
});
