/**
 * Builds the client (into dist/, as `npm start` serves it) and collects its JavaScript chunks with
 * their gzip sizes: what the bundle budget (`bench:bundle`) and the route benchmarks measure.
 */
import { gzipSync } from 'node:zlib';
import { build, type Rollup } from 'vite';

export interface ChunkInfo {
  fileName: string;
  isEntry: boolean;
  isDynamicEntry: boolean;
  facade: string | null;
  imports: string[];
  dynamicImports: string[];
  modules: string[];
  gzip: number;
  raw: number;
}

/** Runs a production build and answers every chunk it wrote, by file name. */
export async function buildChunks(): Promise<Map<string, ChunkInfo>> {
  const chunks = new Map<string, ChunkInfo>();
  await build({
    logLevel: 'warn',
    build: { outDir: 'dist', emptyOutDir: true },
    plugins: [
      {
        name: 'cutroom-chunk-report',
        generateBundle(_options, bundle: Rollup.OutputBundle) {
          for (const output of Object.values(bundle)) {
            if (output.type !== 'chunk') continue;
            chunks.set(output.fileName, {
              fileName: output.fileName,
              isEntry: output.isEntry,
              isDynamicEntry: output.isDynamicEntry,
              facade: output.facadeModuleId,
              imports: output.imports,
              dynamicImports: output.dynamicImports,
              modules: output.moduleIds,
              gzip: gzipSync(output.code, { level: 9 }).length,
              raw: Buffer.byteLength(output.code),
            });
          }
        },
      },
    ],
  });
  return chunks;
}

/** A chunk and every chunk it imports statically (what loading it downloads). */
export function staticClosure(
  chunks: ReadonlyMap<string, ChunkInfo>,
  fileName: string,
  seen = new Set<string>(),
): Set<string> {
  if (seen.has(fileName)) return seen;
  seen.add(fileName);
  for (const dep of chunks.get(fileName)?.imports ?? []) staticClosure(chunks, dep, seen);
  return seen;
}
