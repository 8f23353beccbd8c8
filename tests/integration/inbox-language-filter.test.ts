// The inbox's language filter offers the languages the tenant's mentions are in (ADR 014), over real HTTP
// as a browser without JavaScript gets the page.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NetworkId } from "../../domain/networks";
import { compactDailyRollupsOfAll } from "../../services/analytics/daily-rollups";
import { createSeededStreams } from "../../services/streams/streams";
import { ingestItems, type SearchTenant } from "../support/search";
import { createTenantWithRoles, TENANT_PASSWORD } from "../support/tenant";
import { FormClient, startWebServer, type WebServer } from "../support/web-fixture";

describe("the inbox's language filter", () => {
  let web: WebServer;
  let tenant: SearchTenant;
  let other: SearchTenant;
  let agent: FormClient;

  async function tenantWithStream() {
    const roles = await createTenantWithRoles(web.db);
    const streams = await createSeededStreams(web.deps, roles.businessProfileId, [
      { key: "twitter", network: "twitter", category: "streams", name: "Tweets", source: "api" },
    ]);
    return {
      roles,
      tenant: {
        businessProfileId: roles.businessProfileId,
        streams: new Map<NetworkId, number>([["twitter", streams.get("twitter")!.id]]),
      },
    };
  }

  /** The language select's options: [value, label, selected]. */
  async function languageOptions(path: string): Promise<Array<[string, string, boolean]>> {
    const response = await agent.get(path);
    expect(response.status, path).toBe(200);
    const html = await response.text();
    const select = /<select[^>]*id="filter-language"[^>]*>([\s\S]*?)<\/select>/.exec(html)?.[1];
    expect(select, "the language select").toBeDefined();
    return [...select!.matchAll(/<option([^>]*)>([^<]*)<\/option>/g)].map((m) => [
      /value="([^"]*)"/.exec(m[1]!)?.[1] ?? "",
      m[2]!,
      /\sselected=""/.test(m[1]!),
    ]);
  }

  beforeAll(async () => {
    web = await startWebServer();
    const mine = await tenantWithStream();
    tenant = mine.tenant;
    other = (await tenantWithStream()).tenant;
    agent = new FormClient(web.baseUrl);
    expect((await agent.signIn(mine.roles.accounts.agent.email, TENANT_PASSWORD)).status).toBe(302);
  });
  afterAll(() => web.close());

  it("offers every language while none of the tenant's mentions is counted yet", async () => {
    const options = await languageOptions("/inbox");
    expect(options[0]).toEqual(["", "Any language", true]);
    expect(options.length).toBeGreaterThan(180);
  });

  it("then only the languages of the tenant's mentions, by label; a chosen one stays offered and selected", async () => {
    const at = (day: number) => `2026-03-0${day}T10:00:00.000Z`;
    const mentions = [
      {
        network: "twitter" as const,
        external_id: "en1",
        text: "The app keeps crashing",
        language: "en",
        created_at: at(2),
        author: { username: "ana" },
      },
      {
        network: "twitter" as const,
        external_id: "de1",
        text: "Die App stürzt ständig ab",
        language: "de",
        created_at: at(3),
        author: { username: "bo" },
      },
    ];
    expect((await ingestItems(web.deps, tenant, mentions)).accepted).toBe(2);
    const theirs = [
      {
        network: "twitter" as const,
        external_id: "ja1",
        text: "アプリが落ちる",
        language: "ja",
        created_at: at(2),
        author: { username: "kai" },
      },
    ];
    expect((await ingestItems(web.deps, other, theirs)).accepted).toBe(1);
    await compactDailyRollupsOfAll(web.deps);

    expect(await languageOptions("/inbox")).toEqual([
      ["", "Any language", true],
      ["en", "English", false],
      ["de", "German", false],
    ]);
    expect(await languageOptions("/inbox?language=fr")).toEqual([
      ["", "Any language", false],
      ["en", "English", false],
      ["fr", "French", true],
      ["de", "German", false],
    ]);
  });
});
