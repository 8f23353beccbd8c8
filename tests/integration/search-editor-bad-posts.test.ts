// The search editor's and the topic form's posts made by hand, as a browser without JavaScript would post it or as a crafted
// request: what cannot be shown again is a bad request (400), a cleared name is an error under the name,
// and nothing answers 500 or logs an error.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../domain/messages";
import { TOPIC_KEYWORD_LENGTH_MAX } from "../../domain/schemas/topics";
import { createTenantWithRoles, TENANT_PASSWORD } from "../support/tenant";
import { FormClient, startWebServer, type WebServer } from "../support/web-fixture";

describe("the search editor with bad posts", () => {
  let web: WebServer;
  let agent: FormClient;
  const query = {
    "query[0].type": "must",
    "query[0].values[0].filterType": "keywords",
    "query[0].values[0].value": "refund",
  };
  const errors = () => web.logLines.filter((line) => line.includes('"level":"error"'));

  beforeAll(async () => {
    web = await startWebServer();
    const tenant = await createTenantWithRoles(web.db);
    agent = new FormClient(web.baseUrl);
    expect((await agent.signIn(tenant.accounts.agent.email, TENANT_PASSWORD)).status).toBe(302);
  });
  afterAll(() => web.close());

  it("a query that is not a list of groups, or a malformed list intent, is a bad request", async () => {
    for (const fields of <Array<Record<string, string>>>[
      { intent: "run", query: '[{"type":"must",' },
      { intent: "run", query: '{"a":1}' },
      { intent: "save", name: "Crafted", query: "[[[1]]]" },
      { intent: "run", "query[0].type": "must", "query[0].values": "abc" },
      { ...query, __intent__: "{not json" },
    ]) {
      const csrf = await agent.formToken("/search");
      const response = await agent.post("/search?index", { csrf, ...fields });
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(await response.text(), JSON.stringify(fields)).toContain(MESSAGES.badRequest);
    }
    expect(errors()).toEqual([]);
  });

  it("saving a saved search with its name cleared says the name is missing, and keeps the old name", async () => {
    const csrf = await agent.formToken("/search");
    const saved = await agent.post("/search?index", {
      csrf,
      ...query,
      intent: "save",
      name: "Refunds",
      category: "my",
    });
    expect(saved.status).toBe(302);
    const path = saved.headers.get("location")!;
    expect(path).toMatch(/^\/search\/\d+/);
    const cleared = await agent.post(path.split("?")[0]!, {
      csrf: await agent.formToken(path),
      ...query,
      intent: "update",
      name: "",
    });
    expect(cleared.status).toBe(400);
    expect(await cleared.text()).toContain(MESSAGES.required);
    const page = await (await agent.get(path)).text();
    expect(page).toContain('value="Refunds"');
    expect(errors()).toEqual([]);
  });

  it("a topic keyword longer than allowed is refused with the message under the keywords, without JavaScript", async () => {
    const long = "k".repeat(TOPIC_KEYWORD_LENGTH_MAX + 1);
    const csrf = await agent.formToken("/topics");
    const response = await agent.post("/topics?index", {
      csrf,
      intent: "save",
      name: "Long words",
      type: "keywords",
      "keywords[0]": long,
      entity_type: "2",
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    // The markup the browser shows (not the data kept for the script): the message under the keywords.
    const markup = html.replace(/<script[\s\S]*?<\/script>/g, "");
    const keywords = markup.slice(markup.indexOf(long));
    expect(keywords).toContain(MESSAGES.maxLength);
    expect(errors()).toEqual([]);
  });

  it("the topic form's keyword buttons change the list on the server, as a browser without JavaScript posts them", async () => {
    const post = async (fields: Record<string, string>) =>
      agent.post("/topics?index", { csrf: await agent.formToken("/topics"), name: "Keyword buttons", type: "keywords", entity_type: "2", ...fields });
    const listed = (html: string) => [...html.matchAll(/name="keywords\[\d+\]" value="([^"]*)"/g)].map((match) => match[1]);
    // A suggestion posts its word in place of an intent (a pick): it joins the list, and what was typed to find it goes.
    const picked = await post({ "keywords[0]": "refund", keyword_entry: "mon", keyword: "money back" });
    expect(picked.status).toBe(200);
    const pickedHtml = await picked.text();
    expect(listed(pickedHtml)).toEqual(["refund", "money back"]);
    expect(pickedHtml).not.toMatch(/name="keyword_entry"[^>]*value="mon"/);
    // A chip's remove button posts its index in place of an intent: that keyword goes, the typed word stays.
    const removed = await post({ "keywords[0]": "refund", "keywords[1]": "money back", keyword_entry: "late", keyword_index: "0" });
    expect(removed.status).toBe(200);
    const removedHtml = await removed.text();
    expect(listed(removedHtml)).toEqual(["money back"]);
    expect(removedHtml).toMatch(/name="keyword_entry"[^>]*value="late"/);
    // Add takes the typed word, tidied as the list keeps it.
    const added = await post({ "keywords[0]": "refund", keyword_entry: " late  fee ", intent: "add-keyword" });
    expect(listed(await added.text())).toEqual(["refund", "late fee"]);
    // A crafted index, or an intent the form has not, is a bad request.
    expect((await post({ "keywords[0]": "refund", keyword_index: "first" })).status).toBe(400);
    expect((await post({ "keywords[0]": "refund", intent: "pick:refund" })).status).toBe(400);
    expect(errors()).toEqual([]);
  });

  it("deleting a topic needs its own id: another one is a bad request and deletes nothing", async () => {
    const created = await agent.post("/topics?index", {
      csrf: await agent.formToken("/topics"),
      intent: "save",
      name: "Refund talk",
      type: "keywords",
      "keywords[0]": "refund",
      entity_type: "2",
    });
    expect(created.status).toBe(302);
    const path = created.headers.get("location")!.split("?")[0]!;
    const id = Number(path.split("/").at(-1));
    const crafted = await agent.post(path, {
      csrf: await agent.formToken(path),
      intent: "delete",
      id: String(id + 1000),
    });
    expect(crafted.status).toBe(400);
    expect((await agent.get(path)).status).toBe(200);
    const deleted = await agent.post(path, { csrf: await agent.formToken(path), intent: "delete", id: String(id) });
    expect(deleted.status).toBe(302);
    expect((await agent.get(path)).status).toBe(404);
  });
});
