import { afterAll, beforeAll, describe, it } from "vitest";
import { FormClient, startWebServer, type WebServer } from "../support/web-fixture";

describe("explore", () => {
  let web: WebServer;
  beforeAll(async () => { web = await startWebServer({ appEnv: "local" }); });
  afterAll(() => web.close());
  it("x", async () => {
    const anon = new FormClient(web.baseUrl);
    for (const p of ["/n/login", "/n//evil.example", "/n/\\evil.example", "/n/inbox?x=1", "/n", "/n?x=1", "/n/", "/nfoo", "/ADMIN", "/%61dmin"]) {
      const r = await anon.get(p);
      console.log("anon", p, r.status, r.headers.get("location"));
    }
  });
});
