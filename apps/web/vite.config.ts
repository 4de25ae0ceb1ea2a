import { createRequire } from 'node:module';
import path from 'node:path';
import { frontDoorPageOf } from '@gear/domain';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { northAmericanPhoneMetadata } from './north-american-phone-metadata.ts';
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

const here = path.dirname(new URL(import.meta.url).pathname);

/**
 * Two pages (decision 0235): the patients' front door (front-door.html: '/', '/kitordering', '/connect/{id?}') and the
 * app (index.html: every other path). The server chooses by the same rule (frontDoorPageOf); so does the
 * development server, here.
 */
const frontDoorInDevelopment = (): Plugin => ({
  name: 'gear-front-door',
  configureServer(server) {
    server.middlewares.use((request, _response, next) => {
      const [pathname = '/', query] = (request.url ?? '/').split('?');
      const accept = request.headers.accept ?? '';
      if (accept.includes('text/html') && frontDoorPageOf(pathname))
        request.url = `/front-door.html${query === undefined ? '' : `?${query}`}`;
      next();
    });
  },
});

/**
 * The front door is built on its own (decision 0320): `GEAR_WEB_BUILD=front-door vite build` after the app's build,
 * into the same folder. Built with the app, the chunks it shares with the app's lazily loaded routes made it 30 small
 * files, fetched six at a time; alone, everything it loads at first is one file (the captcha, the scanner and the
 * landing step stay loaded when used).
 */
const frontDoorBuild = process.env.GEAR_WEB_BUILD === 'front-door';
const input: Record<string, string> = frontDoorBuild
  ? { frontDoor: path.join(here, 'front-door.html') }
  : { app: path.join(here, 'index.html') };

export default defineConfig(({ command }) => ({
  plugins: [react(), pureDomainDeclarations(), northAmericanPhoneMetadata(), frontDoorInDevelopment()],
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: apiTarget, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: !frontDoorBuild,
    sourcemap: true,
    // The manifest lets scripts/check-bundle-budgets.mjs add up what each page loads (decision 0230).
    manifest: frontDoorBuild ? '.vite/front-door-manifest.json' : true,
    // The budgets that matter are gzipped, per page (decision 0230, checked by scripts/check-bundle-budgets.mjs).
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      input,
      treeshake: {
        // packages/domain is pure (ARCHITECTURE.md): let the first bundle drop the parts it does not use (zod schemas).
        moduleSideEffects: [{ test: /[\\/]packages[\\/]domain[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
}));
