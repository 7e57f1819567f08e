/**
 * `npm run bench:timeline`: being rewritten to drive the real route (/projects/$id/timeline through
 * the BFF and the simulator) instead of a stripped harness (issue 9). The old harness no longer
 * exists (the timeline runs on the editor kit now), so this runner refuses to report figures.
 */
console.error(
  'bench:timeline: the real-route benchmark is not in this build yet (issue 9); no figures.',
);
process.exit(1);
