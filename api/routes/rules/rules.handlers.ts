import {
  RuleAuthorListResponseSchema,
  RuleListResponseSchema,
  RuleResponseSchema,
  RuleTestResponseSchema,
} from "../../../domain/schemas/rules";
import { applyRuleToExisting } from "../../../services/rules/apply-existing";
import {
  createRule,
  deleteRule,
  listRuleAuthors,
  listRules,
  testRule,
  updateRule,
} from "../../../services/rules/rules";
import type { ApiApp } from "../../env";
import { toWire } from "../../lib/case";
import { requireActor } from "../../middleware/auth";
import { ownProfileOnly } from "../statuses/statuses.handlers";
import {
  applyRuleRoute,
  createRuleRoute,
  deleteRuleRoute,
  listRuleAuthorsRoute,
  listRulesRoute,
  testRuleRoute,
  updateRuleRoute,
} from "./rules.routes";

/** Rules (spec analytics §7, ADR 031): admin and system admin only; another tenant's rule is a 404. */
export function registerRuleRoutes(app: ApiApp) {
  app.openapi(listRulesRoute, async (c) => {
    const actor = requireActor(c);
    ownProfileOnly(actor, c.req.valid("query").business_profile_id);
    return c.json(toWire(RuleListResponseSchema, { data: await listRules(c.get("deps"), actor) }), 200);
  });

  app.openapi(listRuleAuthorsRoute, async (c) => {
    const actor = requireActor(c);
    const q = c.req.valid("query");
    ownProfileOnly(actor, q.business_profile_id);
    const ids = (q.ids ?? "")
      .split(",")
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0);
    return c.json(
      toWire(RuleAuthorListResponseSchema, { data: await listRuleAuthors(c.get("deps"), actor, ids) }),
      200,
    );
  });

  app.openapi(testRuleRoute, async (c) => {
    const actor = requireActor(c);
    const input = c.req.valid("json");
    ownProfileOnly(actor, input.business_profile_id?.toString());
    return c.json(toWire(RuleTestResponseSchema, await testRule(c.get("deps"), actor, input)), 200);
  });

  app.openapi(createRuleRoute, async (c) => {
    const actor = requireActor(c);
    const input = c.req.valid("json");
    ownProfileOnly(actor, input.business_profile_id?.toString());
    return c.json(toWire(RuleResponseSchema, await createRule(c.get("deps"), actor, input)), 201);
  });

  app.openapi(updateRuleRoute, async (c) => {
    const actor = requireActor(c);
    ownProfileOnly(actor, c.req.valid("query").business_profile_id);
    const input = c.req.valid("json");
    ownProfileOnly(actor, input.business_profile_id?.toString());
    return c.json(
      toWire(RuleResponseSchema, await updateRule(c.get("deps"), actor, c.req.valid("param").id, input)),
      200,
    );
  });

  app.openapi(deleteRuleRoute, async (c) => {
    const actor = requireActor(c);
    ownProfileOnly(actor, c.req.valid("query").business_profile_id);
    await deleteRule(c.get("deps"), actor, c.req.valid("param").id);
    return c.body(null, 204);
  });

  app.openapi(applyRuleRoute, async (c) => {
    const actor = requireActor(c);
    ownProfileOnly(actor, c.req.valid("query").business_profile_id);
    return c.json(
      toWire(RuleResponseSchema, await applyRuleToExisting(c.get("deps"), actor, c.req.valid("param").id)),
      202,
    );
  });
}
