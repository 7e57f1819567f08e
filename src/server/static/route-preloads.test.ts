import { describe, expect, it } from 'vitest';
import { FIRST_WORDS_PAGE_SEARCH } from '../../api/caption-word-pages.ts';
import {
  createRoutePreloads,
  type Manifest,
  urlSegmentsOf,
  fetchesFor,
  withPreloads,
} from './route-preloads.ts';

const split = '?tsr-split=component---loader';
const manifest: Manifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_framework.js'] },
  '_framework.js': { file: 'assets/framework-1.js' },
  '_shell.js': { file: 'assets/shell-1.js', imports: ['_framework.js'] },
  '_form.js': { file: 'assets/form-1.js', imports: ['_shell.js'] },
  [`src/routes/_app.tsx${split}`]: { file: 'assets/_app-1.js', imports: ['_shell.js'] },
  [`src/routes/login.tsx${split}`]: { file: 'assets/login-1.js', imports: ['_form.js'] },
  [`src/routes/_app/projects/index.tsx${split}`]: {
    file: 'assets/projects-1.js',
    imports: ['_form.js', '_shell.js'],
  },
  [`src/routes/_app/projects/$projectId/index.tsx${split}`]: { file: 'assets/project-1.js' },
  [`src/routes/_app/projects/$projectId/timeline.tsx${split}`]: {
    file: 'assets/timeline-1.js',
    imports: ['_shell.js'],
    dynamicImports: ['src/features/timeline/components/timeline-canvas.tsx', '_dialog.js'],
  },
  'src/features/timeline/components/timeline-canvas.tsx': {
    file: 'assets/timeline-canvas-1.js',
    imports: ['_framework.js', '_konva.js'],
  },
  '_konva.js': { file: 'assets/konva-1.js' },
  '_dialog.js': { file: 'assets/dialog-1.js' },
  [`src/routes/_app/clips/$clipId.tsx${split}`]: { file: 'assets/clip-1.js' },
  [`src/routes/_app/clips/share.$assetId.tsx${split}`]: { file: 'assets/share-1.js' },
};

describe('route preloads', () => {
  it('turns route files into URL segments (pathless layouts and index drop out)', () => {
    expect(urlSegmentsOf('_app/projects/$projectId/timeline')).toEqual([
      'projects',
      null,
      'timeline',
    ]);
    expect(urlSegmentsOf('_app/clips/share.$assetId')).toEqual(['clips', 'share', null]);
    expect(urlSegmentsOf('_app/projects/index')).toEqual(['projects']);
  });

  it('preloads the layout, the route and their imports, never what the entry loads', () => {
    const preloads = createRoutePreloads(manifest);
    expect(preloads.filesFor('/projects?offset=10')).toEqual([
      '/assets/_app-1.js',
      '/assets/shell-1.js',
      '/assets/projects-1.js',
      '/assets/form-1.js',
    ]);
    expect(preloads.filesFor('/login')).toEqual([
      '/assets/login-1.js',
      '/assets/form-1.js',
      '/assets/shell-1.js',
    ]);
  });

  it('matches params, prefers literal segments, and answers nothing for unknown paths', () => {
    const preloads = createRoutePreloads(manifest);
    expect(preloads.filesFor('/projects/p-1/timeline')).toContain('/assets/timeline-1.js');
    expect(preloads.filesFor('/projects/p-1')).toContain('/assets/project-1.js');
    expect(preloads.filesFor('/clips/share/a-1')).toContain('/assets/share-1.js');
    expect(preloads.filesFor('/clips/c-1')).toContain('/assets/clip-1.js');
    expect(preloads.filesFor('/nope/at/all')).toEqual([]);
    expect(preloads.filesFor('/')).toEqual([]);
  });

  it('never preloads dynamic imports (the canvas loads after the first paint)', () => {
    const files = createRoutePreloads(manifest).filesFor('/projects/p-1/timeline');
    expect(files).toEqual(['/assets/_app-1.js', '/assets/shell-1.js', '/assets/timeline-1.js']);
  });

  it('preloads the session everywhere, and the data the first screen asks for when the path says it', () => {
    expect(fetchesFor('/login', false)).toEqual(['/bff/session', '/bff/config']);
    expect(fetchesFor('/login?redirect=%2Fclips', false)).toEqual(['/bff/session', '/bff/config']);
    // Signed in, /login sends the visitor on before asking for its configuration.
    expect(fetchesFor('/login', true)).toEqual(['/bff/session']);
    expect(fetchesFor('/projects', true)).toEqual([
      '/bff/session',
      '/api/v1/projects?offset=0&limit=10',
    ]);
    // Signed out, the list is never asked for: a preloaded 401 would answer it after signing in.
    expect(fetchesFor('/projects', false)).toEqual(['/bff/session']);
    // Another page of the list: its request depends on the search, left to the app.
    expect(fetchesFor('/projects?offset=10', true)).toEqual(['/bff/session']);
    expect(fetchesFor('/projects/3f1c-a9/timeline', true)).toEqual([
      '/bff/session',
      '/api/v1/projects/3f1c-a9/timeline',
    ]);
    // The Words page: its project, first page of words and timeline, as its loader asks for them.
    expect(fetchesFor('/projects/3f1c-a9/words', true)).toEqual([
      '/bff/session',
      '/api/v1/projects/3f1c-a9',
      `/api/v1/projects/3f1c-a9/captions/words?${FIRST_WORDS_PAGE_SEARCH}`,
      '/api/v1/projects/3f1c-a9/timeline',
    ]);
    expect(fetchesFor('/projects/3f1c-a9/words', false)).toEqual(['/bff/session']);
    expect(fetchesFor('/projects/a%22b/timeline', true)).toEqual(['/bff/session']);
    expect(fetchesFor('/projects/a%22b/words', true)).toEqual(['/bff/session']);
    expect(fetchesFor('/projects/p-1', true)).toEqual(['/bff/session']);
  });

  it('writes fetch preloads, then one modulepreload link per file, before </head>', () => {
    const html = '<html><head><title>x</title></head><body></body></html>';
    const out = withPreloads(html, ['/assets/a.js', '/assets/b.js'], ['/bff/session']);
    expect(out).toContain('<link rel="preload" as="fetch" crossorigin href="/bff/session">');
    expect(out).toContain('<link rel="modulepreload" crossorigin href="/assets/a.js">');
    expect(out.indexOf('/bff/session')).toBeLessThan(out.indexOf('/assets/a.js'));
    expect(out.indexOf('/assets/b.js')).toBeLessThan(out.indexOf('</head>'));
    expect(withPreloads(html, [])).toBe(html);
  });
});
