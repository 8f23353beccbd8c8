import { useFetcher, useLocation, type FetcherWithComponents } from "@remix-run/react";
import { createContext, useContext, type FormHTMLAttributes, type ReactNode } from "react";
import { useHydrated } from "../../lib/use-hydrated";
import { CsrfInput } from "../ui/csrf-input";
import type { ItemActionData, ItemIntent } from "../../routes/_shell.inbox.server";

/**
 * The fetcher of one kind of action on one item. Keyed, so the list row and the detail pane share it:
 * what one of them posts, the other shows at once (optimistic, EXAMPLES.md §4).
 */
export function useItemFetcher(kind: "assign" | "state" | "labels" | "translate" | "reply" | "moderate" | "draft", itemId: number) {
  return useFetcher<ItemActionData>({ key: `inbox-${kind}-${itemId}` });
}

/** The index route's action at the current view: a refused form re-renders the same page without JavaScript. */
function useItemActionUrl(): string {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  params.delete("index");
  params.delete("dialog");
  params.delete("mode");
  const rest = params.toString();
  return `/inbox?index${rest ? `&${rest}` : ""}`;
}

/** The page's own action answer (a refused form posted without JavaScript re-renders the page with it). */
export const PageActionContext = createContext<ItemActionData | undefined>(undefined);

/**
 * What came back for these intents on this item, if anything: the fetcher's answer (with JavaScript) or
 * the page's action data (without): a refusal's errors, a stale reply, a preview.
 */
export function useItemAnswer(
  fetcher: FetcherWithComponents<ItemActionData>,
  intent: ItemIntent | ItemIntent[],
  itemId: number,
): ItemActionData | undefined {
  const page = useContext(PageActionContext);
  const intents = Array.isArray(intent) ? intent : [intent];
  const answer = fetcher.data ?? (page?.itemId === itemId ? page : undefined);
  return answer && intents.includes(answer.intent) ? answer : undefined;
}

/**
 * A form of one item action: a plain POST without JavaScript (the action redirects back to this view with
 * a toast), a fetcher submission with it (`enhanced` tells the action to answer instead of redirecting).
 */
export function ItemForm({
  fetcher,
  itemId,
  intent,
  children,
  ...props
}: {
  fetcher: FetcherWithComponents<ItemActionData>;
  itemId: number;
  /** A fixed intent; leave it out when the submit buttons carry their own. */
  intent?: ItemIntent;
  children: ReactNode;
} & Omit<FormHTMLAttributes<HTMLFormElement>, "method" | "action" | "children" | "encType">) {
  const hydrated = useHydrated();
  const action = useItemActionUrl();
  return (
    <fetcher.Form method="post" action={action} preventScrollReset {...props}>
      <CsrfInput />
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      <input type="hidden" name="item_id" value={itemId} />
      {hydrated ? <input type="hidden" name="enhanced" value="1" /> : null}
      {children}
    </fetcher.Form>
  );
}
