/// <reference types="vitest/config" />
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { moveSourceMaps, precompressDir } from './src/server/static/client-assets.ts';

const alias = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  '@mocks': fileURLToPath(new URL('./mocks', import.meta.url)),
};

/**
 * After a production build: source maps move out of the served directory (to build/sourcemaps,
 * for error reporting), then every text asset gets .br and .gz siblings the BFF serves as-is.
 */
function productionAssets(): Plugin {
  let outDir = '';
  return {
    name: 'cutroom-production-assets',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const mapsDir = fileURLToPath(new URL('./build/sourcemaps', import.meta.url));
      await moveSourceMaps(outDir, mapsDir);
      await precompressDir(outDir);
    },
  };
}

// The BFF serves /api and /bff; `npm run dev` proxies both to it so cookies stay same-origin.
const bffTarget = process.env.BFF_URL ?? 'http://127.0.0.1:8080';

/**
 * `npm run dev:mock` (VITE_MOCK=1): the page starts the in-browser simulator (mocks/browser.ts)
 * and only then loads the app, so client code never imports mocks/ (the lint boundaries forbid it).
 */
function browserMock(): Plugin {
  const entry = '<script type="module" src="/src/main.tsx"></script>';
  return {
    name: 'cutroom-browser-mock',
    apply: 'serve',
    transformIndexHtml(html) {
      if (process.env.VITE_MOCK !== '1') return html;
      return html.replace(
        entry,
        '<script type="module">\n' +
          "import { startBrowserMock } from '/mocks/browser.ts';\n" +
          'await startBrowserMock();\n' +
          "await import('/src/main.tsx');\n" +
          '</script>',
      );
    },
  };
}

export default defineConfig({
  plugins: [
    browserMock(),
    tanstackRouter({
      target: 'react',
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
      autoCodeSplitting: true,
      // Loaders go with their route's component (one chunk per route), so the query modules of
      // every feature stay out of the first route (the login screen needs none of them).
      codeSplittingOptions: {
        // A route's pending component goes with its loader: it shows while that loader runs, and
        // in the first chunk it pulled its feature's queries into every screen's first load.
        defaultBehavior: [
          ['loader', 'component', 'pendingComponent'],
          ['errorComponent'],
          ['notFoundComponent'],
        ],
      },
    }),
    react(),
    tailwindcss(),
    productionAssets(),
  ],
  resolve: { alias },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: bffTarget, changeOrigin: false },
      '/bff': { target: bffTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    // Maps for debugging and bundle analysis, not referenced from the served code.
    sourcemap: 'hidden',
    // The first route stays small; heavy editors (Konva) are split with their routes.
    chunkSizeWarningLimit: 600,
    // dist/.vite/manifest.json (never served: dot folder): the BFF reads it to preload a deep
    // link's route chunks from its index.html (src/server/static/route-preloads.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Every screen runs on these (the libraries, the API client, the login form's fields):
            // one request instead of several small shared chunks (each answer costs ~400 bytes of
            // headers and a compression window of its own).
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|zustand|use-sync-external-store|openapi-fetch|@tanstack[\\/](react-query|query-core|react-router|router-core|history|store|react-store))[\\/]|rolldown[\\/:]runtime|src[\\/](api[\\/](client|api-error|query-keys|csrf-token|schema\.gen)|components[\\/](text-field|logo-mark)|editor-kit[\\/]controls[\\/]button|lib[\\/]search-params)\.tsx?$/,
              priority: 2,
            },
            // Small modules of the signed-in shell (jobs tray, credits, toasts) and of the lists
            // most screens show: every screen but the login screen loads them, so one chunk.
            // Their own imports stay where they are (the entry's modules must not move here).
            {
              name: 'shell',
              test: /src[\\/](lib[\\/](started-work|toast-store|format|selection-store|job-kind-label|web-locks|use-announce-once)|features[\\/]projects[\\/]api[\\/]projects-queries|api[\\/](credits|jobs|projects)|components[\\/](credits|empty-state|pagination|project-name)|features[\\/]jobs[\\/](api[\\/]jobs-queries|model[\\/]job-label)|features[\\/]review-queue[\\/]model[\\/]waiting|shared-rules[\\/]plan-waiting)\.tsx?$/,
              includeDependenciesRecursively: false,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'node',
          environment: 'node',
          include: ['src/**/*.test.ts', 'mocks/**/*.test.ts', 'bench/**/*.test.ts'],
          testTimeout: 20_000,
          // Installs Debian's redis-server when missing (the BFF's Redis tests need a real one).
          globalSetup: ['./src/server/test-support/vitest-global-setup.ts'],
        },
      },
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['src/**/*.test.tsx'],
          setupFiles: ['./src/test/setup-dom.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
