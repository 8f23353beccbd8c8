import { describe, expect, it } from "vitest";
import { INGEST_LIMITS } from "../../domain/schemas/mention-input";
import { NETWORK_IDS } from "../../domain/networks";
import { WEBHOOK_ADAPTERS, WEBHOOK_INTEGRATIONS, webhookAdapter } from "./index";
import { delivery, expectInert, fixture, parsed } from "./test-support";

describe("registry", () => {
  it("has one adapter per integration, each a network id, each signing", () => {
    expect(Object.keys(WEBHOOK_ADAPTERS).sort()).toEqual([...WEBHOOK_INTEGRATIONS].sort());
    for (const integration of WEBHOOK_INTEGRATIONS) {
      expect(NETWORK_IDS).toContain(integration);
      const adapter = webhookAdapter(integration)!;
      expect(adapter.integration).toBe(integration);
      expect(adapter.signatureHelp).toEqual(expect.any(String));
    }
  });

  it("answers undefined for unknown names, other casings and object keys", () => {
    for (const name of ["slack", "Zendesk", "vanillaforums", "__proto__", "constructor", "toString", ""]) {
      expect(webhookAdapter(name)).toBeUndefined();
    }
  });

  it("fails closed on an empty secret for every integration", () => {
    for (const adapter of Object.values(WEBHOOK_ADAPTERS)) {
      expect(adapter.verify(delivery({}, "{}"), "").ok).toBe(false);
    }
  });
});

describe("every adapter", () => {
  const SAMPLES: [string, string][] = [
    ["zendesk", "zendesk-trigger.json"],
    ["zendesk", "zendesk-ticket-created.json"],
    ["zendesk", "zendesk-comment-added.json"],
    ["intercom", "intercom-user-created.json"],
    ["intercom", "intercom-admin-replied.json"],
    ["helpshift", "helpshift-create-issue.json"],
    ["helpshift", "helpshift-add-message.json"],
    ["helpshift", "helpshift-csat.json"],
    ["discord", "discord-message.json"],
    ["discord", "discord-message-command.json"],
    ["discourse", "discourse-post-created.json"],
    ["discourse", "discourse-reply.json"],
    ["vanillaForums", "vanilla-discussion-insert.json"],
    ["vanillaForums", "vanilla-comment-insert.json"],
  ];

  it.each(SAMPLES)("%s maps %s to valid items of its own network", (integration, file) => {
    const items = parsed(webhookAdapter(integration)!.map(fixture(file).json));
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(item.network).toBe(integration);
      expect(item.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expectInert(item.text);
    }
  });

  it("keeps very long bodies within INGEST_LIMITS", () => {
    const long = `<p>${"word ".repeat(10_000)}</p>`;
    const items = [
      webhookAdapter("zendesk")!.map({
        ticket: { id: 1, created_at: 1713374290, subject: "s".repeat(900), description: long },
      }),
      webhookAdapter("vanillaForums")!.map({
        action: "insert",
        payload: { discussion: { discussionID: 1, name: "t", body: long, dateInserted: "2024-04-17T17:30:00Z" } },
      }),
      webhookAdapter("discord")!.map({
        id: "1",
        channel_id: "2",
        author: { id: "3", username: "u".repeat(300) },
        content: "x".repeat(30_000),
      }),
    ].flat();
    for (const item of parsed(items)) {
      expect(item.text.length).toBeLessThanOrEqual(INGEST_LIMITS.textMax);
      expect(item.text.endsWith("…")).toBe(true);
      expect((item.title ?? "").length).toBeLessThanOrEqual(INGEST_LIMITS.titleMax);
    }
  });
});
