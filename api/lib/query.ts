// The query-string list reader lives with the request schemas that use it (domain/schemas/common.ts).
export { listParam } from "../../domain/schemas/common";
