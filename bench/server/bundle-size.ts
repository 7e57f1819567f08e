/**
 * `npm run bench:bundle`: builds the client and prints the gzip size of the JavaScript the first
 * route loads (the entry chunk and everything it imports statically) and of each lazy chunk, with
 * the budget checks: first route ≤ 150 KB gzip, Konva only in the timeline route's chunks.
 */
import { buildChunks, staticClosure as closureIn, type ChunkInfo } from './build-chunks.ts';

const FIRST_ROUTE_BUDGET_BYTES = 150 * 1024;

const chunks = await buildChunks();

const staticClosure = (fileName: string): Set<string> => closureIn(chunks, fileName);

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const sum = (files: Iterable<string>) =>
  [...files].reduce((total, file) => total + (chunks.get(file)?.gzip ?? 0), 0);

const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
if (!entry) throw new Error('No entry chunk in the build output');
const entryFiles = staticClosure(entry.fileName);

/** Everything a first visit to a screen downloads: the entry plus its routes' split chunks. */
function firstLoadOf(routeFiles: string[]): Set<string> {
  const files = new Set(entryFiles);
  for (const chunk of chunks.values()) {
    if (routeFiles.some((route) => chunk.facade?.includes(`/src/routes/${route}`))) {
      for (const file of staticClosure(chunk.fileName)) files.add(file);
    }
  }
  return files;
}

// The two screens a visit can start on: the login screen, and the projects list once signed in.
const firstScreens = {
  '/login': firstLoadOf(['__root.tsx', 'login.tsx']),
  '/projects': firstLoadOf(['__root.tsx', '_app.tsx', '_app/projects/index.tsx']),
};
const firstRouteFiles = new Set(Object.values(firstScreens).flatMap((files) => [...files]));
const firstRouteGzip = Math.max(...Object.values(firstScreens).map((files) => sum(files)));

const routeLabel = (chunk: ChunkInfo) => {
  const facade = chunk.facade ?? '';
  const match = /src\/routes\/(.+?)\.tsx/.exec(facade);
  return match ? `route ${match[1]}` : facade.replace(process.cwd() + '/', '') || chunk.fileName;
};

console.log('\nEntry (loaded by every screen):');
for (const file of entryFiles) {
  const chunk = chunks.get(file)!;
  console.log(
    `  ${file.padEnd(48)} ${kb(chunk.gzip).padStart(10)} gzip  ${kb(chunk.raw).padStart(10)} raw`,
  );
}
console.log('\nFirst load of each starting screen (entry + its route chunks):');
for (const [screen, files] of Object.entries(firstScreens)) {
  console.log(`  ${screen.padEnd(48)} ${kb(sum(files)).padStart(10)} gzip`);
}

console.log(
  '\nLazy chunks (own gzip size; + static imports not already loaded by the first route):',
);
const lazy = [...chunks.values()].filter((chunk) => chunk.isDynamicEntry);
for (const chunk of lazy.sort((a, b) => routeLabel(a).localeCompare(routeLabel(b)))) {
  const extra = [...staticClosure(chunk.fileName)].filter((f) => !firstRouteFiles.has(f));
  console.log(
    `  ${routeLabel(chunk).padEnd(48)} ${kb(chunk.gzip).padStart(10)} own  ${kb(sum(extra)).padStart(10)} on navigation`,
  );
}

const konvaChunks = [...chunks.values()].filter((chunk) =>
  chunk.modules.some((id) => /node_modules\/(konva|react-konva)\//.test(id)),
);
const konvaOutsideTimeline = konvaChunks.filter((chunk) => {
  if (firstRouteFiles.has(chunk.fileName)) return true;
  // A Konva chunk is fine when only timeline route chunks import it.
  const importers = [...chunks.values()].filter(
    (c) => c.imports.includes(chunk.fileName) || c.dynamicImports.includes(chunk.fileName),
  );
  const timelineOnly = (c: ChunkInfo): boolean =>
    /timeline/.test(c.facade ?? '') ||
    [...chunks.values()]
      .filter((p) => p.imports.includes(c.fileName))
      .every((p) => timelineOnly(p));
  return !(
    /timeline/.test(chunk.facade ?? '') ||
    (importers.length > 0 && importers.every(timelineOnly))
  );
});

console.log('\nBudgets:');
const firstOk = firstRouteGzip <= FIRST_ROUTE_BUDGET_BYTES;
console.log(
  `  first route ≤ ${kb(FIRST_ROUTE_BUDGET_BYTES)} gzip (largest first load): ${kb(firstRouteGzip)} ${firstOk ? 'PASS' : 'FAIL'}`,
);
const konvaOk = konvaOutsideTimeline.length === 0;
console.log(
  `  Konva only in timeline chunks: ${
    konvaChunks.length === 0
      ? 'no Konva chunk built yet'
      : konvaChunks.map((c) => c.fileName).join(', ')
  } ${konvaOk ? 'PASS' : 'FAIL'}`,
);
process.exitCode = firstOk && konvaOk ? 0 : 1;
