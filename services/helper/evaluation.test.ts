import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiFixture, type ApiFixture, type SignedIn } from "../../tests/support/api-fixture";
import { HELPER_NOW, seedHelperMentions } from "../../tests/support/helper-seed";
import { evaluateHelper, type EvaluationReport } from "../../bench/helper/evaluate";
import { ANSWERABLE, UNANSWERABLE } from "../../bench/helper/questions";

// The evaluation set on a small dataset (issue 27, ADR 042): the built-in planner answers at least 80% of
// the answerable questions correctly (plan and the dashboard API's figures), says it cannot answer every
// unanswerable one, every number of every answer's text comes from its tool results, and every answer
// and refusal is worded in the question's language (English, Spanish, German, French).

describe("the helper's evaluation set", () => {
  let fx: ApiFixture;
  let agent: SignedIn;
  let report: EvaluationReport;

  beforeAll(async () => {
    fx = await createApiFixture("sqlite", { now: () => HELPER_NOW });
    const tenant = await fx.createTenant();
    agent = await fx.signIn(tenant.accounts.agent.email);
    await seedHelperMentions(fx.deps, tenant.businessProfileId);
    const chat = await fx.request("POST", "/api/v1/helper/chats/", { auth: agent, body: {} });
    report = await evaluateHelper({
      ask: async (question) => {
        const res = await fx.request("POST", `/api/v1/helper/chats/${chat.json.id}/messages`, { auth: agent, body: { question } });
        expect(res.status, JSON.stringify(res.json)).toBe(201);
        return res.json;
      },
      read: async (path, body) => {
        const res = await fx.request("POST", `/api/v1/dashboard/${path}`, { auth: agent, body, headers: { "x-http-method-override": "GET" } });
        expect(res.status, JSON.stringify(res.json)).toBe(200);
        return res.json;
      },
      timeZone: "UTC",
      now: HELPER_NOW,
    });
  }, 180_000);
  afterAll(() => fx?.cleanup());

  it("holds 60 questions in four languages", () => {
    expect(ANSWERABLE.length + UNANSWERABLE.length).toBe(60);
    expect(new Set(ANSWERABLE.map((q) => q.language))).toEqual(new Set(["en", "es", "de", "fr"]));
  });

  it("answers at least 80% of the answerable questions with the API's figures", () => {
    expect(report.misses.filter((m) => ANSWERABLE.some((q) => m.startsWith(q.question)))).toEqual([]);
    expect(report.correct / report.answerable).toBeGreaterThanOrEqual(0.8);
  });

  it("says it cannot answer every unanswerable question", () => {
    expect(report.refused).toBe(report.unanswerable);
  });

  it("states only numbers that its tool results hold, in all four languages", () => {
    expect(report.provenanceFailures).toEqual([]);
    expect(Object.keys(report.checkedByLanguage).sort()).toEqual(["de", "en", "es", "fr"]);
    expect(Object.values(report.checkedByLanguage).reduce((a, b) => a + b, 0)).toBe(ANSWERABLE.length);
  });

  it("words every answer and refusal in the question's language", () => {
    expect(report.languageFailures).toEqual([]);
  });
});
