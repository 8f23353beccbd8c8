import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useLocation, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useState, type DragEvent, type MouseEvent, type ReactNode } from "react";
import type * as z from "zod";
import type { SavedSearchCategory } from "../../../domain/constants";
import { MESSAGES } from "../../../domain/messages";
import { DEFAULT_VISIBILITY, SearchFolderFormSchema } from "../../../domain/schemas/searches";
import { useRootData } from "../../lib/root-data";
import { useHydrated } from "../../lib/use-hydrated";
import { Button } from "../ui/button";
import { CsrfInput } from "../ui/csrf-input";
import { FormErrors, TextField } from "../ui/field";
import { useEditorGuard } from "./editor-guard";
import { buildSidebar, canDropInto, type SidebarFolder, type SidebarItem, type SidebarSection } from "./format";
import { VisibilityFields } from "./save-fields";
import { useFormKey } from "../../lib/use-form-key";

const LABELS = MESSAGES.searchScreen;
export const SEARCH_PATH = "/search";

export interface SidebarData {
  folders: Array<Pick<SidebarFolder, "id" | "name" | "category" | "pinned" | "editable">>;
  items: Array<Pick<SidebarItem, "id" | "name" | "category" | "folderId" | "pinned" | "editable">>;
}

/** What a sidebar delete link asks to confirm. */
export interface DeleteTarget {
  kind: "search" | "folder";
  id: number;
  name: string;
}

/** The page's own address without the sidebar's dialog parameters: where sidebar actions come back to. */
export function useReturnPath(): string {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.delete("dialog");
  params.delete("id");
  const search = params.toString();
  return `${location.pathname}${search ? `?${search}` : ""}`;
}

/** `?dialog=delete-search&id=7` on the current page: the confirmation rendered by the server. */
function deleteHref(returnPath: string, target: DeleteTarget): string {
  const url = new URL(returnPath, "http://x");
  url.searchParams.set("dialog", target.kind === "search" ? "delete-search" : "delete-folder");
  url.searchParams.set("id", String(target.id));
  return `${url.pathname}${url.search}`;
}

interface Dragged {
  id: number;
  name: string;
  category: SavedSearchCategory;
  folderId: number | null;
}

/**
 * The saved-search sidebar (spec core §2): BRAND, MY and TEAM SEARCHES, their folders and searches,
 * pinned first then by name. Every action is a form (no JavaScript needed); with JavaScript the filter
 * narrows as one types and searches can also be dragged into another folder of their section.
 */
export function SearchSidebar({
  data,
  currentItemId,
  filter,
  canWrite,
  canWriteBrand,
  folderFormResult,
  teams,
  onDelete,
}: {
  data: SidebarData;
  currentItemId: number | null;
  filter: string;
  canWrite: boolean;
  canWriteBrand: boolean;
  folderFormResult: { category: string; result: SubmissionResult<string[]> } | undefined;
  teams: ReadonlyArray<{ id: number; name: string }>;
  onDelete: (target: DeleteTarget) => void;
}) {
  const hydrated = useHydrated();
  const location = useLocation();
  const formsKey = useFormKey(folderFormResult);
  const guard = useEditorGuard();
  const [text, setText] = useState(filter);
  useEffect(() => setText(filter), [filter]);
  const [dragged, setDragged] = useState<Dragged | null>(null);
  const submit = useSubmit();
  const { formToken } = useRootData();
  const returnPath = useReturnPath();
  const sections = buildSidebar(data.folders, data.items, text);
  // 'Move into' offers every folder of the section, whatever the filter shows.
  const folderChoices = buildSidebar(data.folders, [], "").map((section) => ({
    category: section.category,
    folders: section.folders.map((folder) => ({ id: folder.id, name: folder.name })),
  }));
  const empty = sections.every((section) => section.folders.length === 0 && section.items.length === 0);

  const follow = (event: MouseEvent<HTMLAnchorElement>, to: string) => {
    if (guard && !guard.allow(to)) event.preventDefault();
  };
  const drop = (target: { category: SavedSearchCategory; folderId: number | null }) => {
    if (!dragged || !canDropInto(dragged, target)) return;
    submit(
      { csrf: formToken, intent: "move", id: String(dragged.id), folder_id: target.folderId ? String(target.folderId) : "", returnTo: returnPath },
      { method: "post", action: SEARCH_PATH, preventScrollReset: true },
    );
    setDragged(null);
  };
  const dropTarget = (target: { category: SavedSearchCategory; folderId: number | null }) =>
    hydrated
      ? {
          "data-drop": dragged ? (canDropInto(dragged, target) ? "allowed" : "blocked") : undefined,
          onDragOver: (event: DragEvent) => {
            if (!dragged) return;
            event.stopPropagation();
            if (!canDropInto(dragged, target)) {
              event.dataTransfer.dropEffect = "none";
              return;
            }
            event.preventDefault();
            event.dataTransfer.dropEffect = "move";
          },
          onDrop: (event: DragEvent) => {
            event.preventDefault();
            event.stopPropagation();
            drop(target);
          },
        }
      : {};

  return (
    <nav aria-label={MESSAGES.liveSearch} className="space-y-4 text-sm" data-testid="search-sidebar">
      <div className="flex items-center justify-between gap-2">
        <Link
          to={SEARCH_PATH}
          onClick={(event) => follow(event, SEARCH_PATH)}
          aria-current={currentItemId === null && location.pathname === SEARCH_PATH ? "page" : undefined}
          className="inline-flex items-center gap-1 rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700"
        >
          <span aria-hidden>+</span> {LABELS.newSearch}
        </Link>
      </div>

      <Form method="get" action={location.pathname} role="search" className="flex gap-2">
        <label htmlFor="search-filter" className="sr-only">
          {LABELS.filterLabel}
        </label>
        <input
          id="search-filter"
          name="filter"
          type="search"
          defaultValue={filter}
          placeholder={LABELS.filterPlaceholder}
          onChange={(event) => setText(event.currentTarget.value)}
          className="block w-full min-w-0 rounded-md border border-slate-300 px-3 py-1.5 text-sm shadow-sm"
        />
        {hydrated ? null : (
          <button type="submit" className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-50">
            {LABELS.filterButton}
          </button>
        )}
      </Form>

      {empty && text.trim() ? (
        <p className="text-slate-500" role="status">
          {LABELS.noFilterMatch(text.trim())}
        </p>
      ) : null}

      {sections.map((section) => {
        const writable = canWrite && (section.category !== "brand" || canWriteBrand);
        return (
          <SidebarSectionView
            key={section.category}
            section={section}
            folderChoices={folderChoices.find((choice) => choice.category === section.category)?.folders ?? []}
            currentItemId={currentItemId}
            filtered={!!text.trim()}
            hydrated={hydrated}
            returnPath={returnPath}
            dragged={dragged}
            onDrag={setDragged}
            dropTarget={dropTarget}
            follow={follow}
            onDelete={onDelete}
            newFolder={
              writable ? (
                <NewFolderForm
                  // A folder made (the page comes back): the form starts empty and closed again.
                  key={formsKey}
                  category={section.category}
                  teams={teams}
                  returnPath={returnPath}
                  lastResult={folderFormResult?.category === section.category ? folderFormResult.result : undefined}
                />
              ) : null
            }
          />
        );
      })}
    </nav>
  );
}

type DropTargetProps = (target: { category: SavedSearchCategory; folderId: number | null }) => Record<string, unknown>;

function SidebarSectionView({
  section,
  folderChoices,
  currentItemId,
  filtered,
  hydrated,
  returnPath,
  dragged,
  onDrag,
  dropTarget,
  follow,
  onDelete,
  newFolder,
}: {
  section: SidebarSection;
  folderChoices: Array<{ id: number; name: string }>;
  currentItemId: number | null;
  filtered: boolean;
  hydrated: boolean;
  returnPath: string;
  dragged: Dragged | null;
  onDrag: (dragged: Dragged | null) => void;
  dropTarget: DropTargetProps;
  follow: (event: MouseEvent<HTMLAnchorElement>, to: string) => void;
  onDelete: (target: DeleteTarget) => void;
  newFolder: ReactNode;
}) {
  const headingId = `section-${section.category}`;
  const row = (item: SidebarItem) => (
    <ItemRow
      key={item.id}
      item={item}
      current={item.id === currentItemId}
      hydrated={hydrated}
      returnPath={returnPath}
      folders={folderChoices}
      dragging={dragged?.id === item.id}
      onDrag={onDrag}
      follow={follow}
      onDelete={onDelete}
    />
  );
  const isEmpty = section.folders.length === 0 && section.items.length === 0;
  return (
    <section aria-labelledby={headingId} data-testid="search-section" data-category={section.category} className="space-y-1">
      <h2 id={headingId} className="px-1 text-xs font-semibold tracking-wide text-slate-500">
        {section.title}
      </h2>
      <ul
        className="min-h-8 space-y-0.5 rounded-md p-0.5 data-[drop=allowed]:bg-brand-50 data-[drop=allowed]:ring-2 data-[drop=allowed]:ring-brand-500 data-[drop=blocked]:opacity-60"
        data-testid="section-top-level"
        aria-label={LABELS.topLevelOf(section.title)}
        {...dropTarget({ category: section.category, folderId: null })}
      >
        {section.folders.map((folder) => (
          <FolderRow
            key={folder.id}
            folder={folder}
            returnPath={returnPath}
            hydrated={hydrated}
            dropTarget={dropTarget}
            onDelete={onDelete}
          >
            {folder.items.length ? (
              folder.items.map(row)
            ) : (
              <li className="px-2 py-1 text-xs text-slate-400">{LABELS.emptyFolder}</li>
            )}
          </FolderRow>
        ))}
        {section.items.map(row)}
        {isEmpty ? (
          <li className="px-2 py-1 text-xs text-slate-400">{filtered ? LABELS.noMatch : LABELS.noSearches}</li>
        ) : null}
      </ul>
      {newFolder}
    </section>
  );
}

const ICON_BUTTON =
  "inline-flex size-7 shrink-0 items-center justify-center rounded-md text-slate-400 hover:bg-slate-200 hover:text-ink aria-pressed:text-brand-600";

function PinForm({
  intent,
  id,
  name,
  pinned,
  returnPath,
}: {
  intent: "pin-search" | "pin-folder";
  id: number;
  name: string;
  pinned: boolean;
  returnPath: string;
}) {
  const label = pinned ? LABELS.unpinNamed(name) : LABELS.pinNamed(name);
  return (
    <Form method="post" action={SEARCH_PATH} preventScrollReset className="contents">
      <CsrfInput />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="returnTo" value={returnPath} />
      <button type="submit" name="intent" value={intent} aria-label={label} title={label} aria-pressed={pinned} className={ICON_BUTTON}>
        <PinIcon filled={pinned} />
      </button>
    </Form>
  );
}

function PinIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 16 16" className="size-4" aria-hidden fill={filled ? "currentColor" : "none"} stroke="currentColor" strokeWidth="1.4" strokeLinejoin="round">
      <path d="M6 1.5h4l-.5 4 2.5 2.5v1H4v-1L6.5 5.5z" />
      <path d="M8 9v5.5" strokeLinecap="round" />
    </svg>
  );
}

function FolderRow({
  folder,
  returnPath,
  hydrated,
  dropTarget,
  onDelete,
  children,
}: {
  folder: SidebarFolder;
  returnPath: string;
  hydrated: boolean;
  dropTarget: DropTargetProps;
  onDelete: (target: DeleteTarget) => void;
  children: ReactNode;
}) {
  const target: DeleteTarget = { kind: "folder", id: folder.id, name: folder.name };
  return (
    <li
      data-testid="search-folder"
      data-folder-id={folder.id}
      className="relative rounded-md data-[drop=allowed]:bg-brand-50 data-[drop=allowed]:ring-2 data-[drop=allowed]:ring-brand-500 data-[drop=blocked]:opacity-60"
      {...dropTarget({ category: folder.category, folderId: folder.id })}
    >
      <details open className="group">
        <summary className="flex cursor-pointer list-none items-center gap-1.5 rounded-md py-1 pl-1 pr-16 font-medium text-slate-700 hover:bg-slate-100">
          <span aria-hidden className="inline-block w-3 text-[10px] text-slate-400 transition group-open:rotate-90">
            ▶
          </span>
          <svg viewBox="0 0 16 16" className="size-4 shrink-0 text-slate-400" aria-hidden fill="currentColor">
            <path d="M1.5 3.5A1 1 0 0 1 2.5 2.5h3.6l1.4 1.5h6a1 1 0 0 1 1 1v7.5a1 1 0 0 1-1 1h-11a1 1 0 0 1-1-1z" />
          </svg>
          <span className="min-w-0 truncate" data-testid="folder-name">
            {folder.name}
          </span>
          <span className="shrink-0 text-xs font-normal text-slate-400">({folder.items.length})</span>
        </summary>
        <ul className="ml-4 space-y-0.5 border-l border-slate-200 pl-1">{children}</ul>
      </details>
      <div className="absolute right-0 top-0.5 flex items-center">
        <PinForm intent="pin-folder" id={folder.id} name={folder.name} pinned={folder.pinned} returnPath={returnPath} />
        {folder.editable ? (
          <a
            href={deleteHref(returnPath, target)}
            onClick={(event) => {
              if (!hydrated) return;
              event.preventDefault();
              onDelete(target);
            }}
            aria-label={LABELS.deleteFolderNamed(folder.name)}
            title={LABELS.deleteFolderNamed(folder.name)}
            className={`${ICON_BUTTON} hover:text-red-700`}
          >
            <TrashIcon />
          </a>
        ) : null}
      </div>
    </li>
  );
}

function TrashIcon() {
  return (
    <svg viewBox="0 0 16 16" className="size-4" aria-hidden fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round">
      <path d="M2.5 4h11M6 4V2.5h4V4M4 4l.7 9.5h6.6L12 4M6.7 6.5v5M9.3 6.5v5" />
    </svg>
  );
}

function ItemRow({
  item,
  current,
  hydrated,
  returnPath,
  folders,
  dragging,
  onDrag,
  follow,
  onDelete,
}: {
  item: SidebarItem;
  current: boolean;
  hydrated: boolean;
  returnPath: string;
  folders: Array<{ id: number; name: string }>;
  dragging: boolean;
  onDrag: (dragged: Dragged | null) => void;
  follow: (event: MouseEvent<HTMLAnchorElement>, to: string) => void;
  onDelete: (target: DeleteTarget) => void;
}) {
  const navigation = useNavigation();
  const href = `${SEARCH_PATH}/${item.id}`;
  const target: DeleteTarget = { kind: "search", id: item.id, name: item.name };
  const moving =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === "move" &&
    navigation.formData.get("id") === String(item.id);
  const draggable = hydrated && item.editable;
  return (
    <li
      data-testid="search-item"
      data-item-id={item.id}
      data-dragging={dragging || undefined}
      draggable={draggable || undefined}
      onDragStart={
        draggable
          ? (event) => {
              event.dataTransfer.effectAllowed = "move";
              event.dataTransfer.setData("text/plain", String(item.id));
              onDrag({ id: item.id, name: item.name, category: item.category, folderId: item.folderId });
            }
          : undefined
      }
      onDragEnd={draggable ? () => onDrag(null) : undefined}
      className="relative rounded-md data-[dragging]:opacity-50"
    >
      <div className={`group/item flex items-center gap-0.5 rounded-md pl-1 ${current ? "bg-brand-50" : "hover:bg-slate-100"}`}>
        {draggable ? (
          <span aria-hidden className="cursor-grab select-none px-0.5 text-slate-300 group-hover/item:text-slate-500" title={LABELS.dragHint}>
            ⠿
          </span>
        ) : null}
        <Link
          to={href}
          onClick={(event) => follow(event, href)}
          aria-current={current ? "page" : undefined}
          draggable={false}
          data-testid="search-item-link"
          className={`min-w-0 flex-1 truncate py-1 ${current ? "font-semibold text-brand-700" : "text-ink"}`}
        >
          {item.name}
        </Link>
        <PinForm intent="pin-search" id={item.id} name={item.name} pinned={item.pinned} returnPath={returnPath} />
        {item.editable ? (
          <details className="group/menu">
            <summary aria-label={LABELS.moreActionsFor(item.name)} title={LABELS.moreActionsFor(item.name)} className={`${ICON_BUTTON} cursor-pointer list-none`}>
              <span aria-hidden>⋯</span>
            </summary>
            {/* The panel sits in the sidebar's flow under the row (no popover to clip or position). */}
            <div className="absolute left-0 right-0 z-10 mx-1 mt-1 space-y-2 rounded-md border border-slate-200 bg-white p-2 shadow-lg">
              <Form method="post" action={SEARCH_PATH} preventScrollReset className="space-y-1">
                <CsrfInput />
                <input type="hidden" name="id" value={item.id} />
                <input type="hidden" name="returnTo" value={returnPath} />
                <label htmlFor={`move-${item.id}`} className="block text-xs font-medium text-slate-600">
                  {LABELS.moveNamedInto(item.name)}
                </label>
                <div className="flex gap-1">
                  <select
                    id={`move-${item.id}`}
                    name="folder_id"
                    defaultValue={item.folderId ?? ""}
                    className="block min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
                  >
                    <option value="">{LABELS.topLevel}</option>
                    {folders.map((folder) => (
                      <option key={folder.id} value={folder.id}>
                        {folder.name}
                      </option>
                    ))}
                  </select>
                  <Button variant="secondary" name="intent" value="move" pending={moving} className="!px-2.5 !py-1">
                    {MESSAGES.topicsScreen.move}
                  </Button>
                </div>
              </Form>
              <Link to={`/alerts/new?search_id=${item.id}`} className="block rounded-md px-1 py-1 text-sm text-ink hover:bg-slate-100">
                {MESSAGES.alerts.newAlert}
              </Link>
              <a
                href={deleteHref(returnPath, target)}
                onClick={(event) => {
                  if (!hydrated) return;
                  event.preventDefault();
                  onDelete(target);
                }}
                className="block rounded-md px-1 py-1 text-sm text-red-700 hover:bg-red-50"
              >
                {LABELS.deleteSearchNamed(item.name)}
              </a>
            </div>
          </details>
        ) : null}
      </div>
    </li>
  );
}

function NewFolderForm({
  category,
  teams,
  returnPath,
  lastResult,
}: {
  category: SavedSearchCategory;
  teams: ReadonlyArray<{ id: number; name: string }>;
  returnPath: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm<
    { name: string; category: string; entity_type: string; entity_ids: string[] },
    z.output<typeof SearchFolderFormSchema>
  >({
    id: `new-folder-${category}`,
    lastResult,
    defaultValue: { name: "", category, entity_type: String(DEFAULT_VISIBILITY[category]), entity_ids: [] },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SearchFolderFormSchema }),
  });
  const submitting =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === "create-folder" &&
    navigation.formData.get("category") === category;
  return (
    <details open={!!lastResult?.error || undefined} className="group px-1">
      <summary className="cursor-pointer list-none text-xs font-medium text-brand-700 hover:underline">
        <span aria-hidden>+ </span>
        {LABELS.newFolder}
      </summary>
      <Form method="post" action={SEARCH_PATH} preventScrollReset {...getFormProps(form)} aria-label={LABELS.newFolderIn(SECTION_NAME[category])} className="mt-2 space-y-2">
        <CsrfInput />
        <input type="hidden" name="intent" value="create-folder" />
        <input type="hidden" name="returnTo" value={returnPath} />
        <input type="hidden" name="category" value={category} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField label={LABELS.folderName} field={fields.name} autoComplete="off" />
        <VisibilityFields entityType={fields.entity_type} entityIds={fields.entity_ids} teams={teams} compact />
        <Button variant="secondary" pending={submitting} className="!px-3 !py-1.5">
          {LABELS.createFolder}
        </Button>
      </Form>
    </details>
  );
}

const SECTION_NAME: Readonly<Record<SavedSearchCategory, string>> = {
  brand: LABELS.sectionBrand,
  my: LABELS.sectionMy,
  team: LABELS.sectionTeam,
};
