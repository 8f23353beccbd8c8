import { compileDefinition, compileTopic, type CompiledDefinition } from "../../domain/query";
import type { PercolatorDefinition } from "../mentions/ports";

/** A saved search's groups or a topic's query / keywords, compiled; null when it can match nothing. */
export function compileOne(definition: PercolatorDefinition): CompiledDefinition | null {
  return definition.contextType === 2
    ? compileTopic(definition.topic).compiled
    : compileDefinition(definition.groups).compiled;
}

/** Whether the compiled definition reads labels or topics (a backfill then loads them). */
export function readsFacts(compiled: CompiledDefinition): { labels: boolean; topics: boolean } {
  const groups = [...compiled.must, ...compiled.mustNot];
  return { labels: groups.some((g) => g.labels.size > 0), topics: groups.some((g) => g.topics.size > 0) };
}
