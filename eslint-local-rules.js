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
        'Feature "{{from}}" must not import feature "{{to}}"; move shared code to src/components or src/lib.',
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

export const localRules = { rules: { 'no-cross-feature-imports': noCrossFeatureImports } };
