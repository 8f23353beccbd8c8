import type * as z from "zod";

// snake_case ⇄ camelCase keys (docs/architecture.md "Case"): the API answers in snake_case what the services return
// in camelCase, and the web client converts both ways. One implementation for both sides, and its twin in
// types: `FromWire` (an answer inside; a request's, domain/request-types.ts). A part of a body
// whose keys the API reads as they are crosses the conversion `verbatim` (ADR 027).

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

// ── A part of a body left as it is ──────────────────────────────────────────────────────────────────

declare const VERBATIM_BRAND: unique symbol;
/**
 * Registered (Symbol.for), not module-local: the server bundle creates the web client while the Remix
 * bundle builds the bodies, each with its own copy of this module.
 */
const VERBATIM = Symbol.for("earshot.verbatim") as typeof VERBATIM_BRAND;

/** A value marked to cross the key conversion as it is (`verbatim(value)`). */
export type Verbatim<T extends object> = T & { readonly [VERBATIM_BRAND]: true };

/**
 * Marks a part of a body whose keys the API reads as they are, not as the body's other field names: a
 * context's properties carry query groups whose keys are camelCase on the wire too (`filterType`,
 * domain/query/definition.ts), which snakeCaseKeys would rename. A marked copy: the mark is a
 * non-enumerable symbol, so JSON.stringify writes the value alone.
 */
export function verbatim<T extends object>(value: T): Verbatim<T> {
  const copy = (Array.isArray(value) ? [...(value as unknown[])] : { ...value }) as T;
  Object.defineProperty(copy, VERBATIM, { value: true });
  return copy as Verbatim<T>;
}

function isVerbatim(value: object): boolean {
  return (value as { [VERBATIM]?: true })[VERBATIM] === true;
}

function convertKeys(value: unknown, convert: (key: string) => string): unknown {
  if (value && typeof value === "object" && isVerbatim(value)) return value;
  if (Array.isArray(value)) return value.map((v) => convertKeys(v, convert));
  if (value && typeof value === "object" && !(value instanceof Date) && !(value instanceof Blob)) {
    // A loop rather than fromEntries(entries().map()): every API answer goes through here.
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(value)) {
      const v = convertKeys((value as Record<string, unknown>)[k], convert);
      const key = convert(k);
      // An own property, as fromEntries made it (assigning would set the object's prototype).
      if (key === "__proto__") Object.defineProperty(out, key, { value: v, enumerable: true, writable: true, configurable: true });
      else out[key] = v;
    }
    return out;
  }
  return value;
}

export const snakeCaseKeys = (value: unknown): unknown => convertKeys(value, toSnakeKey);
export const camelCaseKeys = (value: unknown): unknown => convertKeys(value, toCamelKey);

// ── The same conversion in types: a wire shape's camelCase twin (ADR 027) ───────────────────────────

/** `first_name` → `firstName`, as toCamelKey does at run time. */
type CamelKey<K extends string> = K extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<CamelKey<Tail>>}` : K;

/** A snake_case shape with every key camelCased, at every depth (what camelCaseKeys returns). */
type CamelCasedDeep<T> = T extends Date | Blob | Verbatim<object>
  ? T
  : T extends ReadonlyArray<infer Item>
    ? Array<CamelCasedDeep<Item>>
    : T extends object
      ? { [K in keyof T as K extends string ? CamelKey<K> : K]: CamelCasedDeep<T[K]> }
      : T;

/**
 * A response schema's shape as it is used inside: the web client's answer after its one camelCase
 * conversion, and the service result the API turns into that answer. `FromWire<typeof XResponseSchema>`.
 */
export type FromWire<Schema extends z.ZodType> = CamelCasedDeep<z.output<Schema>>;
