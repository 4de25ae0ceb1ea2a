/**
 * OpenAPI 3.0 allows `nullable` only beside a `type` (Redocly's nullable-type-sibling; ARCHITECTURE: 3.0 `nullable`
 * throughout, docs/decisions/0228). The zod conversion writes `{ nullable, allOf: [$ref] }` for an optional object
 * and `{ nullable, anyOf: [...] }` for a union: this gives the first the type of what it refers to, and a union of
 * one type that type; a union of several types carries `nullable` on each branch instead (the same values pass).
 */
type Schema = Record<string, unknown>;

const isObject = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const family = (type: unknown) => (type === 'integer' ? 'number' : type);

export function fixNullableSiblings<T>(document: T): T {
  const components =
    (isObject(document) && isObject(document.components) && document.components.schemas) || {};
  const typeOf = (branch: Schema): unknown => {
    if (typeof branch.type === 'string') return branch.type;
    const ref = typeof branch.$ref === 'string' ? branch.$ref.split('/').pop() : undefined;
    const target = ref && isObject(components) ? (components as Schema)[ref] : undefined;
    return isObject(target) ? target.type : undefined;
  };
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (!isObject(node)) return node;
    const fixed: Schema = {};
    for (const [key, value] of Object.entries(node)) fixed[key] = visit(value);
    if (fixed.nullable !== true || 'type' in fixed) return fixed;
    const branches = (fixed.allOf ?? fixed.anyOf ?? fixed.oneOf) as unknown;
    if (!Array.isArray(branches) || !branches.every(isObject)) return fixed;
    const types = [...new Set(branches.map((branch) => typeOf(branch)))];
    const families = [...new Set(types.map(family))];
    if (families.length === 1 && typeof families[0] === 'string') {
      fixed.type = types.length === 1 ? types[0] : families[0];
      return fixed;
    }
    if (!fixed.anyOf || types.some((type) => typeof type !== 'string')) return fixed;
    delete fixed.nullable;
    fixed.anyOf = (fixed.anyOf as Schema[]).map((branch) =>
      branch.$ref ? { type: typeOf(branch), nullable: true, allOf: [branch] } : { ...branch, nullable: true },
    );
    return fixed;
  };
  return visit(document) as T;
}
