// Key conversion for the API client: requests go out in snake_case, responses come back in camelCase.

export { camelCaseKeys, snakeCaseKeys } from "../../domain/key-case";

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
