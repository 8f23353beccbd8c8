import { sql, type RawBuilder } from "kysely";
import type { Engine } from "../client";

/** A list of ids as a one-column table `id`, bound as one JSON parameter (no limit on the list's length). */
export function idList(engine: Engine, ids: readonly number[]): RawBuilder<unknown> {
  const json = JSON.stringify(ids);
  return engine === "postgres"
    ? sql`select (value)::int as id from json_array_elements_text(${json}::json)`
    : sql`select value as id from json_each(${json})`;
}
