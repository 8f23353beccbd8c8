// Key conversion for the API client: requests go out in snake_case, responses come back in camelCase.

/** Converted keys are remembered (a bounded number: keys of stored JSON may be anything). */
const KEY_CACHE_MAX = 5000;

function remembered(convert: (key: string) => string): (key: string) => string {
  const cache = new Map<string, string>();
  return (key) => {
    let converted = cache.get(key);
    if (converted === undefined) {
      converted = convert(key);
      if (cache.size < KEY_CACHE_MAX) cache.set(key, converted);
    }
    return converted;
  };
}

export const toSnakeKey = remembered((key) => key.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase());

export const toCamelKey = remembered((key) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()));

function convertKeys(value: unknown, convert: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((v) => convertKeys(v, convert));
  if (value && typeof value === "object" && !(value instanceof Date) && !(value instanceof Blob)) {
    // A loop rather than fromEntries(entries().map()): every API answer of a page goes through here.
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(value)) {
      const v = convertKeys((value as Record<string, unknown>)[k], convert);
      const key = convert(k);
      if (key === "__proto__") Object.defineProperty(out, key, { value: v, enumerable: true, writable: true, configurable: true });
      else out[key] = v;
    }
    return out;
  }
  return value;
}

export const snakeCaseKeys = (value: unknown) => convertKeys(value, toSnakeKey);
export const camelCaseKeys = (value: unknown) => convertKeys(value, toCamelKey);

/** `{ range: { from } , ids: [1] }` → `range[from]=...&ids[]=1` (the API parses brackets). */
export function toQueryString(params: Record<string, unknown>, prefix = "", out = new URLSearchParams()): URLSearchParams {
  for (const [key, item] of Object.entries(params)) {
    const name = prefix ? `${prefix}[${key}]` : key;
    if (item === undefined || item === null) continue;
    if (Array.isArray(item)) for (const entry of item) out.append(`${name}[]`, String(entry));
    else if (item instanceof Date) out.append(name, item.toISOString());
    else if (typeof item === "object") toQueryString(item as Record<string, unknown>, name, out);
    else out.append(name, String(item));
  }
  return out;
}
