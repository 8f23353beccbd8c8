import { afterAll, beforeAll, describe, it } from "vitest";
import { FormClient, startWebServer, type WebServer } from "../support/web-fixture";
import { createTenantWithRoles } from "../support/tenant";

describe("explore", () => {
  let web: WebServer;
  beforeAll(async () => { web = await startWebServer({ env: { PUBLIC_URL: "https://earshot.example", TRUST_PROXY: "1" } }); });
  afterAll(() => web.close());
  it("x", async () => {
    const t = await createTenantWithRoles(web.db);
    const b = new FormClient(web.baseUrl);
    const csrf = await b.formToken("/login");
    const r = await b.post("/login", { csrf, email: t.accounts.guest.email, password: "Wrong-pass1!" }, { "x-forwarded-for": "203.0.113.77, 198.51.100.7" });
    console.log(r.status);
    console.log(web.logLines.filter(l => l.includes("error")).join("\n"));
  });
});
