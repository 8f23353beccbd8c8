import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "../../domain/messages";
import { ApiError } from "../lib/api.server";
import { action } from "./_shell.inbox.draft";

const TOKEN = "form-token-of-this-session";

/** The draft route against a recording API: what it called, and what it answered. */
async function postDraft(fields: Record<string, string>, refuse?: ApiError) {
  const calls: Array<[string, string, unknown]> = [];
  const api = {
    isSignedIn: () => true,
    currentAccount: async () => ({ id: 1 }),
    put: async (path: string, body: unknown) => {
      calls.push(["PUT", path, body]);
      if (refuse) throw refuse;
      return {};
    },
    delete: async (path: string) => {
      calls.push(["DELETE", path, undefined]);
      return {};
    },
  };
  const context = { api, session: { get: (key: string) => (key === "formToken" ? TOKEN : undefined) } } as unknown as AppLoadContext;
  const body = new FormData();
  body.set("csrf", TOKEN);
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  const response = (await action({ request: new Request("http://web.test/inbox/draft", { method: "POST", body }), context, params: {} })) as Response;
  return { calls, status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("the draft route (one parse of the post)", () => {
  it("saves the draft with its template", async () => {
    const answer = await postDraft({ item_id: "7", text: "  Thanks! ", template_id: "3" });
    expect(answer).toEqual({ calls: [["PUT", "/v1/feed-items/7/draft", { text: "  Thanks! ", templateId: 3 }]], status: 200, body: { saved: true } });
  });

  it("drops the kept draft when the box is blank or only spaces", async () => {
    for (const text of ["", "   "]) {
      const answer = await postDraft({ item_id: "7", text });
      expect(answer, JSON.stringify(text)).toEqual({ calls: [["DELETE", "/v1/feed-items/7/draft", undefined]], status: 200, body: { saved: false } });
    }
  });

  it("refuses a bad item id, and a text over the reply's limit with the catalogue's words, calling nothing", async () => {
    expect(await postDraft({ item_id: "x", text: "hi" })).toEqual({ calls: [], status: 400, body: { error: MESSAGES.badRequest } });
    const long = await postDraft({ item_id: "7", text: "a".repeat(20_001) });
    expect(long.calls).toEqual([]);
    expect(long.status).toBe(400);
    expect(long.body.error).toBe(MESSAGES.maxLength);
  });

  it("answers an API refusal with its reason (the field's own words)", async () => {
    const refusal = new ApiError(422, "text This item can no longer be replied to.", { text: ["This item can no longer be replied to."] });
    expect((await postDraft({ item_id: "7", text: "hi" }, refusal)).body).toEqual({ error: "This item can no longer be replied to." });
  });
});
