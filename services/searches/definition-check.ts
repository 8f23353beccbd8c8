import { validationError, type FieldErrors } from "../../domain/errors";
import { MESSAGES } from "../../domain/messages";
import { compileDefinition, compileTopic, type QueryGroup } from "../../domain/query";

function add(fields: FieldErrors, field: string, message: string) {
  const list = (fields[field] ??= []);
  if (!list.includes(message)) list.push(message);
}

/**
 * A saved search's groups must compile (ADR 012): every keywords value lints clean (each fault is a field
 * error at `query.{group}.values.{value}.value`, the linter's message; POST /v1/queries/validate gives the
 * offsets), and some must group holds keywords, since a definition without one matches nothing.
 */
export function assertValidDefinition(groups: QueryGroup[]): void {
  const { compiled, errors } = compileDefinition(groups);
  if (compiled) return;
  const fields: FieldErrors = {};
  for (const fault of errors) {
    add(fields, fault.valueIndex < 0 ? `query.${fault.groupIndex}.type` : `query.${fault.groupIndex}.values.${fault.valueIndex}.value`, fault.message);
  }
  if (errors.length === 0) add(fields, "query", MESSAGES.searches.keywordsRequired);
  throw validationError(fields, Object.values(fields)[0]?.[0]);
}

/** A topic's definition must compile: its query lints clean (field `query`), or each keyword has letters (`keywords.{i}`). */
export function assertValidTopic(definition: { type: "keywords" | "query"; query: string | null; keywords: string[] }): void {
  const { compiled, errors } = compileTopic({ query: definition.query, keywords: definition.keywords });
  if (compiled) return;
  const fields: FieldErrors = {};
  for (const fault of errors) {
    add(fields, definition.type === "query" ? "query" : `keywords.${fault.valueIndex}`, fault.message);
  }
  if (errors.length === 0) add(fields, definition.type === "query" ? "query" : "keywords", definition.type === "query" ? MESSAGES.required : MESSAGES.atLeastOneItem);
  throw validationError(fields, Object.values(fields)[0]?.[0]);
}
