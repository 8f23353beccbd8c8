// Key conversion for the API client: requests go out in snake_case, responses come back in camelCase.

export function toSnakeKey(key: string): string {
  return key.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();
}

export function toCamelKey(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

function convertKeys(value: unknown, convert: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((v) => convertKeys(v, convert));
  if (value && typeof value === "object" && !(value instanceof Date) && !(value instanceof Blob)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [convert(k), convertKeys(v, convert)]));
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
