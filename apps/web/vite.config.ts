import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The API server (apps/server) in development; the browser always talks to its own origin. */
const apiTarget = process.env.GEAR_API_URL ?? 'http://localhost:3000';
const proxied = ['/api', '/gear', '/mygdx/account', '/html'];

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: apiTarget, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // The budget that matters is gzipped (ARCHITECTURE.md: 200 kB for the first page); the first chunk is ~150 kB.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      treeshake: {
        // packages/domain is pure (ARCHITECTURE.md): let the first bundle drop the parts it does not use (zod schemas).
        moduleSideEffects: [{ test: /[\\/]packages[\\/]domain[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
});
