import { findLabelsByNameKeys, labelNameKey } from "../../db/repositories/labels";
import { isUniqueViolation } from "../../db/errors";
import type { LabelRow } from "../../db/schema";
import { forbidden, validationError } from "../../domain/errors";
import { MESSAGES } from "../../domain/messages";
import { hasPermission } from "../../domain/permissions";
import type { FromWire } from "../../domain/key-case";
import type { LabelResponseSchema } from "../../domain/schemas/inbox";
import type { Actor, ServiceDeps } from "../context";

/** A label as the API shows it (spec core §3 "Label"), with how many items carry it (ADR 027: LabelResponseSchema). */
export type LabelView = FromWire<typeof LabelResponseSchema>;

export function labelView(row: LabelRow, itemsCount: number): LabelView {
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    labelType: row.labelType,
    contextId: row.contextId,
    contextType: row.contextType,
    ownerAccountId: row.ownerAccountId,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    itemsCount,
  };
}

export function requireLabels(actor: Actor, action: "read" | "write"): void {
  if (!hasPermission(actor.permissions, `labels.index.${action}`)) throw forbidden();
}

const nameTaken = () => validationError({ name: [MESSAGES.nameTaken] });

/** 422 'This name is already taken.' when another label of the tenant has the name, whatever its case. */
export async function assertLabelNameFree(deps: ServiceDeps, actor: Actor, name: string, exceptId?: number): Promise<void> {
  const [existing] = await findLabelsByNameKeys(deps.db, actor.businessProfileId, [labelNameKey(name)]);
  if (existing && existing.id !== exceptId) throw nameTaken();
}

/** A write that lost a race for the name answers like the check before it (the unique index holds the rule). */
export async function nameTakenOnConflict<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}
