/**
 * Text the portal keeps (issue 14 item 11, docs/decisions/0213): no NUL character (PostgreSQL cannot store it) and no
 * lone UTF-16 surrogate (not a character; it cannot be encoded). Anything else a person can type is kept as typed.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSUPPORTED_CHARACTERS_MESSAGE = 'Please remove unsupported characters.';

export const isSupportedText = (text: string): boolean =>
  !text.includes('\u0000') && !LONE_SURROGATE.test(text);

/**
 * The dotted paths (as field errors name them) of every string in a request's body, query or parameters that holds
 * an unsupported character, object keys included; at most `limit` of them.
 */
export function unsupportedTextFields(value: unknown, limit = 20): string[] {
  if (isAllSupported(value, 0)) return [];
  const found: string[] = [];
  const visit = (item: unknown, path: string, depth: number) => {
    if (found.length >= limit || depth > 64) return;
    if (typeof item === 'string') {
      if (!isSupportedText(item)) found.push(path);
      return;
    }
    if (Array.isArray(item)) {
      item.forEach((element, index) => {
        visit(element, path ? `${path}.${index}` : String(index), depth + 1);
      });
      return;
    }
    if (item && typeof item === 'object') {
      for (const [key, element] of Object.entries(item)) {
        const at = path ? `${path}.${key}` : key;
        if (!isSupportedText(key)) {
          if (found.length < limit) found.push(path || '(key)');
          continue;
        }
        visit(element, at, depth + 1);
      }
    }
  };
  visit(value, '', 0);
  return found;
}

/** Whether every string in value (object keys included) is supported: the common answer, found without paths. */
function isAllSupported(item: unknown, depth: number): boolean {
  if (typeof item === 'string') return isSupportedText(item);
  if (item === null || typeof item !== 'object') return true;
  if (depth > 64) return false;
  if (Array.isArray(item)) return item.every((element) => isAllSupported(element, depth + 1));
  for (const key of Object.keys(item)) {
    if (!isSupportedText(key) || !isAllSupported((item as Record<string, unknown>)[key], depth + 1))
      return false;
  }
  return true;
}
