import { describe, expect, it } from "vitest";
import { MESSAGES } from "../messages";
import { DraftSchema, ModerationFormSchema, PresenceSchema, ReplyFormSchema } from "./replies";

const errorsOf = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("reply form schema", () => {
  it("keeps the text exactly as written and reads form values", () => {
    const text = "  <script>alert(1)</script>\nThanks!  ";
    expect(ReplyFormSchema.parse({ text, seen_reply_count: "2", confirm_stale: "on", template_id: "7", visibility: "private" })).toEqual({
      text,
      seen_reply_count: 2,
      confirm_stale: true,
      template_id: 7,
      visibility: "private",
    });
    expect(ReplyFormSchema.parse({ text: "Hi", seen_reply_count: 0, template_id: "" })).toEqual({
      text: "Hi",
      seen_reply_count: 0,
      visibility: "public",
    });
  });

  it("answers blank text and a missing or negative count with catalogue messages", () => {
    expect(errorsOf(ReplyFormSchema.safeParse({ text: " \n ", seen_reply_count: -1 }))).toEqual({
      text: MESSAGES.required,
      seen_reply_count: MESSAGES.notNegative,
    });
    expect(errorsOf(ReplyFormSchema.safeParse({}))).toEqual({ text: MESSAGES.required, seen_reply_count: MESSAGES.required });
    expect(errorsOf(ReplyFormSchema.safeParse({ text: "x".repeat(10_001), seen_reply_count: 0 }))).toEqual({ text: MESSAGES.maxLength });
  });

  it("requires draft text and defaults presence to viewing", () => {
    expect(errorsOf(DraftSchema.safeParse({ text: "" }))).toEqual({ text: MESSAGES.required });
    expect(PresenceSchema.parse({})).toEqual({ mode: "viewing" });
    expect(PresenceSchema.safeParse({ mode: "typing" }).success).toBe(false);
  });
});

describe("moderation form schema", () => {
  it("takes an action and a reason from the spec's lists, and a note", () => {
    expect(ModerationFormSchema.parse({ action: "block_user", reason: "harassment" })).toEqual({ action: "block_user", reason: "harassment", note: "" });
    expect(errorsOf(ModerationFormSchema.safeParse({ action: "ban", reason: "boredom" }))).toEqual({
      action: MESSAGES.selectAction,
      reason: MESSAGES.replies.selectReason,
    });
  });

  it("needs the new text for edit post and edit bio only", () => {
    expect(errorsOf(ModerationFormSchema.safeParse({ action: "edit_bio", reason: "impersonation", text: "  " }))).toEqual({ text: MESSAGES.required });
    expect(ModerationFormSchema.parse({ action: "edit_post", reason: "private details", text: "[removed]" }).text).toBe("[removed]");
    expect(ModerationFormSchema.safeParse({ action: "flag_spam", reason: "spamming" }).success).toBe(true);
  });
});
