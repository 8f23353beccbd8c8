// The outbound delivery's contract (ADR 014): what a connector is given and answers. Generic over the
// dependencies a connector receives, so that ServiceDeps (services/context.ts) can name the registry
// without this module naming ServiceDeps back (no import circle).
import type { FeedItemRow, StreamRow } from "../../db/schema";
import type { ModerationActionCode } from "../../domain/inbox";

/** Where an item came from: the item and its stream (null when the stream was deleted or none). */
export interface OutboundTarget {
  item: FeedItemRow;
  stream: StreamRow | null;
}

export interface OutboundAgent {
  accountId: number;
  name: string;
}

interface OutboundReply {
  /** The reply's action id: the same reply delivered twice (a retry) carries the same id. */
  replyId: number;
  text: string;
  visibility: "public" | "private";
  templateId: number | null;
  agent: OutboundAgent;
  createdAt: string;
}

interface OutboundModeration {
  eventId: number;
  action: ModerationActionCode;
  /** The report's text of the action ('post deleted'). */
  actionText: string;
  reason: string;
  note: string;
  /** The new text of an edited post or bio. */
  text: string | null;
  agent: OutboundAgent;
  createdAt: string;
}

export interface OutboundResult {
  /** The network's id of what was created (the reply), when it answers one. */
  externalId?: string;
}

export interface OutboundConnector<Deps> {
  readonly name: string;
  supports(stream: StreamRow | null, item: FeedItemRow): boolean;
  /** Delivers a reply; throws (an OutboundDeliveryError for expected failures) when it did not arrive. */
  reply(deps: Deps, target: OutboundTarget, reply: OutboundReply): Promise<OutboundResult>;
  /** Carries out a moderation action; a connector without it leaves moderation to be done by hand. */
  moderate?(deps: Deps, target: OutboundTarget, action: OutboundModeration): Promise<OutboundResult>;
}

export interface OutboundRegistry<Deps> {
  /** The connector that delivers replies for this item, or null (manual). */
  connectorFor(stream: StreamRow | null, item: FeedItemRow): OutboundConnector<Deps> | null;
}
