#!/usr/bin/env node
// The import rules of decision 0062, over every TypeScript file of the repository (tests included):
//   - packages/domain imports only zod, libphonenumber-js and itself (its tests also vitest);
//   - apps/web: features/ never imports app/; a feature imports another feature only through the wizard;
//   - apps/server: lib/ and db/ never import modules/;
//   - no import cycles anywhere (type-only imports count: a cycle of types is still a tangle).
// Prints each violation and exits 1; scripts/import-rules-allowed.json lists, with a reason each, the violations known
// when the rules came in, which their owners are removing. An allowance that no longer matches fails too, so the list
// only shrinks. `npm run check:imports`; part of `npm test`.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const roots = ['packages/domain/src', 'apps/server/src', 'apps/web/src', 'e2e', 'bench'];
const sourceFile = /\.(ts|tsx|mts)$/;
const workspacePackages = {
  '@gear/domain': 'packages/domain/src/index.ts',
  '@gear/domain/test-support': 'packages/domain/src/test-support/index.ts',
};

function filesUnder(dir) {
  const full = path.join(root, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name === 'dist' ? [] : filesUnder(rel);
    return sourceFile.test(entry.name) && !entry.name.endsWith('.d.ts') ? [rel] : [];
  });
}

/** Every module specifier a file names: static imports and re-exports (type-only too), side-effect and dynamic imports. */
function specifiersOf(text) {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found = [];
  const patterns = [
    /\b(?:import|export)\s+(?:type\s+)?[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) for (const match of code.matchAll(pattern)) found.push(match[1]);
  return found;
}

function resolveRelative(from, specifier) {
  const base = path.posix.join(path.posix.dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  return (
    candidates.find((c) => existsSync(path.join(root, c)) && statSync(path.join(root, c)).isFile()) ?? base
  );
}

/** A repository file for a relative or workspace import; the package name for anything else. */
function target(from, specifier) {
  if (specifier.startsWith('.')) return { file: resolveRelative(from, specifier) };
  if (workspacePackages[specifier]) return { file: workspacePackages[specifier] };
  const name = specifier.split('/', specifier.startsWith('@') ? 2 : 1).join('/');
  return { packageName: name };
}

const isTest = (file) => /\.test\.tsx?$/.test(file);
/**
 * What packages/domain may import besides itself: zod, and libphonenumber-js for the phone rule (spec 2 §5, issue 15,
 * decision 0323): parsing numbers is a library's job, and the rule must be the server's and the browser's at once.
 */
const DOMAIN_PACKAGES = new Set(['zod', 'libphonenumber-js']);
const DOMAIN_RULE = 'domain imports only zod, libphonenumber-js and itself';
const under = (file, dir) => file.startsWith(`${dir}/`);
const webFeature = (file) => file.match(/^apps\/web\/src\/features\/([^/]+)\//)?.[1];

/** The rule an import breaks, or null. */
function brokenRule(from, to) {
  if (under(from, 'packages/domain/src')) {
    if (to.file && !under(to.file, 'packages/domain/src')) return DOMAIN_RULE;
    if (
      to.packageName &&
      !DOMAIN_PACKAGES.has(to.packageName) &&
      !(isTest(from) && to.packageName === 'vitest')
    ) {
      return DOMAIN_RULE;
    }
  }
  if (!to.file) return null;
  if (under(from, 'apps/web/src/features') && under(to.file, 'apps/web/src/app')) {
    return 'web features/ never import app/';
  }
  const fromFeature = webFeature(from);
  const toFeature = webFeature(to.file);
  if (
    fromFeature &&
    toFeature &&
    fromFeature !== toFeature &&
    fromFeature !== 'wizard' &&
    toFeature !== 'wizard'
  ) {
    return 'a web feature imports another feature only through the wizard';
  }
  const serverLayer = ['apps/server/src/lib', 'apps/server/src/db'].find((dir) => under(from, dir));
  if (serverLayer && under(to.file, 'apps/server/src/modules'))
    return 'server lib/ and db/ never import modules/';
  return null;
}

/** Strongly connected components of more than one file (or a file importing itself): Tarjan's algorithm. */
function cycles(graph) {
  let index = 0;
  const stack = [];
  const state = new Map();
  const found = [];
  const visit = (node) => {
    const entry = { index, low: index, onStack: true };
    index += 1;
    state.set(node, entry);
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      const seen = state.get(next);
      if (!seen) {
        visit(next);
        entry.low = Math.min(entry.low, state.get(next).low);
      } else if (seen.onStack) {
        entry.low = Math.min(entry.low, seen.index);
      }
    }
    if (entry.low !== entry.index) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      state.get(member).onStack = false;
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node)?.has(node)) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return found;
}

const allowed = JSON.parse(readFileSync(path.join(root, 'scripts/import-rules-allowed.json'), 'utf8'));
const allowedImports = new Map(allowed.imports.map((a) => [`${a.from} -> ${a.to}`, a]));
const allowedCycles = new Map(allowed.cycles.map((a) => [[...a.files].sort().join(' <-> '), a]));
const usedAllowances = new Set();

const files = roots.flatMap(filesUnder);
const graph = new Map();
const violations = [];
for (const from of files) {
  const edges = new Set();
  for (const specifier of specifiersOf(readFileSync(path.join(root, from), 'utf8'))) {
    const to = target(from, specifier);
    const rule = brokenRule(from, to);
    const key = `${from} -> ${to.file ?? to.packageName}`;
    if (rule && allowedImports.has(key)) usedAllowances.add(key);
    else if (rule) violations.push(`${rule}: ${key}`);
    if (to.file && sourceFile.test(to.file)) edges.add(to.file);
  }
  graph.set(from, edges);
}
for (const component of cycles(graph)) {
  const key = component.join(' <-> ');
  if (allowedCycles.has(key)) usedAllowances.add(key);
  else violations.push(`import cycle: ${key}`);
}
const stale = [...allowedImports.keys(), ...allowedCycles.keys()].filter((key) => !usedAllowances.has(key));
for (const key of stale)
  violations.push(`allowed but no longer found (remove it from import-rules-allowed.json): ${key}`);

const remaining = usedAllowances.size;
if (violations.length) {
  console.log(violations.join('\n'));
  console.log(`\nImport rules: ${violations.length} violation(s) in ${files.length} files (decision 0062).`);
  process.exit(1);
}
console.log(`Import rules hold over ${files.length} files (${remaining} known violation(s) still allowed).`);
