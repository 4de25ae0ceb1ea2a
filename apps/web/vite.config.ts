import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { pureDomainDeclarations } from './pure-domain-declarations.ts';

/**
 * react-router's package exports only its development build (warnings and checks, ~30% larger); the production build
 * ships beside it. The app's build uses that one (decision 0230).
 */
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

/** The API server (apps/server) in development; the browser always talks to its own origin. */
const apiTarget = process.env.GEAR_API_URL ?? 'http://localhost:3000';
const proxied = ['/api', '/gear', '/mygdx/account', '/html'];

export default defineConfig(({ command }) => ({
  plugins: [react(), pureDomainDeclarations()],
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: apiTarget, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // The manifest lets scripts/check-bundle-budgets.mjs add up what each page loads (decision 0230).
    manifest: true,
    // The budgets that matter are gzipped, per page (decision 0230, checked by scripts/check-bundle-budgets.mjs).
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      treeshake: {
        // packages/domain is pure (ARCHITECTURE.md): let the first bundle drop the parts it does not use (zod schemas).
        moduleSideEffects: [{ test: /[\\/]packages[\\/]domain[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
}));
