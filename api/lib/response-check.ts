import type { OpenAPIHono, RouteConfig } from "@hono/zod-openapi";
import * as z from "zod";
import type { ApiEnv } from "../env";

/**
 * The routes' response schemas are the contract (ADR 027). Where checking is on (the API tests), each
 * JSON answer of a route is checked against the schema its route documents for that status: a field
 * missing or of another shape, or one the schema does not name, fails the request with an error naming
 * the route, so the suite proves the schema (and every type derived from it) matches the real output.
 */
export function checkResponsesAgainstSchemas(app: OpenAPIHono<ApiEnv>): void {
  const register = app.openapi.bind(app) as (route: RouteConfig, handler: Handler, hook?: unknown) => unknown;
  (app as unknown as { openapi: typeof register }).openapi = (route, handler, hook) =>
    register(route, checked(route, handler), hook);
}

type Handler = (c: never, next: never) => unknown;

function checked(route: RouteConfig, handler: Handler): Handler {
  return (async (c: never, next: never) => {
    const response = await handler(c, next);
    if (!(response instanceof Response) || response.status < 200 || response.status >= 300) return response;
    if (!(response.headers.get("content-type") ?? "").includes("application/json")) return response;
    const where = `${route.method.toUpperCase()} ${route.path} ${response.status}`;
    const documented = route.responses[response.status] as
      | { content?: Record<string, { schema?: unknown }> }
      | undefined;
    const schema = documented?.content?.["application/json"]?.schema;
    if (!(schema instanceof z.ZodType)) throw new Error(`${where}: no response schema for this status`);
    const body: unknown = await response.clone().json();
    const result = schema.safeParse(body);
    if (!result.success) throw new Error(`${where}: the answer does not match its schema: ${z.prettifyError(result.error)}`);
    const extra = undocumentedKeys(body, result.data, "$");
    if (extra.length > 0) throw new Error(`${where}: fields the schema does not name: ${extra.join(", ")}`);
    return response;
  }) as Handler;
}

/** Keys of the answer that parsing dropped (an object schema strips what it does not name). */
function undocumentedKeys(sent: unknown, parsed: unknown, path: string): string[] {
  if (Array.isArray(sent) && Array.isArray(parsed)) {
    return sent.flatMap((item, i) => undocumentedKeys(item, parsed[i], `${path}[${i}]`));
  }
  if (!isPlainObject(sent) || !isPlainObject(parsed)) return [];
  return Object.keys(sent).flatMap((key) =>
    Object.hasOwn(parsed, key) ? undocumentedKeys(sent[key], parsed[key], `${path}.${key}`) : [`${path}.${key}`],
  );
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
