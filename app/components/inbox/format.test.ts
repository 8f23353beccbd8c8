import type { JsonValue } from "../../../domain/schemas/common";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "../../../domain/messages";
import { ROLES } from "../../../domain/roles";
import { LANGUAGES } from "../../../domain/reference/languages";
import { buildStreamSidebar, groupLabels, historyRow, languageChoices, presenceText, toInboxRow, viewerRows, type SidebarStream } from "./format";
import type { ApiFeedItem } from "./types";

const L = MESSAGES.inboxUi;

function stream(id: number, socialType: string, category: SidebarStream["category"], name: string, pinned = false) {
  return { id, socialType, category, name, pinned, canPin: true, canEdit: false, canDuplicate: false, canDelete: false };
}

describe("the sources sidebar", () => {
  it("groups streams per network in the catalogue's order, by catalogue category, pinned first then by name", () => {
    const groups = buildStreamSidebar(
      [
        stream(1, "reddit", "streams", "r/games"),
        stream(2, "twitter", "hashtags", "#launch"),
        stream(3, "twitter", "inboxes", "zeta inbox"),
        stream(4, "twitter", "inboxes", "Alpha inbox"),
        stream(5, "twitter", "streams", "mentions", true),
        stream(6, "twitter", "inboxes", "beta inbox", true),
      ],
      ROLES.agent,
      { canManage: false },
    );
    expect(groups.map((g) => g.network)).toEqual(["twitter", "reddit"]);
    // twitter's catalogue: inboxes, direct messages, timelines, streams, hashtags.
    expect(groups[0]!.shown.map((s) => s.name)).toEqual(["beta inbox", "Alpha inbox", "zeta inbox", "mentions", "#launch"]);
    expect(groups[0]!.addable).toEqual([]);
  });

  it("folds after 15 streams of a network ('show more'), offers the catalogue's categories to managers, hides wixan but from system admins", () => {
    const many = Array.from({ length: 18 }, (_, i) => stream(i + 1, "youtube", "channel streams", `Channel ${String(i + 1).padStart(2, "0")}`));
    const [youtube] = buildStreamSidebar(many, ROLES.admin, { canManage: true });
    expect(youtube!.shown).toHaveLength(15);
    expect(youtube!.folded.map((s) => s.name)).toEqual(["Channel 16", "Channel 17", "Channel 18"]);
    expect(youtube!.addable).toEqual([{ category: "channel streams", label: "Channel streams" }]);

    const wixan = [stream(40, "wixan", "streams", "Wixan board")];
    expect(buildStreamSidebar(wixan, ROLES.admin, { canManage: true })).toEqual([]);
    expect(buildStreamSidebar(wixan, ROLES.systemAdmin, { canManage: true }).map((g) => g.network)).toEqual(["wixan"]);
  });

  it("labels by group, groups and names case-insensitively, no group last", () => {
    expect(
      groupLabels([
        { id: 1, name: "urgent", category: null },
        { id: 2, name: "Refund", category: "Billing" },
        { id: 3, name: "bug", category: "product" },
        { id: 4, name: "invoice", category: "Billing" },
      ]),
    ).toEqual([
      { category: "Billing", labels: [{ id: 4, name: "invoice" }, { id: 2, name: "Refund" }] },
      { category: "product", labels: [{ id: 3, name: "bug" }] },
      { category: "", labels: [{ id: 1, name: "urgent" }] },
    ]);
  });
});

const item: ApiFeedItem = {
  id: 7,
  statusId: "x-7",
  socialType: "twitter",
  streamId: 2,
  kind: "post",
  title: null,
  description: "<script>alert(1)</script> the app crashes",
  postUrl: "javascript:alert(1)",
  language: "en",
  sentiment: -1,
  sentimentScore: -0.6,
  sentimentDrivers: [{ term: "crashes", weight: -0.6 }],
  keywords: ["app"],
  counts: { likes: 1, comments: 2, shares: 3, views: 4, totalEngagements: 6 },
  reach: 10,
  impactScore: 3,
  rating: null,
  identity: { id: 3, username: "pat", name: "Pat Doe", followers: 5, country: "US", photoUrl: null },
  authorUsername: "pat",
  authorName: "Pat Doe",
  authorFollowers: 5,
  authorCountry: "US",
  state: 2,
  assignedTo: { id: 4, type: "team", name: "Support", message: null, at: null, by: 1 },
  labels: [
    { id: 2, name: "urgent" },
    { id: 1, name: "Billing" },
  ],
  labelIds: [2, 1],
  translation: null,
  translationLanguage: null,
  isReplied: 1,
  isAgentReply: false,
  muted: false,
  parentStatusId: null,
  firstReplyAt: null,
  createdAt: "2026-03-05T14:07:09Z",
  ingestedAt: "2026-03-05T14:07:10Z",
  viewers: [
    { accountId: 1, name: "Me Myself", mode: "viewing", seenAt: "2026-03-05T14:07:09Z" },
    { accountId: 2, name: "Ana", mode: "viewing", seenAt: "2026-03-05T14:07:09Z" },
    { accountId: 3, name: "Ben", mode: "replying", seenAt: "2026-03-05T14:07:09Z" },
  ],
};

describe("an item as the list shows it", () => {
  it("keeps the text as text, names the state, assignee and labels, and lists the others on it, replying first", () => {
    const row = toInboxRow(item, { timeZone: "UTC", selfId: 1 });
    expect(row).toMatchObject({
      id: 7,
      network: "twitter",
      author: "Pat Doe",
      text: "<script>alert(1)</script> the app crashes",
      time: "05 Mar 2026 14:07:09",
      sentiment: "negative",
      state: 2,
      stateLabel: "Pending",
      assignee: { value: "team:4", name: "Support" },
      labels: [
        { id: 1, name: "Billing" },
        { id: 2, name: "urgent" },
      ],
      isReplied: true,
      engagements: 6,
    });
    expect(row.viewers.map(presenceText)).toEqual([L.isReplying("Ben"), L.isViewing("Ana")]);
    expect(viewerRows(undefined, 1)).toEqual([]);
  });
});

describe("the language filter's choices", () => {
  it("offers the languages present and the chosen ones, by label with Other last, unknown codes after", () => {
    expect(languageChoices(["und", "ja", "en", "de"], [])).toEqual([
      { code: "en", label: "English" },
      { code: "de", label: "German" },
      { code: "ja", label: "Japanese" },
      { code: "und", label: "Other" },
    ]);
    // A language chosen in the address stays offered (selected) though none of its mentions is left.
    expect(languageChoices(["en"], ["fr"]).map((l) => l.code)).toEqual(["en", "fr"]);
    expect(languageChoices(["en", "pt-br"], ["EN"]).map((l) => l.code)).toEqual(["en", "pt-br"]);
  });

  it("offers every language while none is known", () => {
    expect(languageChoices([], [])).toBe(LANGUAGES);
    expect(languageChoices([], ["fr"])).toBe(LANGUAGES);
  });
});

describe("the actions history in words", () => {
  const at = "2026-03-05T14:07:09Z";
  const entry = (actionType: string, data: JsonValue) => ({ id: 1, actionType, accountId: 2, actorName: "Ana Agent", data, createdAt: at });
  it("says who did what, with the message, note or text that came with it", () => {
    expect(historyRow(entry("assignment", { assigneeName: "Ben", message: "please look" }), "UTC")).toMatchObject({
      who: "Ana Agent",
      what: L.historyAssigned("Ben"),
      detail: "please look",
      time: "05 Mar 2026 14:07:09",
    });
    expect(historyRow(entry("labels", { labels: [{ id: 1, name: "bug" }, { id: 2, name: "vip" }] }), "UTC").what).toBe(L.historyLabels("bug, vip"));
    expect(historyRow(entry("labels", { labels: [] }), "UTC").what).toBe(L.historyLabelsCleared);
    expect(historyRow(entry("state", { from: 1, to: 3 }), "UTC").what).toBe(L.historyState("Closed"));
    expect(historyRow(entry("translation", { language: "es" }), "UTC").what).toBe(L.historyTranslated("Spanish"));
    expect(historyRow(entry("replied_by", { text: "Thanks!", delivery: "manual" }), "UTC")).toMatchObject({ what: L.historyReplied, detail: "Thanks!" });
    expect(historyRow(entry("moderation", { action: "flag_spam", actionText: "flagged as spam", reason: "spamming", note: "bot" }), "UTC")).toMatchObject({
      what: L.historyModerated("flagged as spam", "spamming"),
      detail: "bot",
    });
    expect(historyRow({ ...entry("liked_by", {}), actorName: null }, "UTC")).toMatchObject({ who: L.someone, what: L.historyLiked });
  });
});
