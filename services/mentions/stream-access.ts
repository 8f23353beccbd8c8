import { forbidden } from "../../domain/errors";
import { hasPermission } from "../../domain/permissions";
import type { Actor } from "../context";

export { getStreamRow } from "../streams/streams";

/** Importing files into a stream is channel management (admins). */
export function canManageImports(actor: Actor): void {
  if (!hasPermission(actor.permissions, "channels.index.write")) throw forbidden();
}
