import type * as z from "zod";
import type { FromWire } from "./key-case";

// What a client builds for a request, typed from the request's schema in domain/schemas/ (ADR 027), as
// FromWire types an answer: camelCase inside, the web client snake-casing the keys in one place.

/**
 * A query string as the web client builds it: the schema's parameters camelCased, each one optional (a
 * parameter left out is simply not sent). The client writes a list as `x[]=…` and a nested object as
 * `x[y]=…` (app/lib/case.ts toQueryString).
 */
export type QueryToSend<Schema extends z.ZodType> = Partial<FromWire<Schema>>;

/**
 * A JSON body as the web client builds it, before its one snake_case conversion: the keys camelCased at
 * every depth, each value of the type the schema hands on (its output), and a field the schema may go
 * without (optional or defaulted) optional. A part marked `verbatim` (domain/key-case.ts) keeps its keys.
 */
export type BodyToSend<Schema extends z.ZodType> = FromWire<
  z.ZodType<{ [K in keyof z.input<Schema>]: K extends keyof z.output<Schema> ? z.output<Schema>[K] : z.input<Schema>[K] }>
>;
