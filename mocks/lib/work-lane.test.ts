import { describe, expect, it } from 'vitest';
import { WorkLane } from './work-lane.ts';

/** Busy-waits `ms`: a slice of synthesis. */
function spin(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe('WorkLane', () => {
  it('runs jobs one at a time, in the order they came', async () => {
    const lane = new WorkLane();
    const log: string[] = [];
    const job = (name: string) =>
      lane.run(async (pause) => {
        for (let step = 0; step < 3; step += 1) {
          log.push(`${name}${step}`);
          spin(2);
          await pause();
        }
        return name;
      });
    const results = await Promise.all([job('a'), job('b')]);
    expect(results).toEqual(['a', 'b']);
    expect(log).toEqual(['a0', 'a1', 'a2', 'b0', 'b1', 'b2']);
  });

  it('lets what came in meanwhile run between two slices of a long job', async () => {
    const lane = new WorkLane();
    const log: string[] = [];
    const long = lane.run(async (pause) => {
      for (let step = 0; step < 10; step += 1) {
        spin(3);
        log.push('slice');
        await pause();
      }
    });
    // Comes in while the job runs: answered before the job ends, not after it.
    setTimeout(() => log.push('frame'), 1);
    await long;
    const frame = log.indexOf('frame');
    expect(frame).toBeGreaterThan(0);
    expect(frame).toBeLessThan(log.length - 1);
  });

  it('goes on after a job that fails', async () => {
    const lane = new WorkLane();
    const failed = lane.run(() => Promise.reject(new Error('no sound')));
    await expect(failed).rejects.toThrow('no sound');
    await expect(lane.run(() => Promise.resolve(2))).resolves.toBe(2);
  });
});
