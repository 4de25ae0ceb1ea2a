#!/usr/bin/env node
// Builds the server to JavaScript (decision 0061): apps/server/dist/main.js (the portal) and
// dist/icd10-import.js (the ICD-10-CM import), the domain package bundled in, every other package left to
// node_modules, and the SQL migrations copied beside them. Fails when the output would import a package that is not
// among the server's runtime dependencies (it would be missing after `npm ci --omit=dev`).
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const server = path.join(root, 'apps/server');
const dist = path.join(server, 'dist');
const { dependencies } = JSON.parse(readFileSync(path.join(server, 'package.json'), 'utf8'));

const packageName = (specifier) => specifier.split('/', specifier.startsWith('@') ? 2 : 1).join('/');
const isBuiltin = (specifier) => specifier.startsWith('node:') || builtinModules.includes(specifier);
const imported = new Set();

/** Packages stay in node_modules, except this repository's own (@gear/*), which export TypeScript. */
const packagesExternal = {
  name: 'packages-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, ({ path: specifier }) => {
      if (specifier.startsWith('@gear/')) return undefined;
      if (!isBuiltin(specifier)) imported.add(packageName(specifier));
      return { path: specifier, external: true };
    });
  },
};

rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: {
    main: path.join(server, 'src/main.ts'),
    start: path.join(server, 'src/start.ts'),
    'icd10-import': path.join(server, 'src/modules/dx-codes/import-command.ts'),
  },
  outdir: dist,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [packagesExternal],
});
cpSync(path.join(server, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });

const undeclared = [...imported].filter((name) => !(name in dependencies)).sort();
if (undeclared.length) {
  console.error(
    `The built server imports ${undeclared.join(', ')}, not among apps/server's dependencies: add them there.`,
  );
  process.exit(1);
}
console.log(
  `Server built to ${path.relative(root, dist)}/ (main.js, start.js, icd10-import.js, migrations/)`,
);
