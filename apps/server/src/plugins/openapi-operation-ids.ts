interface TransformInput {
  url: string;
  route: { method: string | string[] };
}

/**
 * The operationId of a route that names none (ARCHITECTURE: every operation has one, for other people's tools): its
 * method and path in camel case, a parameter as 'By' and its name, a trailing slash as 'Slash' (the spec has paths
 * that differ only by it): 'GET /gear/order/:id/status' → 'getGearOrderByIdStatus'.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .split('/')
    .filter(Boolean)
    .flatMap((segment) =>
      segment.startsWith(':') ? ['by', segment.slice(1)] : segment.split(/[^A-Za-z0-9]+/),
    )
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  return `${method.toLowerCase()}${words.join('')}${url.length > 1 && url.endsWith('/') ? 'Slash' : ''}`;
}

/** Wraps the swagger transform: a route of one method without an operationId gets operationIdOf's (decision 0228). */
export function withOperationIds<T extends TransformInput, R extends { schema: unknown }>(
  transform: (input: T) => R,
): (input: T) => R {
  return (input) => {
    const output = transform(input);
    const { method } = input.route;
    if (Array.isArray(method) || output.schema === null || typeof output.schema !== 'object') return output;
    const schema = output.schema as { operationId?: string };
    if (schema.operationId) return output;
    return { ...output, schema: { ...schema, operationId: operationIdOf(method, input.url) } };
  };
}
