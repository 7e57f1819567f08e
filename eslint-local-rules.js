// Project-specific lint rules that no published plugin expresses exactly.
import path from 'node:path';

const featuresRoot = path.resolve('src/features');

/** The feature folder a file belongs to (`src/features/<name>/...`), if any. */
function featureOf(file) {
  const relative = path.relative(featuresRoot, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  return relative.split(path.sep)[0] ?? null;
}

/** Features never import each other, however the path is spelled (relative or alias). */
const noCrossFeatureImports = {
  meta: {
    type: 'problem',
    messages: {
      crossFeature:
        'Feature "{{from}}" must not import feature "{{to}}"; move shared code to a shared layer (src/components, src/shared-rules, src/lib) or let a route compose the two.',
    },
    schema: [],
  },
  create(context) {
    const from = featureOf(context.filename);
    if (!from) return {};
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      let target = null;
      if (source.startsWith('.')) target = path.resolve(path.dirname(context.filename), source);
      else if (source.startsWith('@/')) target = path.resolve('src', source.slice(2));
      const to = target ? featureOf(target) : null;
      if (to && to !== from)
        context.report({ node, messageId: 'crossFeature', data: { from, to } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

const srcRoot = path.resolve('src');
const mocksRoot = path.resolve('mocks');
const serverRoot = path.resolve('src/server');

const inside = (dir, file) => {
  const relative = path.relative(dir, file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
};
const repoPath = (file) => path.relative(path.resolve('.'), file).split(path.sep).join('/');

/** Where an import points, for the spellings the repository uses (relative, `@/`, `@mocks/`). */
function importTarget(filename, source) {
  if (source.startsWith('.')) return path.resolve(path.dirname(filename), source);
  if (source.startsWith('@/')) return path.resolve('src', source.slice(2));
  if (source.startsWith('@mocks/')) return path.resolve('mocks', source.slice('@mocks/'.length));
  return null; // a package
}

const isTest = (file) =>
  /\.test\.tsx?$/.test(file) || /(^|\/)(test-support|test)\//.test(repoPath(file));

/** The development launchers of the BFF: `npm start` (start.ts) and its simulator's thread. */
const SERVER_LAUNCHERS = new Set(['src/server/start.ts', 'src/server/simulator-worker.ts']);
const isServerLauncher = (file) => SERVER_LAUNCHERS.has(repoPath(file));
const benchRoot = path.resolve('bench');
const e2eRoot = path.resolve('e2e');

/**
 * What the simulator may take from src/: generated types and shared pure modules (src/lib,
 * src/shared-rules, src/caption-painter).
 */
const SIMULATOR_SHARED = ['src/lib', 'src/shared-rules', 'src/caption-painter'].map((dir) =>
  path.resolve(dir),
);
const simulatorMayImport = (target) =>
  /^src\/api\/[^/]+\.gen(\.ts)?$/.test(repoPath(target)) ||
  (SIMULATOR_SHARED.some((dir) => inside(dir, target)) && !/\.tsx$/.test(target));

/**
 * The layers' boundaries (issue 8): the simulator (mocks/) imports only generated types and
 * shared pure modules from src/; the BFF (src/server) imports mocks/ only from its development
 * launcher (and tests); the client (the rest of src/) imports neither. The product tree (src/,
 * mocks/, e2e/) never imports the benchmarks (bench/): they take the simulator's seed plug-in hook.
 */
const layerBoundaries = {
  meta: {
    type: 'problem',
    messages: {
      simulator:
        'The simulator (mocks/) may import from src/ only generated types (src/api/*.gen.ts) and shared pure modules (src/lib, src/shared-rules, src/caption-painter); not {{target}}.',
      server:
        'The BFF imports mocks/ only from its development launcher (src/server/start.ts, simulator-worker.ts) and tests; not from {{file}}.',
      client:
        'Client code imports neither the BFF (src/server) nor the simulator (mocks/): {{target}}.',
      bench:
        'The product tree (src/, mocks/, e2e/) does not import the benchmarks: {{target}}. A benchmark seeds its data through a seed plug-in (SIM_SEED_PLUGINS).',
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const inMocks = inside(mocksRoot, file);
    const inServer = inside(serverRoot, file);
    const inClient =
      inside(srcRoot, file) &&
      !inServer &&
      !inside(path.resolve('src/api/codegen'), file) &&
      !isTest(file);
    const inProduct = inside(srcRoot, file) || inMocks || inside(e2eRoot, file);
    if (!inProduct) return {};
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      const target = importTarget(file, source);
      if (!target) return;
      const data = { target: repoPath(target), file: repoPath(file) };
      if (inside(benchRoot, target)) {
        context.report({ node, messageId: 'bench', data });
      } else if (inMocks && inside(srcRoot, target) && !simulatorMayImport(target)) {
        context.report({ node, messageId: 'simulator', data });
      } else if (
        inServer &&
        inside(mocksRoot, target) &&
        !isServerLauncher(file) &&
        !isTest(file)
      ) {
        context.report({ node, messageId: 'server', data });
      } else if (inClient && (inside(mocksRoot, target) || inside(serverRoot, target))) {
        context.report({ node, messageId: 'client', data });
      }
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

/**
 * The client's floors, lowest first: a file imports only from its own layer or from a floor below
 * it. `shared-rules`, `caption-painter` and `playback` share a floor and import none of each other.
 */
const FLOORS = [
  ['api'],
  ['lib'],
  ['shared-rules', 'caption-painter', 'playback'],
  ['editor-kit'],
  ['components'],
  ['features'],
  ['routes'],
];
/** The app's entry files stand with the routes (the router and its generated tree tie them). */
const ENTRY_FILES = new Set(['main.tsx', 'router.tsx', 'routeTree.gen.ts']);
const ORDER =
  'api < lib < shared-rules, caption-painter, playback < editor-kit < components < features < routes';
const floorOf = new Map(FLOORS.flatMap((names, floor) => names.map((name) => [name, floor])));

/** The client layer of a file under src/ (its first path segment there), if it has one. */
function clientLayerOf(file) {
  const relative = path.relative(srcRoot, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const first = relative.split(path.sep)[0];
  if (first === 'api' && /^api[\\/]codegen[\\/]/.test(relative)) return null; // Node tooling
  if (ENTRY_FILES.has(first)) return 'routes';
  return floorOf.has(first) ? first : null;
}

/** No arrow runs up: a layer imports only from its own folder or the floors below it. */
const layerOrder = {
  meta: {
    type: 'problem',
    messages: {
      upward:
        '"{{from}}" must not import "{{to}}" ({{target}}): a layer imports only the floors below it ({{order}}).',
    },
    schema: [],
  },
  create(context) {
    const from = clientLayerOf(context.filename);
    if (!from) return {};
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      const target = importTarget(context.filename, source);
      const to = target ? clientLayerOf(target) : null;
      if (!to || to === from) return;
      if (floorOf.get(to) < floorOf.get(from)) return;
      context.report({
        node,
        messageId: 'upward',
        data: { from, to, target: repoPath(target), order: ORDER },
      });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export const localRules = {
  rules: {
    'no-cross-feature-imports': noCrossFeatureImports,
    'layer-boundaries': layerBoundaries,
    'layer-order': layerOrder,
  },
};
