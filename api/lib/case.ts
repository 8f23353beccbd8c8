import type * as z from "zod";
import { snakeCaseKeys, toSnakeKey, type FromWire } from "../../domain/key-case";

/** Query strings arrive as `range[from]=...&ids[]=1`: bracket keys become nested objects and arrays. */
export function parseNestedQuery(params: URLSearchParams): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [rawKey, value] of params) {
    const parts = rawKey.replace(/\]/g, "").split("[");
    // `__proto__[x]=1` would otherwise walk into Object.prototype (prototype pollution).
    if (parts.includes("__proto__")) continue;
    let target: Record<string, unknown> = result;
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i]!;
      const isLast = i === parts.length - 1;
      // Own properties only: `toString=1` must not find Object.prototype.toString.
      const existing = Object.hasOwn(target, part) ? target[part] : undefined;
      if (isLast) {
        if (part === "") continue;
        if (existing === undefined) target[part] = value;
        else target[part] = ([] as unknown[]).concat(existing, value);
      } else if (parts[i + 1] === "") {
        // `ids=1&ids[]=2` keeps both; an object already there (`ids[a]=1&ids[]=2`) is replaced.
        const list = Array.isArray(existing) ? existing : typeof existing === "string" ? [existing] : [];
        list.push(value);
        target[part] = list;
        break;
      } else {
        // A scalar or list already at this key (`range=x&range[from]=a`) gives way to the object.
        if (!existing || typeof existing !== "object" || Array.isArray(existing)) target[part] = {};
        target = target[part] as Record<string, unknown>;
      }
    }
  }
  return result;
}

/** The reverse: nested objects become bracket keys (GET-via-POST bodies are turned back into queries). */
export function toNestedQuery(value: Record<string, unknown>, prefix = "", out = new URLSearchParams()) {
  for (const [key, item] of Object.entries(value)) {
    const name = prefix ? `${prefix}[${key}]` : key;
    if (item === undefined || item === null) continue;
    if (Array.isArray(item)) for (const entry of item) out.append(`${name}[]`, typeof entry === "object" ? JSON.stringify(entry) : String(entry));
    else if (typeof item === "object") toNestedQuery(item as Record<string, unknown>, name, out);
    else out.append(name, String(item));
  }
  return out;
}

/** A camelCase key in snake_case (`businessProfileId` → `business_profile_id`). */
export const snakeKey = toSnakeKey;

/**
 * A service result on the wire (ADR 027): the API side's one camelCase → snake_case conversion, typed
 * so that the result must be the response schema's camelCase twin (the service's return type derives
 * from the same schema). Under the tests every answer is also checked against the schema at run time
 * (response-check.ts).
 */
export function toWire<Schema extends z.ZodType>(_schema: Schema, value: FromWire<Schema>): z.output<Schema> {
  return snakeCaseKeys(value) as z.output<Schema>;
}
