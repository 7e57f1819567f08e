/**
 * Seed plug-in of `npm run bench:captions` (SIM_BENCH_CAPTIONS=<words>): one long talk with that
 * many caption words, “Benchmark: 10,000 caption words”. Built for the simulator by
 * seed-plugins.ts.
 */
import { DEMO_ORGS } from '../../mocks/lib/auth.ts';
import type { SeedPlugin } from '../../mocks/store/seed.ts';
import { seedCaptionTalk } from '../../mocks/store/seed-captions.ts';

export const BENCH_CAPTIONS_PROJECT = 'Benchmark: 10,000 caption words';

/** The plug-in, with the word count from SIM_BENCH_CAPTIONS (none when unset or not positive). */
export function createSeedPlugin(env: Record<string, string | undefined>): SeedPlugin {
  const wordCount = Math.round(Number(env.SIM_BENCH_CAPTIONS ?? 0));
  return ({ store, context }) => {
    if (!(wordCount > 0)) return;
    // A stream of the paid workspace's, as when this was part of the demo seed.
    const ctx = context('org_demo');
    seedCaptionTalk(
      { ...ctx, rng: ctx.rng.fork('bench-captions') },
      store.workspace(DEMO_ORGS.paid),
      {
        name: BENCH_CAPTIONS_PROJECT,
        description: `Caption benchmark: ${wordCount.toLocaleString('en')} caption words.`,
        wordCount,
      },
    );
  };
}
