import { findAccountByEmail } from "../../db/repositories/accounts";
import type { Permissions } from "../../domain/permissions";
import { ROLES, type Role } from "../../domain/roles";
import { VISIBILITY } from "../../domain/visibility";
import type { Actor, ServiceDeps } from "../context";
import { createTemplate } from "../templates/create-template";
import { DEMO_MEMBERS } from "./seed-demo-workspace";

/**
 * Reply templates for the demo brand (Northwind, ingest/demo), written through the same service as the
 * Templates modal: shared with everyone, with variables filled when an agent inserts one into a reply.
 */
export async function seedDemoTemplates(
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
  const everyone = { entity_type: VISIBILITY.everyone };

  await createTemplate(deps, admin, {
    name: "Holiday shipping delays",
    message:
      "Hi {{author_name}}, orders placed after 18 December may arrive after the holidays. Sorry for the wait! {{agent_first_name}} from {{brand_name}}",
    categories: ["twitter", "fb"],
    languages: ["en"],
    active: false,
    ...everyone,
  });
  await createTemplate(deps, admin, {
    name: "Danke für das Feedback",
    message: "Hallo {{author_name}}, danke für deine Bewertung! Wir geben sie an das Team weiter. Viele Grüße, {{agent_first_name}} von {{brand_name}}",
    categories: ["review"],
    languages: ["de"],
    ...everyone,
  });
  await createTemplate(deps, admin, {
    name: "Refund request",
    message:
      "Hi {{author_name}}, sorry to hear that. Please send us a direct message with your order number and we will sort out the refund. {{agent_first_name}}",
    categories: ["twitter", "fb", "ig", "review"],
    languages: ["en"],
    ...everyone,
  });
  await createTemplate(deps, admin, {
    name: "Login outage apology",
    message:
      "Hi {{author_name}}, we are sorry: Northwind Play had a login outage and the servers are back now. If you still cannot sign in, reply here and we will help. {{agent_first_name}} {{agent_last_name}}, {{brand_name}} support",
    categories: ["twitter", "rd", "ytb", "review"],
    languages: ["en"],
    ...everyone,
  });
  await createTemplate(deps, admin, {
    name: "Thanks for the feedback",
    message:
      "Hi {{author_name}}, thanks for taking the time to tell us about this on {{network}}. I have passed it on to the team. {{agent_first_name}} from {{brand_name}}",
    categories: ["twitter", "fb", "ig", "rd", "ytb", "etoro", "review"],
    languages: ["en"],
    ...everyone,
  });
}
