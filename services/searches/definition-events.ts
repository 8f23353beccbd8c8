import { forgetContext, requestBackfill, type DefinitionContext } from "../queries/backfill";
import { definitionsChanged } from "../queries/definitions";
import type { ServiceDeps } from "../context";

/**
 * A definition was created or its matching rule changed: ingestion sees it at once, and the stored
 * mentions are matched against it in the background (its backfill progress shows on the definition).
 */
export function definitionSaved(deps: ServiceDeps, businessProfileId: number, context: DefinitionContext): void {
  definitionsChanged(businessProfileId);
  requestBackfill(deps, businessProfileId, context);
}

/** A definition was deleted: its stored matches go and ingestion stops matching it. */
export async function definitionDeleted(deps: ServiceDeps, businessProfileId: number, context: DefinitionContext): Promise<void> {
  definitionsChanged(businessProfileId);
  await forgetContext(deps, businessProfileId, context);
}
