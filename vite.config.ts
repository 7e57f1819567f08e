/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const alias = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  '@mocks': fileURLToPath(new URL('./mocks', import.meta.url)),
};

// The BFF serves /api and /bff; `npm run dev` proxies both to it so cookies stay same-origin.
const bffTarget = process.env.BFF_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
      autoCodeSplitting: true,
    }),
    react(),
    tailwindcss(),
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
  },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'node',
          environment: 'node',
          include: ['src/**/*.test.ts', 'mocks/**/*.test.ts'],
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
