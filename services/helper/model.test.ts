import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { phrasesFor } from "../../domain/helper/phrasebook";
import { createApiFixture, type ApiFixture, type SignedIn } from "../../tests/support/api-fixture";
import { HELPER_NOW, seedHelperMentions } from "../../tests/support/helper-seed";
import { numbersOutsideResults } from "./provenance";

// The optional model (issue 27, ADR 042) against a stand-in on loopback that speaks the OpenAI chat
// completions protocol with tools: it plans through a tool call over the helper's tools and words the
// answer; words with a number no tool gave are replaced by the composed answer; down or slow, the
// built-in planner answers and the answer says the model was not reached.

type Behaviour = "words" | "invents" | "slow";

describe("the helper with a model", () => {
  let fx: ApiFixture;
  let agent: SignedIn;
  let server: http.Server;
  let url: string;
  let behaviour: Behaviour = "words";
  const requests: any[] = [];

  beforeAll(async () => {
    fx = await createApiFixture("sqlite", { now: () => HELPER_NOW });
    const tenant = await fx.createTenant();
    agent = await fx.signIn(tenant.accounts.agent.email);
    await seedHelperMentions(fx.deps, tenant.businessProfileId);
    server = http.createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        const payload = JSON.parse(body);
        requests.push({ path: req.url, payload });
        const reply = (message: unknown) => {
          res.writeHead(200, { "content-type": "application/json" });
          res.end(JSON.stringify({ id: "x", object: "chat.completion", choices: [{ index: 0, message, finish_reason: "stop" }] }));
        };
        if (behaviour === "slow") return void setTimeout(() => reply({ role: "assistant", content: "late" }), 1500);
        const tool = payload.messages.find((m: any) => m.role === "tool");
        if (!tool) {
          return reply({
            role: "assistant",
            content: null,
            tool_calls: [
              {
                id: "call_1",
                type: "function",
                function: {
                  name: "count_mentions",
                  arguments: JSON.stringify({ from: "2026-03-02T00:00:00Z", to: "2026-03-09T00:00:00Z", networks: ["twitter"], sentiments: ["negative"], contexts: ["1-999999"] }),
                },
              },
            ],
          });
        }
        const count = JSON.parse(tool.content).contexts[0].count;
        reply({ role: "assistant", content: behaviour === "invents" ? `About ${count + 1000} negative tweets.` : `You had ${count} negative tweets last week.` });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 120_000);
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await fx?.cleanup();
  });

  const ask = async (question: string) => {
    const chat = await fx.request("POST", "/api/v1/helper/chats/", { auth: agent, body: { question } });
    expect(chat.status, JSON.stringify(chat.json)).toBe(201);
    return chat.json.messages[0];
  };

  it("plans through the model's tool calls over the same tools, and keeps its words when their numbers are the tools'", async () => {
    fx.deps.helper = { llmUrl: url, llmTimeoutMs: 3000 };
    behaviour = "words";
    const message = await ask("negative tweets last week?");
    expect(message.planner).toBe("model");
    const result = message.tool_results[0];
    expect(result.tool).toBe("count_mentions");
    // A context the asker does not see is dropped before the tool runs.
    expect(result.args.contexts).toEqual([]);
    expect(message.answer_text).toBe(`You had ${result.result.contexts[0].count} negative tweets last week.`);
    expect(numbersOutsideResults(message.answer_text, message.tool_results)).toEqual([]);
    expect(requests[0].path).toBe("/v1/chat/completions");
    expect(requests[0].payload.tools.map((t: any) => t.function.name)).toContain("count_mentions");
  });

  it("replaces words with an invented number by the answer composed from the results", async () => {
    fx.deps.helper = { llmUrl: url, llmTimeoutMs: 3000 };
    behaviour = "invents";
    const message = await ask("negative tweets last week?");
    expect(message.planner).toBe("model");
    expect(message.answer_text).not.toContain("About");
    expect(numbersOutsideResults(message.answer_text, message.tool_results)).toEqual([]);
  });

  it("answers with the built-in planner when the model is slow or down, and says so", async () => {
    behaviour = "slow";
    fx.deps.helper = { llmUrl: url, llmTimeoutMs: 200 };
    const slow = await ask("How many negative mentions did we get on Twitter last week?");
    expect(slow).toMatchObject({ planner: "builtin", status: "answered", notice: phrasesFor("en").modelNotReached });
    fx.deps.helper = { llmUrl: "http://127.0.0.1:9", llmTimeoutMs: 500 };
    const down = await ask("How many negative mentions did we get on Twitter last week?");
    expect(down).toMatchObject({ planner: "builtin", status: "answered", notice: phrasesFor("en").modelNotReached });
    expect(down.answer.figures[0].value).toBe(slow.answer.figures[0].value);
    fx.deps.helper = undefined;
  });
});
