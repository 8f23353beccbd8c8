import { useFetcher } from "@remix-run/react";
import type { InboxRow } from "./format";
import { stateLabel } from "./format";

/**
 * A row as it will be once the actions in flight land: the assignee, state and labels the keyed fetchers
 * are posting (EXAMPLES.md §4). The loaders' revalidation then shows what the server kept.
 */
export function useOptimisticRow(
  row: InboxRow,
  context: { me: { value: string; name: string }; labelNames: ReadonlyMap<number, string>; assigneeNames: ReadonlyMap<string, string> },
): InboxRow & { pending: boolean } {
  const assign = useFetcher({ key: `inbox-assign-${row.id}` });
  const state = useFetcher({ key: `inbox-state-${row.id}` });
  const labels = useFetcher({ key: `inbox-labels-${row.id}` });
  let next: InboxRow = row;
  const assignData = assign.formData;
  if (assignData) {
    if (assignData.get("intent") === "unassign") next = { ...next, assignee: null };
    else {
      const value = String(assignData.get("assignee") ?? "");
      if (value) {
        const name = value === context.me.value ? context.me.name : (context.assigneeNames.get(value) ?? next.assignee?.name ?? "");
        next = { ...next, assignee: { value, name } };
      }
    }
  }
  const stateValue = Number(state.formData?.get("state"));
  if (state.formData && [1, 2, 3].includes(stateValue)) next = { ...next, state: stateValue, stateLabel: stateLabel(stateValue) };
  const labelData = labels.formData;
  if (labelData) {
    const chosen = labelData.getAll("label_ids").map(Number);
    const typed = String(labelData.get("new_labels") ?? "")
      .split(/[\n,]/)
      .map((name) => name.trim())
      .filter(Boolean);
    next = {
      ...next,
      labels: [
        ...chosen.flatMap((id) => {
          const name = context.labelNames.get(id);
          return name === undefined ? [] : [{ id, name }];
        }),
        ...typed.map((name, index) => ({ id: -1 - index, name })),
      ],
    };
  }
  return { ...next, pending: Boolean(assignData || state.formData || labelData) };
}
