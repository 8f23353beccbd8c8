import * as z from "zod";
import { queryGroupsField, SearchItemEditFormSchema, SearchItemFormSchema } from "../../../domain/schemas/searches";

/**
 * The editor posts one form three ways: Search (intent run) needs only its definition, the query field
 * of the shared schema; Save checks it all, with the create or the edit schema of domain/schemas.
 */
const SearchDraftSchema = z.object({ query: queryGroupsField() });

export type EditorIntent = "run" | "save" | "update";

export function editorSchema(intent: EditorIntent, isNew: boolean) {
  if (intent === "run") return SearchDraftSchema;
  return isNew ? SearchItemFormSchema : SearchItemEditFormSchema;
}
