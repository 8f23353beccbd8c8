// Dashboard templates (spec analytics §3, §7; ADR 015): a saved period, contexts and widgets.
import {
  findDashboardTemplate,
  insertDashboardTemplate,
  listDashboardTemplates,
  updateDashboardTemplate,
} from "../../db/repositories/dashboard-templates";
import type { DashboardTemplateRow } from "../../db/schema";
import type { TemplateTimeUnit } from "../../domain/dashboard";
import { forbidden, notFound } from "../../domain/errors";
import { MESSAGES } from "../../domain/messages";
import { hasPermission } from "../../domain/permissions";
import type { FromWire } from "../../domain/key-case";
import type {
  DashboardTemplateBody,
  DashboardTemplateConfigInput,
  DashboardTemplatePatch,
  DashboardTemplateResponseSchema,
} from "../../domain/schemas/dashboard-config";
import { isoNow, type Actor, type ServiceDeps } from "../context";
import {
  assertContextCount,
  assertTenantContexts,
  assertWidgetIds,
  readTemplateConfig,
  refOfToken,
  type TemplateConfig,
  type WidgetParams,
} from "./config";
import { assertRoomFor } from "../limits/assert-room-for";

/** A dashboard template as the API answers it (ADR 027). */
export type DashboardTemplateView = FromWire<typeof DashboardTemplateResponseSchema>;

function view(row: DashboardTemplateRow): DashboardTemplateView {
  return {
    id: row.id,
    name: row.name,
    time: row.time,
    timeUnit: row.timeUnit as TemplateTimeUnit,
    config: readTemplateConfig(row.config),
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function requireRead(actor: Actor): void {
  if (!hasPermission(actor.permissions, "dashboard.index.read")) throw forbidden();
}
function requireWrite(actor: Actor): void {
  if (!hasPermission(actor.permissions, "dashboard.index.write")) throw forbidden();
}

async function checkedConfig(deps: ServiceDeps, actor: Actor, input: DashboardTemplateConfigInput): Promise<TemplateConfig> {
  const contextIds = [...new Set(input.context_ids)];
  assertContextCount(contextIds.length);
  assertWidgetIds(input.widgets.map((w) => w.id));
  await assertTenantContexts(deps, actor.businessProfileId, contextIds.map(refOfToken));
  return { contextIds, widgets: input.widgets.map((w) => ({ id: w.id, config: (w.config ?? {}) as WidgetParams })) };
}

export async function listDashboardTemplateViews(deps: ServiceDeps, actor: Actor): Promise<DashboardTemplateView[]> {
  requireRead(actor);
  return (await listDashboardTemplates(deps.db, actor.businessProfileId)).map(view);
}

export async function getDashboardTemplate(deps: ServiceDeps, actor: Actor, id: number): Promise<DashboardTemplateView> {
  requireRead(actor);
  const row = await findDashboardTemplate(deps.db, actor.businessProfileId, id);
  if (!row) throw notFound(MESSAGES.dashboardConfig.templateNotFound);
  return view(row);
}

export async function createDashboardTemplate(deps: ServiceDeps, actor: Actor, input: DashboardTemplateBody): Promise<DashboardTemplateView> {
  requireWrite(actor);
  const config = await checkedConfig(deps, actor, input.config);
  const { id } = await deps.db.transaction().execute(async (trx) => {
    await assertRoomFor(trx, "dashboardTemplates", actor.businessProfileId, isoNow(deps));
    return insertDashboardTemplate(
      trx,
      actor.businessProfileId,
      { name: input.name, time: input.time, timeUnit: input.time_unit, config: JSON.stringify(config) },
      actor.accountId,
      isoNow(deps),
    );
  });
  return getDashboardTemplate(deps, actor, id);
}

export async function updateDashboardTemplateById(
  deps: ServiceDeps,
  actor: Actor,
  id: number,
  input: DashboardTemplatePatch,
): Promise<DashboardTemplateView> {
  requireRead(actor);
  if (!(await findDashboardTemplate(deps.db, actor.businessProfileId, id))) throw notFound(MESSAGES.dashboardConfig.templateNotFound);
  requireWrite(actor);
  const config = input.config ? await checkedConfig(deps, actor, input.config) : undefined;
  await updateDashboardTemplate(
    deps.db,
    actor.businessProfileId,
    id,
    {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.time !== undefined ? { time: input.time } : {}),
      ...(input.time_unit !== undefined ? { timeUnit: input.time_unit } : {}),
      ...(config ? { config: JSON.stringify(config) } : {}),
    },
    isoNow(deps),
  );
  return getDashboardTemplate(deps, actor, id);
}
