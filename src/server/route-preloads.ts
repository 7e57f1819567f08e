/**
 * Route preloads: a deep link's index.html names the JavaScript of the route it opens.
 *
 * Without them the browser learns a route's chunks only after the entry has downloaded, run and
 * matched the URL (and, for signed-in screens, after the session check): one more round trip in
 * series before the first screen can render. The build's manifest (dist/.vite/manifest.json) maps
 * each file route's split chunk (`src/routes/…tsx?tsr-split=…`) to its output file and imports, so
 * the BFF can add `<link rel="modulepreload">` for the matched route, its layouts and their static
 * imports (minus what index.html already loads) and the chunks download beside the entry.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

interface RouteEntry {
  /** Route file without extension, relative to src/routes (e.g. `_app/projects/$projectId/timeline`). */
  id: string;
  /** URL segments: literal text, or null for a `$param` segment. */
  segments: Array<string | null>;
  /** Its chunk and the chunks that chunk imports, minus the entry's. */
  files: string[];
}

export interface RoutePreloads {
  /** Files to preload for a URL path (leaf route and its layouts), in load order; [] when none match. */
  filesFor(path: string): string[];
}

const ROUTE_KEY = /^src\/routes\/(.+)\.tsx\?tsr-split=/;

function closure(manifest: Manifest, key: string, into: Set<string>): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const dep of manifest[key].imports ?? []) closure(manifest, dep, into);
  return into;
}

/** `_app/clips/share.$assetId` → ['clips', 'share', null]: pathless (`_x`) and `index` drop out. */
export function urlSegmentsOf(routeId: string): Array<string | null> {
  return routeId
    .split('/')
    .flatMap((part) => part.split('.'))
    .filter((part) => part !== 'index' && part !== 'route' && !part.startsWith('_'))
    .map((part) => (part.startsWith('$') ? null : part));
}

export function createRoutePreloads(manifest: Manifest): RoutePreloads {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const initial = entryKey ? closure(manifest, entryKey, new Set()) : new Set<string>();
  const routes: RouteEntry[] = [];
  const byId = new Map<string, RouteEntry>();
  for (const key of Object.keys(manifest)) {
    const id = ROUTE_KEY.exec(key)?.[1];
    if (!id || id === '__root') continue;
    const files = [...closure(manifest, key, new Set())]
      .filter((dep) => !initial.has(dep))
      .map((dep) => `/${manifest[dep]?.file}`);
    const entry = byId.get(id) ?? { id, segments: urlSegmentsOf(id), files: [] };
    for (const file of files) if (!entry.files.includes(file)) entry.files.push(file);
    if (!byId.has(id)) routes.push(entry);
    byId.set(id, entry);
  }
  // Layouts of a route: route files named after each of its parent folders (`_app` for `_app/…`).
  const layoutsOf = (id: string): RouteEntry[] => {
    const parts = id.split('/');
    const layouts: RouteEntry[] = [];
    for (let end = 1; end < parts.length; end += 1) {
      const dir = parts.slice(0, end).join('/');
      const layout = byId.get(dir) ?? byId.get(`${dir}/route`);
      if (layout) layouts.push(layout);
    }
    return layouts;
  };
  const leaves = routes.filter(
    (route) => !routes.some((other) => other.id.startsWith(`${route.id}/`)),
  );
  // The most literal match wins (as the router ranks static segments above params).
  const literalCount = (route: RouteEntry) => route.segments.filter((s) => s !== null).length;
  leaves.sort((a, b) => literalCount(b) - literalCount(a));

  return {
    filesFor(path) {
      const parts = path.split('?', 1)[0]?.split('/').filter(Boolean) ?? [];
      const leaf = leaves.find(
        (route) =>
          route.segments.length === parts.length &&
          route.segments.every((segment, i) => segment === null || segment === parts[i]),
      );
      if (!leaf) return [];
      const files: string[] = [];
      for (const route of [...layoutsOf(leaf.id), leaf]) {
        for (const file of route.files) if (!files.includes(file)) files.push(file);
      }
      return files;
    },
  };
}

/** The build's manifest, or undefined when the build has none (then nothing is preloaded). */
export function readManifest(staticDir: string): Manifest | undefined {
  try {
    return JSON.parse(readFileSync(join(staticDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    return undefined;
  }
}

/** index.html with a modulepreload link per file, just before `</head>`. */
export function withPreloads(html: string, files: readonly string[]): string {
  if (files.length === 0) return html;
  const links = files
    .map((file) => `<link rel="modulepreload" crossorigin href="${file}">`)
    .join('\n    ');
  return html.replace('</head>', `  ${links}\n  </head>`);
}
