import MagicString from 'magic-string';
import { type Plugin, parseAst } from 'vite';

/** A node of the ESTree the parser answers, as far as this plugin reads it. */
interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const DOMAIN_SOURCE = /[\\/]packages[\\/]domain[\\/]src[\\/].*\.ts$/;

/** Whether an expression calls anything (a zod schema, a `new Set`, a table built at load). */
function callsSomething(node: unknown): boolean {
  if (!node || typeof node !== 'object') return false;
  const { type } = node as Node;
  if (type === 'CallExpression' || type === 'NewExpression' || type === 'TaggedTemplateExpression')
    return true;
  // A function's body runs when it is called, not when it is declared.
  if (type === 'ArrowFunctionExpression' || type === 'FunctionExpression') return false;
  return Object.values(node).some((value) =>
    Array.isArray(value) ? value.some(callsSomething) : callsSomething(value),
  );
}

/**
 * packages/domain is pure (ARCHITECTURE.md, decision 0062): its module-level constants are computed, never used for
 * what computing them does. The bundler cannot know that a chain such as `z.object({...}).meta(...)` or
 * `userTypeSchema.nullable()` does nothing else, so one used constant of a contract file kept every schema of that
 * file, and zod with them, in pages that never validate anything. This marks each module-level constant that calls
 * something as pure (`/* @__PURE__ *\/ (() => value)()`), so that the build keeps only the constants a page uses
 * (decision 0234). The web build only: the server builds its OpenAPI document from the registered schemas.
 */
export function pureDomainDeclarations(): Plugin {
  return {
    name: 'gear:pure-domain-declarations',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!DOMAIN_SOURCE.test(id) || id.endsWith('.test.ts')) return null;
      const program = parseAst(code) as unknown as { body: Node[] };
      const edits = new MagicString(code);
      let changed = false;
      for (const statement of program.body) {
        const declaration = (
          statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement
        ) as Node | null;
        if (declaration?.type !== 'VariableDeclaration') continue;
        for (const declarator of declaration.declarations as Node[]) {
          const init = declarator.init as Node | null;
          if (!init || !callsSomething(init)) continue;
          edits.appendLeft(init.start, '/* @__PURE__ */ (() => (');
          edits.prependRight(init.end, '))()');
          changed = true;
        }
      }
      if (!changed) return null;
      return { code: edits.toString(), map: edits.generateMap({ hires: true, source: id }) };
    },
  };
}
