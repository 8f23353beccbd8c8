import { getAccount } from "../../../services/accounts/get-account";
import { getCurrentAccount } from "../../../services/accounts/get-current-account";
import { listAccounts } from "../../../services/accounts/list-accounts";
import {
  AccountListResponseSchema,
  AccountOrMemberResponseSchema,
  AccountResponseSchema,
} from "../../../domain/schemas/accounts";
import type { ApiApp } from "../../env";
import { toWire } from "../../lib/case";
import { requireActor } from "../../middleware/auth";
import { unwrapFieldErrors } from "../../middleware/errors";
import { removeMember } from "../../../services/accounts/remove-member";
import { signUp } from "../../../services/accounts/sign-up";
import { updateMember } from "../../../services/accounts/update-member";
import {
  currentAccountRoute,
  getAccountRoute,
  listAccountsRoute,
  removeMemberRoute,
  signUpRoute,
  updateMemberRoute,
} from "./accounts.routes";

export function registerAccountRoutes(app: ApiApp) {
  app.openapi(currentAccountRoute, async (c) => {
    const account = await getCurrentAccount(c.get("deps"), requireActor(c));
    return c.json(toWire(AccountResponseSchema, account), 200);
  });

  app.openapi(getAccountRoute, async (c) => {
    const account = await getAccount(c.get("deps"), requireActor(c), c.req.valid("param").id);
    return c.json(toWire(AccountOrMemberResponseSchema, account), 200);
  });

  app.openapi(listAccountsRoute, async (c) => {
    const query = c.req.valid("query");
    const accounts = await listAccounts(c.get("deps"), requireActor(c), {
      businessProfileId: query.business_profile_id,
    });
    return c.json(toWire(AccountListResponseSchema, { data: accounts }), 200);
  });

  app.openapi(signUpRoute, async (c) => {
    const body = c.req.valid("json");
    const account = await signUp(c.get("deps"), { account: body.account, teamMemberInviteToken: body.team_member_invite_token });
    return c.json(toWire(AccountResponseSchema, account), 201);
  }, unwrapFieldErrors("account"));

  app.openapi(updateMemberRoute, async (c) => {
    const body = c.req.valid("json");
    const account = await updateMember(c.get("deps"), requireActor(c), c.req.valid("param").id, {
      role: body.role,
      teamIds: body.team_ids,
    });
    return c.json(toWire(AccountResponseSchema, account), 200);
  });

  app.openapi(removeMemberRoute, async (c) => {
    await removeMember(c.get("deps"), requireActor(c), c.req.valid("param").id);
    return c.body(null, 204);
  });
}
