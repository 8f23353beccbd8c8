// Annotation layers and annotations (spec analytics §3, §7; ADR 015). A layer's colour is an index into
// the 12-colour palette, unique per tenant (422 MESSAGES.colorInUse). A shared-link viewer reads only the
// annotations of its link's layers and never writes.
import { dashboardPagesChanged } from "../analytics/cache";
import { isUniqueViolation } from "../../db/errors";
import {
  deleteAnnotation,
  deleteAnnotationLayer,
  findAnnotation,
  findAnnotationLayer,
  findAnnotationLayerByColor,
  insertAnnotation,
  insertAnnotationLayer,
  listAnnotationLayers,
  listAnnotations,
  updateAnnotation,
  updateAnnotationLayer,
  type AnnotationWithAuthor,
} from "../../db/repositories/annotations";
import { findSearchItem } from "../../db/repositories/search-items";
import type { AnnotationLayerRow } from "../../db/schema";
import { forbidden, notFound, validationError } from "../../domain/errors";
import { MESSAGES } from "../../domain/messages";
import { LAYER_COLORS } from "../../domain/palette";
import { hasPermission } from "../../domain/permissions";
import type {
  AnnotationBody,
  AnnotationLayerBody,
  AnnotationLayerPatch,
  AnnotationPatch,
  AnnotationResponseSchema,
  LayerPropertiesResponseSchema,
  LayerResponseSchema,
} from "../../domain/schemas/annotations";
import { ANNOTATION_LAYER_TYPES } from "../../domain/schemas/dashboard-config";
import type { DashboardViewer } from "../analytics/viewer";
import { isoNow, type Actor, type ServiceDeps } from "../context";
import { assertRoomFor } from "../limits/assert-room-for";
import type { FromWire } from "../../domain/key-case";

export type AnnotationLayerView = FromWire<typeof LayerResponseSchema>;

interface Attachment {
  name: string;
  url: string;
}

export type AnnotationView = FromWire<typeof AnnotationResponseSchema>;

function layerView(row: AnnotationLayerRow): AnnotationLayerView {
  return { id: row.id, name: row.name, color: row.color, brand: row.brand, type: row.type, createdAt: row.createdAt, updatedAt: row.updatedAt };
}

function parseAttachments(text: string): Attachment[] {
  try {
    const value = JSON.parse(text) as unknown;
    if (!Array.isArray(value)) return [];
    return value.flatMap((a: unknown) => {
      const { name, url } = (a ?? {}) as { name?: unknown; url?: unknown };
      return typeof name === "string" && typeof url === "string" ? [{ name, url }] : [];
    });
  } catch {
    return [];
  }
}

function annotationView(row: AnnotationWithAuthor): AnnotationView {
  return {
    id: row.id,
    name: row.name,
    text: row.text,
    anchorDate: row.anchorDate,
    layerId: row.layerId,
    searchItemId: row.searchItemId,
    attachments: parseAttachments(row.attachments),
    user: row.authorAccountId !== null && row.authorName !== null ? { id: row.authorAccountId, fullName: row.authorName } : null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function requireRead(actor: Actor): void {
  if (!hasPermission(actor.permissions, "annotations.index.read")) throw forbidden();
}
function requireWrite(actor: Actor): void {
  if (!hasPermission(actor.permissions, "annotations.index.write")) throw forbidden();
}

/** A shared-link viewer reads its link's layers only; a member reads with annotations.index.read. */
function readableLayerIds(viewer: DashboardViewer, actor: Actor | null): ReadonlySet<number> | null {
  if (viewer.sharedLink) return new Set(viewer.sharedLink.layerIds);
  if (actor) requireRead(actor);
  return null;
}

/** GET /v1/annotations/layers_properties */
export function layerProperties(): FromWire<typeof LayerPropertiesResponseSchema> {
  return { layerProperties: { colors: [...LAYER_COLORS], types: [...ANNOTATION_LAYER_TYPES] } };
}

/** GET /v1/annotations/layers: the tenant's layers (a shared-link viewer: its link's). */
export async function listLayers(deps: ServiceDeps, viewer: DashboardViewer, actor: Actor | null): Promise<AnnotationLayerView[]> {
  const allowed = readableLayerIds(viewer, actor);
  const rows = await listAnnotationLayers(deps.db, viewer.businessProfileId);
  return rows.filter((row) => !allowed || allowed.has(row.id)).map(layerView);
}

async function existingLayer(deps: ServiceDeps, actor: Actor, id: number): Promise<AnnotationLayerRow> {
  const row = await findAnnotationLayer(deps.db, actor.businessProfileId, id);
  if (!row) throw notFound(MESSAGES.annotations.layerNotFound);
  return row;
}

async function assertBrand(deps: ServiceDeps, actor: Actor, brand: number | null | undefined): Promise<void> {
  if (brand === null || brand === undefined) return;
  if (!(await findSearchItem(deps.db, actor.businessProfileId, brand))) throw validationError({ brand: [MESSAGES.annotations.brandNotFound] });
}

async function assertFreeColor(deps: ServiceDeps, actor: Actor, color: number, layerId: number | null): Promise<void> {
  const holder = await findAnnotationLayerByColor(deps.db, actor.businessProfileId, color);
  if (holder && holder.id !== layerId) throw validationError({ color: [MESSAGES.colorInUse] }, MESSAGES.colorInUse);
}

/** A concurrent write may take the colour between the check and the write: the unique index decides. */
async function colorGuard<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw validationError({ color: [MESSAGES.colorInUse] }, MESSAGES.colorInUse);
    throw error;
  }
}

export async function createLayer(deps: ServiceDeps, actor: Actor, input: AnnotationLayerBody): Promise<AnnotationLayerView> {
  requireWrite(actor);
  await assertBrand(deps, actor, input.brand);
  await assertFreeColor(deps, actor, input.color, null);
  const { id } = await colorGuard(() =>
    deps.db.transaction().execute(async (trx) => {
      await assertRoomFor(trx, "annotationLayers", actor.businessProfileId, isoNow(deps));
      return insertAnnotationLayer(
        trx,
        actor.businessProfileId,
        { name: input.name, color: input.color, brand: input.brand ?? null, type: input.type },
        actor.accountId,
        isoNow(deps),
      );
    }),
  );
  dashboardPagesChanged(actor.businessProfileId);
  return layerView(await existingLayer(deps, actor, id));
}

export async function updateLayer(deps: ServiceDeps, actor: Actor, id: number, input: AnnotationLayerPatch): Promise<AnnotationLayerView> {
  requireRead(actor);
  await existingLayer(deps, actor, id);
  requireWrite(actor);
  await assertBrand(deps, actor, input.brand);
  if (input.color !== undefined) await assertFreeColor(deps, actor, input.color, id);
  await colorGuard(() =>
    updateAnnotationLayer(
      deps.db,
      actor.businessProfileId,
      id,
      {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.color !== undefined ? { color: input.color } : {}),
        ...(input.brand !== undefined ? { brand: input.brand } : {}),
        ...(input.type !== undefined ? { type: input.type } : {}),
      },
      isoNow(deps),
    ),
  );
  dashboardPagesChanged(actor.businessProfileId);
  return layerView(await existingLayer(deps, actor, id));
}

export async function removeLayer(deps: ServiceDeps, actor: Actor, id: number): Promise<void> {
  requireRead(actor);
  await existingLayer(deps, actor, id);
  requireWrite(actor);
  await deleteAnnotationLayer(deps.db, actor.businessProfileId, id);
  dashboardPagesChanged(actor.businessProfileId);
}

/**
 * GET /v1/annotations/annotations?layer_ids=: the annotations of these layers of the viewer's tenant,
 * optionally anchored in [from, to). A shared-link viewer gets only its link's layers'; no layer ids: all
 * readable layers.
 */
export async function listLayerAnnotations(
  deps: ServiceDeps,
  viewer: DashboardViewer,
  actor: Actor | null,
  filter: { layerIds?: number[] | undefined; from?: string | undefined; to?: string | undefined },
): Promise<AnnotationView[]> {
  const allowed = readableLayerIds(viewer, actor);
  let ids = filter.layerIds?.length
    ? filter.layerIds
    : allowed
      ? [...allowed]
      : (await listAnnotationLayers(deps.db, viewer.businessProfileId)).map((l) => l.id);
  if (allowed) ids = ids.filter((id) => allowed.has(id));
  const rows = await listAnnotations(deps.db, viewer.businessProfileId, ids, { from: filter.from, to: filter.to });
  return rows.map(annotationView);
}

async function existingAnnotation(deps: ServiceDeps, actor: Actor, id: number): Promise<AnnotationWithAuthor> {
  const row = await findAnnotation(deps.db, actor.businessProfileId, id);
  if (!row) throw notFound(MESSAGES.annotations.annotationNotFound);
  return row;
}

async function assertSearchItem(deps: ServiceDeps, actor: Actor, id: number | null | undefined): Promise<void> {
  if (id === null || id === undefined) return;
  if (!(await findSearchItem(deps.db, actor.businessProfileId, id))) {
    throw validationError({ search_item_id: [MESSAGES.annotations.searchItemNotFound] });
  }
}

/** Anchor dates are stored as ISO instants (a bare day is its UTC midnight). */
function anchorOf(value: string): string {
  return new Date(Date.parse(value)).toISOString();
}

export async function createAnnotation(deps: ServiceDeps, actor: Actor, input: AnnotationBody): Promise<AnnotationView> {
  requireWrite(actor);
  await existingLayer(deps, actor, input.layer_id);
  await assertSearchItem(deps, actor, input.search_item_id);
  const { id } = await deps.db.transaction().execute(async (trx) => {
    await assertRoomFor(trx, "annotations", actor.businessProfileId, isoNow(deps));
    return insertAnnotation(
      trx,
      actor.businessProfileId,
      {
        layerId: input.layer_id,
        searchItemId: input.search_item_id ?? null,
        name: input.name,
        text: input.text ?? "",
        anchorDate: anchorOf(input.anchor_date),
        attachments: JSON.stringify(input.attachments ?? []),
      },
      actor.accountId,
      isoNow(deps),
    );
  });
  dashboardPagesChanged(actor.businessProfileId);
  return annotationView(await existingAnnotation(deps, actor, id));
}

export async function updateAnnotationById(deps: ServiceDeps, actor: Actor, id: number, input: AnnotationPatch): Promise<AnnotationView> {
  requireRead(actor);
  await existingAnnotation(deps, actor, id);
  requireWrite(actor);
  if (input.layer_id !== undefined) await existingLayer(deps, actor, input.layer_id);
  await assertSearchItem(deps, actor, input.search_item_id);
  await updateAnnotation(
    deps.db,
    actor.businessProfileId,
    id,
    {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.text !== undefined ? { text: input.text } : {}),
      ...(input.anchor_date !== undefined ? { anchorDate: anchorOf(input.anchor_date) } : {}),
      ...(input.layer_id !== undefined ? { layerId: input.layer_id } : {}),
      ...(input.search_item_id !== undefined ? { searchItemId: input.search_item_id } : {}),
      ...(input.attachments !== undefined ? { attachments: JSON.stringify(input.attachments) } : {}),
    },
    isoNow(deps),
  );
  dashboardPagesChanged(actor.businessProfileId);
  return annotationView(await existingAnnotation(deps, actor, id));
}

export async function removeAnnotation(deps: ServiceDeps, actor: Actor, id: number): Promise<void> {
  requireRead(actor);
  await existingAnnotation(deps, actor, id);
  requireWrite(actor);
  await deleteAnnotation(deps.db, actor.businessProfileId, id);
  dashboardPagesChanged(actor.businessProfileId);
}
