import * as z from "zod";
import { queryGroupsField, SearchItemFormSchema, SearchItemUpdateSchema } from "../../../domain/schemas/searches";

/**
 * The editor posts one form three ways: Search (intent run) needs only its definition, the query field
 * of the shared schema; Save checks it all, with the create or the update schema of domain/schemas.
 */
export const SearchDraftSchema = z.object({ query: queryGroupsField() });

export type EditorIntent = "run" | "save" | "update";

export function editorSchema(intent: EditorIntent, isNew: boolean) {
  if (intent === "run") return SearchDraftSchema;
  return isNew ? SearchItemFormSchema : SearchItemUpdateSchema;
}
