/**
 * Route preloads: a deep link's index.html names the JavaScript of the route it opens.
 *
 * Without them the browser learns a route's chunks only after the entry has downloaded, run and
 * matched the URL (and, for signed-in screens, after the session check): one more round trip in
 * series before the first screen can render. The build's manifest (dist/.vite/manifest.json) maps
 * each file route's split chunk (`src/routes/…tsx?tsr-split=…`) to its output file and imports, so
 * the BFF can add `<link rel="modulepreload">` for the matched route, its layouts and their static
 * imports (minus what index.html already loads) and the chunks download beside the entry.
 *
 * The same goes for what the first screen fetches: every screen asks for the session before it
 * renders (and a signed-in route only then asks for its data), each a round trip after the
 * JavaScript has run. `<link rel="preload" as="fetch">` starts them with the document; the app's
 * own `fetch` of the same URL takes the preloaded answer (e2e/first-load.spec.ts checks it does).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIRST_WORDS_PAGE_SEARCH } from '../../api/caption-word-pages.ts';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
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

/** The BFF's session answer: every screen reads it before rendering (login: to skip the form). */
export const SESSION_PATH = '/bff/session';

export interface RouteData {
  /** In the order the first render waits for them (small answers first). */
  urls: string[];
  /** The URLs name one resource (a project's timeline): documents per resource, not per route. */
  perResource: boolean;
  /** Who asks for it: a signed-out visitor sees the login screen, a signed-in one the route. */
  audience: 'signed-in' | 'signed-out';
}

/**
 * The requests a route's loader makes first, for the URLs whose request is known from the path
 * alone (the login screen's BFF configuration, the projects list's first page, a timeline, the
 * Words page's project, first page of words and timeline). The client builds the same URLs
 * (openapi-fetch, from the route's loader); a mismatch costs one unused preload, never a wrong
 * answer (the browser only reuses a preload for the very same URL).
 */
export function routeDataFor(path: string): RouteData | undefined {
  const [pathname = '', search] = path.split('?', 2);
  if (/^\/login\/?$/.test(pathname)) {
    return { urls: ['/bff/config'], perResource: false, audience: 'signed-out' };
  }
  if (/^\/projects\/?$/.test(pathname) && !search) {
    return {
      urls: ['/api/v1/projects?offset=0&limit=10'],
      perResource: false,
      audience: 'signed-in',
    };
  }
  // Ids as the service writes them (UUIDs, slugs): anything else is left to the app.
  const timeline = /^\/projects\/([\w-]{1,100})\/timeline\/?$/.exec(pathname);
  if (timeline?.[1]) {
    const urls = [`/api/v1/projects/${timeline[1]}/timeline`];
    return { urls, perResource: true, audience: 'signed-in' };
  }
  // The Words page's first paragraph waits for all three (its loader asks for them together).
  const words = /^\/projects\/([\w-]{1,100})\/words\/?$/.exec(pathname);
  if (words?.[1]) {
    const project = `/api/v1/projects/${words[1]}`;
    const urls = [
      project,
      `${project}/captions/words?${FIRST_WORDS_PAGE_SEARCH}`,
      `${project}/timeline`,
    ];
    return { urls, perResource: true, audience: 'signed-in' };
  }
  return undefined;
}

/**
 * Fetches to preload for a document: the session, then the route's data when this visitor's first
 * screen asks for it. Only then: a preload nobody uses stays in the page's memory cache and would
 * answer the same URL later (a 401 preloaded before signing in would answer the list after it).
 */
export function fetchesFor(path: string, signedIn: boolean): string[] {
  const data = routeDataFor(path);
  const asked = data && data.audience === (signedIn ? 'signed-in' : 'signed-out');
  return asked ? [SESSION_PATH, ...data.urls] : [SESSION_PATH];
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
    // Static imports only: what a route imports dynamically (the timeline's canvas and preview)
    // loads after the first paint, and must not share the link with what that paint needs.
    const own = closure(manifest, key, new Set());
    const files = [...own]
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

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * index.html with a fetch preload per URL (first: small answers the first render waits for) and a
 * modulepreload link per file, just before `</head>`. `crossorigin` (anonymous) is what makes a
 * preload match the app's same-origin `fetch` (credentials: same-origin, mode: cors).
 */
export function withPreloads(
  html: string,
  files: readonly string[],
  fetches: readonly string[] = [],
): string {
  if (files.length === 0 && fetches.length === 0) return html;
  const links = [
    ...fetches.map(
      (url) => `<link rel="preload" as="fetch" crossorigin href="${escapeAttribute(url)}">`,
    ),
    ...files.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`),
  ].join('\n    ');
  return html.replace('</head>', `  ${links}\n  </head>`);
}
