import { useFetcher, useLocation, useNavigate } from "@remix-run/react";
import { useCallback, useEffect, useMemo } from "react";
import { closedDialogHref, DEFAULT_QUERY, parseTemplatesDialogQuery, type TemplatesDialogQuery } from "./params";
import { TEMPLATES_ACTION } from "./template-form";
import { TemplatesModal } from "./templates-modal";
import type { TemplateItem, TemplatesDialogData } from "./types";

/**
 * The Templates modal as the address opens it (`?dialog=templates` on any shell page; the avatar menu's
 * Templates entry, the reply box's select mode). Mounted by the shell layout, whose loader loads `data`
 * only when the address asks for the modal. Closing goes back to the page without the modal.
 */
export function TemplatesDialogFromUrl({ data }: { data: TemplatesDialogData | null }) {
  const location = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const query = useMemo(() => parseTemplatesDialogQuery(params), [params]);
  const onClose = useCallback(
    () => navigate(closedDialogHref(location.pathname, params), { preventScrollReset: true }),
    [navigate, location.pathname, params],
  );
  return (
    <TemplatesModal
      open={query !== null && data !== null}
      data={data}
      query={query ?? DEFAULT_QUERY}
      pathname={location.pathname}
      params={params}
      onClose={onClose}
    />
  );
}

/** The reply an inbox item would get: where a template's variables take their values. */
export interface TemplateReplyItem {
  id: number;
  authorName?: string | null;
  authorUsername?: string | null;
  /** The item's network id (twitter, googlePlay, ...). */
  network?: string | null;
  /** The item's language code: the templates offered are filtered to it first. */
  language?: string | null;
}

/**
 * The Templates modal opened by a component (with JavaScript), e.g. the inbox's reply box:
 * `<TemplatesDialog open mode="select" item={item} onSelect={(text) => ...} onClose={...} />`.
 * It loads its data when opened (GET /templates); in select mode 'Select Template' hands back the
 * template's message with its variables filled ({{author_name}}, {{agent_first_name}}, ...).
 * Without JavaScript the same modal opens from the address: `?dialog=templates&mode=select&item=ID`.
 */
export function TemplatesDialog({
  open,
  onClose,
  mode = "manage",
  item,
  onSelect,
}: {
  open: boolean;
  onClose: () => void;
  mode?: TemplatesDialogQuery["mode"];
  item?: TemplateReplyItem;
  onSelect?: (filledText: string, template: TemplateItem) => void;
}) {
  const loader = useFetcher<TemplatesDialogData>();
  const location = useLocation();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const { load } = loader;
  useEffect(() => {
    if (open) load(TEMPLATES_ACTION);
  }, [open, load]);
  const query = useMemo<TemplatesDialogQuery>(() => ({ ...DEFAULT_QUERY, mode, itemId: item?.id ?? null }), [mode, item?.id]);
  return (
    <TemplatesModal
      open={open}
      data={loader.data ?? null}
      query={query}
      pathname={location.pathname}
      params={params}
      onClose={onClose}
      onSelect={onSelect}
      fillContext={{ authorName: item?.authorName, authorUsername: item?.authorUsername, network: item?.network }}
      itemLanguage={item?.language}
    />
  );
}
