import { SearchDraftFormSchema, SearchItemEditFormSchema, SearchItemFormSchema, type SearchEditorAction } from "../../../domain/schemas/searches";

/**
 * The editor posts one form three ways: Search (intent run) needs only its definition, the query field
 * of the shared schema; Save checks it all, with the create or the edit schema of domain/schemas (the
 * members of the action's NewSearchEditorActionSchema / SavedSearchEditorActionSchema).
 */
export type EditorIntent = SearchEditorAction["intent"];

export function editorSchema(intent: EditorIntent, isNew: boolean) {
  if (intent === "run") return SearchDraftFormSchema;
  return isNew ? SearchItemFormSchema : SearchItemEditFormSchema;
}
