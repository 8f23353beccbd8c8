// ADR 027: every answer of the API has a schema. Walks the generated OpenAPI document and fails on an
// operation without a 2xx answer, a 2xx answer (other than 204) without content, and a 2xx JSON answer
// without a schema, with an empty one, or with an untyped part (z.any / z.unknown / a passthrough
// object): each is a response whose shape the clients' derived types cannot know. A download (CSV, an
// event stream) passes with its declared content type.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiFixture, type ApiFixture } from "../../tests/support/api-fixture";

type JsonSchema = Record<string, unknown>;

/** Where a schema says nothing about the value: `{}` (any / unknown) or an object open to anything. */
export function untypedParts(schema: unknown, path: string, defs: Record<string, JsonSchema>, seen = new Set<string>()): string[] {
  if (schema === true || schema === undefined) return [`${path}: any value`];
  if (typeof schema !== "object" || schema === null) return [];
  const s = schema as JsonSchema;
  if (typeof s.$ref === "string") {
    const name = s.$ref.split("/").at(-1)!;
    if (seen.has(name)) return [];
    return untypedParts(defs[name], path, defs, new Set(seen).add(name));
  }
  const keys = Object.keys(s).filter((k) => !["description", "title", "example", "examples", "default", "deprecated"].includes(k));
  if (keys.length === 0) return [`${path}: any value`];
  const found: string[] = [];
  if (s.additionalProperties !== undefined && s.additionalProperties !== false) {
    found.push(...untypedParts(s.additionalProperties, `${path}{*}`, defs, seen));
  }
  for (const [key, value] of Object.entries((s.properties as Record<string, unknown>) ?? {})) {
    found.push(...untypedParts(value, `${path}.${key}`, defs, seen));
  }
  if (s.items !== undefined) found.push(...untypedParts(s.items, `${path}[]`, defs, seen));
  for (const combinator of ["anyOf", "oneOf", "allOf"]) {
    for (const [i, part] of ((s[combinator] as unknown[]) ?? []).entries()) {
      found.push(...untypedParts(part, `${path}|${combinator}[${i}]`, defs, seen));
    }
  }
  return found;
}

describe("the OpenAPI document's answers", () => {
  let fx: ApiFixture;
  beforeAll(async () => {
    fx = await createApiFixture("sqlite");
  });
  afterAll(() => fx.cleanup());

  it("gives every 2xx JSON answer a schema, typed all the way down", async () => {
    const res = await fx.request("GET", "/api/v1/openapi.json");
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const doc = res.json as {
      paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }>>;
      components?: { schemas?: Record<string, JsonSchema> };
    };
    const defs = doc.components?.schemas ?? {};
    const faults: string[] = [];
    let checked = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        // An operation that declares no success at all leaves its answer undocumented.
        if (!Object.keys(operation.responses ?? {}).some((status) => status.startsWith("2"))) {
          faults.push(`${method.toUpperCase()} ${path}: no 2xx answer`);
        }
        for (const [status, response] of Object.entries(operation.responses ?? {})) {
          if (!status.startsWith("2") || status === "204") continue;
          const where = `${method.toUpperCase()} ${path} ${status}`;
          const content = response.content ?? {};
          const types = Object.keys(content);
          if (types.length === 0) faults.push(`${where}: no content`);
          for (const [type, media] of Object.entries(content)) {
            if (!type.includes("json")) continue;
            checked++;
            if (media.schema === undefined) faults.push(`${where}: no schema`);
            else faults.push(...untypedParts(media.schema, "$", defs).map((part) => `${where} ${part}`));
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(faults).toEqual([]);
  });

  it("catches what it is meant to catch", () => {
    expect(untypedParts({}, "$", {})).toEqual(["$: any value"]);
    expect(untypedParts({ type: "object", properties: { a: {} } }, "$", {})).toEqual(["$.a: any value"]);
    expect(untypedParts({ type: "object", additionalProperties: {} }, "$", {})).toEqual(["${*}: any value"]);
    expect(untypedParts({ type: "array", items: { $ref: "#/components/schemas/X" } }, "$", { X: {} })).toEqual(["$[]: any value"]);
    expect(untypedParts({ type: "object", properties: { a: { type: "string" } }, additionalProperties: false }, "$", {})).toEqual([]);
  });
});
