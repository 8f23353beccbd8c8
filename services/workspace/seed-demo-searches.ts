import { findAccountByEmail } from "../../db/repositories/accounts";
import type { QueryGroup } from "../../domain/query";
import type { Permissions } from "../../domain/permissions";
import { ROLES, type Role } from "../../domain/roles";
import type { Actor, ServiceDeps } from "../context";
import { createSearchFolder } from "../searches/folders";
import { createSearchItem } from "../searches/items";
import { createTopicGroup } from "../topics/topic-groups";
import { createTopic } from "../topics/topics";
import { DEMO_MEMBERS } from "./seed-demo-workspace";

const keywords = (query: string): QueryGroup => ({ type: "must", values: [{ filterType: "keywords", value: query }] });

/**
 * Saved searches, a folder and topics for the demo brand (Northwind, ingest/demo), written by the demo
 * admin through the same services as the screens. Seeded before the demo mentions load, so percolation
 * fills them as the mentions arrive.
 */
export async function seedDemoSearches(
  deps: ServiceDeps,
  businessProfileId: number,
  adminEmail = DEMO_MEMBERS.find((m) => m.role === ROLES.admin)!.email,
): Promise<void> {
  const account = await findAccountByEmail(deps.db, adminEmail);
  if (!account || account.businessProfileId !== businessProfileId) return;
  const admin: Actor = {
    accountId: account.id,
    businessProfileId,
    role: account.role as Role,
    permissions: JSON.parse(account.permissions) as Permissions,
    sessionId: "demo-seed",
    impersonatorAccountId: null,
  };

  const product = await createSearchFolder(deps, admin, { name: "Northwind Play", category: "brand" });
  await createSearchItem(deps, admin, {
    name: "Login outage",
    category: "brand",
    folder_id: product.id,
    query: [keywords('outage OR 503 OR "servers down" OR downtime')],
  });
  await createSearchItem(deps, admin, {
    name: "Battle pass and seasons",
    category: "brand",
    folder_id: product.id,
    query: [keywords('"battle pass" OR season*')],
  });
  await createSearchItem(deps, admin, {
    name: "Shop orders",
    category: "brand",
    query: [keywords("shipping OR delivery OR refund* OR order*")],
  });
  await createSearchItem(deps, admin, {
    name: "Unhappy store reviews",
    category: "my",
    query: [
      keywords("crash* OR broken OR refund* OR update OR charged"),
      { type: "must", values: [{ filterType: "networks", value: "ios" }, { filterType: "networks", value: "googlePlay" }] },
      { type: "must", values: [{ filterType: "sentiment", value: -1 }] },
    ],
  });

  const group = await createTopicGroup(deps, admin, { name: "Product" });
  await createTopic(deps, admin, {
    name: "Servers and login",
    type: "keywords",
    topic_group_id: group.id,
    keywords: ["outage", "servers", "login", "503"],
  });
  await createTopic(deps, admin, {
    name: "Play+ subscription",
    type: "query",
    topic_group_id: group.id,
    query: '"Play+" OR subscri*',
  });
  await createTopic(deps, admin, {
    name: "Controllers",
    type: "keywords",
    keywords: ["controller", "controllers"],
  });
}
