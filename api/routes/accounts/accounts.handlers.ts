import { getAccount } from "../../../services/accounts/get-account";
import { getCurrentAccount } from "../../../services/accounts/get-current-account";
import { listAccounts } from "../../../services/accounts/list-accounts";
import type { ApiApp } from "../../env";
import { toSnakeCase } from "../../lib/case";
import { requireActor } from "../../middleware/auth";
import { currentAccountRoute, getAccountRoute, listAccountsRoute } from "./accounts.routes";

export function registerAccountRoutes(app: ApiApp) {
  app.openapi(currentAccountRoute, async (c) => {
    const account = await getCurrentAccount(c.get("deps"), requireActor(c));
    return c.json(toSnakeCase(account), 200);
  });

  app.openapi(getAccountRoute, async (c) => {
    const account = await getAccount(c.get("deps"), requireActor(c), c.req.valid("param").id);
    return c.json(toSnakeCase(account), 200);
  });

  app.openapi(listAccountsRoute, async (c) => {
    const query = c.req.valid("query");
    const accounts = await listAccounts(c.get("deps"), requireActor(c), {
      businessProfileId: query.business_profile_id,
    });
    return c.json({ data: toSnakeCase(accounts) }, 200);
  });
}
