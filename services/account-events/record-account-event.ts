import { insertAccountEvent } from "../../db/repositories/account-events";
import type { FromWire } from "../../domain/key-case";
import type { AccountEventRecordedResponseSchema } from "../../domain/schemas/account-events";
import type { Actor, ServiceDeps } from "../context";

export interface AccountEventInput {
  actionType: string;
  eventType: string;
  actionModule: string;
  contextId?: number | null;
  contextType?: number | null;
  socialType?: string | null;
}

/** POST /v1/account_events: page views and user actions, kept in our own database (no third party). */
export async function recordAccountEvent(
  deps: ServiceDeps,
  actor: Actor,
  input: AccountEventInput,
): Promise<FromWire<typeof AccountEventRecordedResponseSchema>> {
  const { id } = await insertAccountEvent(deps.db, {
    businessProfileId: actor.businessProfileId,
    accountId: actor.accountId,
    actionType: input.actionType,
    eventType: input.eventType,
    actionModule: input.actionModule,
    contextId: input.contextId ?? null,
    contextType: input.contextType ?? null,
    socialType: input.socialType ?? null,
    createdAt: deps.now().toISOString(),
  });
  return { id };
}
