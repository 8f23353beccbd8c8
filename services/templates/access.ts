import { listPinnedIds } from "../../db/repositories/pins";
import { findReplyTemplate, listReplyTemplates, type ReplyTemplateWithAuthors } from "../../db/repositories/reply-templates";
import { forbidden, notFound } from "../../domain/errors";
import { MESSAGES } from "../../domain/messages";
import { hasPermission } from "../../domain/permissions";
import type { FromWire } from "../../domain/key-case";
import type { Visibility } from "../../domain/visibility";
import type { TemplateResponseSchema } from "../../domain/schemas/templates";
import type { Actor, ServiceDeps } from "../context";
import { canSee, parseIds, viewerOf } from "../searches/access";

/** Template pins are rows of `pins` with this type (ADR 014): per user, like every pin. */
export const TEMPLATE_PIN = "template";

/** A template as the API answers it: the camelCase twin of TemplateResponseSchema (ADR 027). */
export type TemplateView = FromWire<typeof TemplateResponseSchema>;

type TemplateAuthor = NonNullable<TemplateView["createdBy"]>;

/** Reading templates (and pinning them: a pin is the caller's own) needs templates.index.read. */
function requireReadTemplates(actor: Actor): void {
  if (!hasPermission(actor.permissions, "templates.index.read")) throw forbidden();
}

/** Creating, changing and deleting the templates one sees needs templates.index.write (agents and above). */
export function requireWriteTemplates(actor: Actor): void {
  if (!hasPermission(actor.permissions, "templates.index.write")) throw forbidden();
}

function parseStrings(json: string): string[] {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

function author(id: number | null, name: string | null): TemplateAuthor | null {
  return id === null || name === null ? null : { id, name };
}

function templateView(row: ReplyTemplateWithAuthors, pinned: boolean): TemplateView {
  return {
    id: row.id,
    name: row.name,
    message: row.message,
    categories: parseStrings(row.categories) as TemplateView["categories"],
    languages: parseStrings(row.languages),
    entityType: row.entityType as Visibility,
    entityIds: parseIds(row.entityIds),
    active: row.active === 1,
    pinned,
    createdBy: author(row.createdBy, row.createdByName),
    updatedBy: author(row.updatedBy, row.updatedByName),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** Visibility as saved searches' (ADR 013); the creator always sees their own template. */
function visibleTo(row: ReplyTemplateWithAuthors) {
  return { ownerAccountId: row.createdBy, entityType: row.entityType, entityIds: row.entityIds };
}

/** A template the caller may see, or 404 (missing, another tenant's and invisible answer alike). */
export async function findVisibleTemplate(deps: ServiceDeps, actor: Actor, id: number): Promise<ReplyTemplateWithAuthors> {
  requireReadTemplates(actor);
  const row = await findReplyTemplate(deps.db, actor.businessProfileId, id);
  if (!row || !canSee(await viewerOf(deps, actor), visibleTo(row))) throw notFound(MESSAGES.templatesUi.templateNotFound);
  return row;
}

/** The templates of the tenant the caller sees, as views with the caller's pins, newest change first. */
export async function visibleTemplateViews(deps: ServiceDeps, actor: Actor): Promise<TemplateView[]> {
  requireReadTemplates(actor);
  const [rows, viewer, pinnedIds] = await Promise.all([
    listReplyTemplates(deps.db, actor.businessProfileId),
    viewerOf(deps, actor),
    listPinnedIds(deps.db, actor.accountId, TEMPLATE_PIN),
  ]);
  const pinned = new Set(pinnedIds);
  return rows.filter((row) => canSee(viewer, visibleTo(row))).map((row) => templateView(row, pinned.has(row.id)));
}

/** The ids among `ids` of templates the caller still sees (a pin outlives a change of visibility). */
export async function visibleTemplateIds(deps: ServiceDeps, actor: Actor, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0 || !hasPermission(actor.permissions, "templates.index.read")) return [];
  const visible = new Set((await visibleTemplateViews(deps, actor)).map((template) => template.id));
  return ids.filter((id) => visible.has(id));
}

/**
 * One template of the tenant with the caller's pin, after the caller wrote it. Visibility was checked
 * before the write: an edit may share it with teams its editor is not in, and still answers what it saved.
 */
export async function writtenTemplateView(deps: ServiceDeps, actor: Actor, id: number): Promise<TemplateView> {
  const [row, pinned] = await Promise.all([
    findReplyTemplate(deps.db, actor.businessProfileId, id),
    listPinnedIds(deps.db, actor.accountId, TEMPLATE_PIN),
  ]);
  if (!row) throw notFound(MESSAGES.templatesUi.templateNotFound);
  return templateView(row, pinned.includes(id));
}
