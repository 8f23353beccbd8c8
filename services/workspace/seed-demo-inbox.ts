import { findAccountByEmail } from "../../db/repositories/accounts";
import { listRecentItems } from "../../db/repositories/inbox";
import { findLabelsByNameKeys, labelNameKey, listLabels } from "../../db/repositories/labels";
import { FEED_ITEM_STATE } from "../../domain/constants";
import type { Permissions } from "../../domain/permissions";
import { ROLES, type Role } from "../../domain/roles";
import type { Actor, ServiceDeps } from "../context";
import { assignFeedItem } from "../inbox/assign-feed-item";
import { setFeedItemLabels } from "../inbox/set-feed-item-labels";
import { setFeedItemsState } from "../inbox/set-feed-items-state";
import { createLabel } from "../labels/create-label";
import { DEMO_MEMBERS } from "./seed-demo-workspace";

// The demo workspace's inbox (ADR 014): labels in categories, seeded with the saved searches, and once
// the demo mentions are stored, a few items labelled, assigned and moved on, through the same services
// as the screens (so their history reads as an agent's work).

export const DEMO_LABELS: ReadonlyArray<{ name: string; category: string }> = [
  { name: "Bug", category: "Support" },
  { name: "Billing", category: "Support" },
  { name: "Urgent", category: "Support" },
  { name: "Feature request", category: "Product" },
  { name: "Praise", category: "Feedback" },
];

/** Which demo label an item's text calls for, in this order; positive items without one get Praise. */
const LABEL_RULES: ReadonlyArray<{ label: string; words: RegExp }> = [
  { label: "Billing", words: /\b(refund\w*|charged?|billing|invoice|price|subscription)\b/i },
  { label: "Bug", words: /\b(crash\w*|bug\w*|broken|error|503|outage|down|lag\w*|freez\w*)\b/i },
  { label: "Feature request", words: /\b(please add|wish|would love|feature|suggest\w*)\b/i },
];
const URGENT_WORDS = /\b(outage|down|503|charged twice|can'?t log ?in)\b/i;

/** Items of the newest ones the demo labels, and how many of them it assigns to the agent and the admin. */
const LABELLED_ITEMS = 12;
const AGENT_ASSIGNMENTS = 4;
const ADMIN_ASSIGNMENTS = 2;
const RECENT_WINDOW = 300;

async function actorOf(deps: ServiceDeps, businessProfileId: number, email: string): Promise<Actor | null> {
  const account = await findAccountByEmail(deps.db, email);
  if (!account || account.businessProfileId !== businessProfileId) return null;
  return {
    accountId: account.id,
    businessProfileId,
    role: account.role as Role,
    permissions: JSON.parse(account.permissions) as Permissions,
    sessionId: "demo-seed",
    impersonatorAccountId: null,
  };
}

const memberEmail = (role: Role) => DEMO_MEMBERS.find((m) => m.role === role)!.email;

/** The demo labels, written by the demo admin; names already there are left alone. */
export async function seedDemoLabels(
  deps: ServiceDeps,
  businessProfileId: number,
  adminEmail = memberEmail(ROLES.admin),
): Promise<void> {
  const admin = await actorOf(deps, businessProfileId, adminEmail);
  if (!admin) return;
  const existing = await findLabelsByNameKeys(
    deps.db,
    businessProfileId,
    DEMO_LABELS.map((l) => labelNameKey(l.name)),
  );
  const taken = new Set(existing.map((l) => l.nameKey));
  for (const label of DEMO_LABELS) {
    if (!taken.has(labelNameKey(label.name))) await createLabel(deps, admin, { name: label.name, category: label.category });
  }
}

/**
 * After the demo mentions load: the agent labels some of the newest items by what they say, takes four
 * (the admin two) and parks one as pending. Everyone assigns to themselves, so nobody's bell rings for
 * demo data. Runs once: a workspace with an assigned item is left as it is.
 */
export async function seedDemoInboxWork(
  deps: ServiceDeps,
  businessProfileId: number,
  emails: { admin: string; agent: string } = { admin: memberEmail(ROLES.admin), agent: memberEmail(ROLES.agent) },
): Promise<void> {
  const [admin, agent] = await Promise.all([
    actorOf(deps, businessProfileId, emails.admin),
    actorOf(deps, businessProfileId, emails.agent),
  ]);
  if (!admin || !agent) return;
  const labels = new Map((await listLabels(deps.db, businessProfileId)).map((l) => [l.nameKey, l.id]));
  const labelId = (name: string) => labels.get(labelNameKey(name));
  const recent = await listRecentItems(deps.db, businessProfileId, RECENT_WINDOW);
  if (recent.some((item) => item.assignedToType !== null)) return;

  const labelled: Array<{ id: number; labels: number[]; negative: boolean }> = [];
  for (const item of recent) {
    if (labelled.length >= LABELLED_ITEMS) break;
    const text = `${item.title ?? ""} ${item.description}`;
    const rule = LABEL_RULES.find((r) => r.words.test(text));
    const name = rule?.label ?? (item.sentiment > 0 ? "Praise" : null);
    const main = name ? labelId(name) : undefined;
    if (main === undefined) continue;
    const urgent = item.sentiment < 0 && URGENT_WORDS.test(text) ? labelId("Urgent") : undefined;
    labelled.push({ id: item.id, labels: urgent === undefined ? [main] : [main, urgent], negative: item.sentiment < 0 });
  }
  for (const item of labelled) await setFeedItemLabels(deps, agent, item.id, { labelIds: item.labels, newLabels: [] });

  // The unhappy ones first: that is what agents pick up.
  const queue = [...labelled.filter((i) => i.negative), ...labelled.filter((i) => !i.negative)];
  const forAgent = queue.slice(0, AGENT_ASSIGNMENTS);
  const forAdmin = queue.slice(AGENT_ASSIGNMENTS, AGENT_ASSIGNMENTS + ADMIN_ASSIGNMENTS);
  for (const item of forAgent) await assignFeedItem(deps, agent, item.id, { assigneeType: "account", assigneeId: agent.accountId });
  for (const item of forAdmin) await assignFeedItem(deps, admin, item.id, { assigneeType: "account", assigneeId: admin.accountId });
  const waiting = forAgent.at(-1);
  if (waiting) await setFeedItemsState(deps, agent, { ids: [waiting.id], state: FEED_ITEM_STATE.pending });
}
