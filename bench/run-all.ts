/**
 * `npm run bench`: every benchmark, one after another (never in parallel: each measures the
 * machine), each with its own output, then a summary of which met their goals. Exits 1 when any
 * benchmark missed a goal or failed to run.
 *
 * Env: BENCH_ONLY (comma-separated names, e.g. `clips,timeline`), BENCH_SKIP (the same, to leave
 * out); every other variable is passed on to the benchmarks (see each one's header).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const scripts = (
  JSON.parse(readFileSync(`${root}/package.json`, 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts;

const list = (raw: string | undefined) =>
  new Set(
    (raw ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  );
const only = list(process.env.BENCH_ONLY);
const skip = list(process.env.BENCH_SKIP);

const names = Object.keys(scripts)
  .filter((script) => script.startsWith('bench:'))
  .map((script) => script.slice('bench:'.length))
  .filter((name) => (only.size === 0 || only.has(name)) && !skip.has(name));
for (const name of only) {
  if (!names.includes(name)) {
    console.error(
      `bench: no benchmark named "${name}" (there are: ${Object.keys(scripts)
        .filter((s) => s.startsWith('bench:'))
        .join(', ')})`,
    );
    process.exit(2);
  }
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

function runOne(name: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '-s', `bench:${name}`], { cwd: root, stdio: 'inherit' });
    child.once('error', () => resolve(1));
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const results: Array<{ name: string; code: number; seconds: number; loadBefore: string }> = [];
for (const name of names) {
  const loadBefore = load();
  console.log(
    `\n=== bench:${name} (load average ${loadBefore} on ${availableParallelism()} cores) ===`,
  );
  const started = Date.now();
  const code = await runOne(name);
  results.push({ name, code, seconds: (Date.now() - started) / 1000, loadBefore });
}

console.log('\n=== Summary ===');
for (const { name, code, seconds, loadBefore } of results) {
  const verdict = code === 0 ? 'goals met' : 'GOAL MISSED or failed (exit ' + code + ')';
  console.log(
    `${`bench:${name}`.padEnd(20)} ${verdict.padEnd(34)} ${seconds.toFixed(0).padStart(5)} s   load before ${loadBefore}`,
  );
}
const missed = results.filter((result) => result.code !== 0);
if (missed.length > 0) {
  console.log(
    `\n${missed.length} of ${results.length} benchmarks missed a goal: ${missed.map((m) => m.name).join(', ')}`,
  );
  process.exitCode = 1;
} else {
  console.log(`\nAll ${results.length} benchmarks met their goals.`);
}
