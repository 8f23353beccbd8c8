import { describe, expect, it } from "vitest";
import { MESSAGES } from "../messages";
import { AnnotationBodySchema, AnnotationLayerBodySchema, AnnotationPatchSchema } from "./annotations";
import { DashboardTemplateBodySchema, SharedLinkBodySchema } from "./dashboard-config";

const errorsOf = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("annotation and dashboard configuration API schemas", () => {
  it("read a layer as a form posts it (strings) and refuse what is missing or out of range", () => {
    expect(AnnotationLayerBodySchema.parse({ name: " Launches ", color: "3", brand: "12", type: "PR" })).toEqual({
      name: "Launches",
      color: 3,
      brand: 12,
      type: "PR",
    });
    expect(AnnotationLayerBodySchema.parse({ name: "x", color: 0, brand: "", type: "Research" }).brand).toBeNull();
    expect(errorsOf(AnnotationLayerBodySchema.safeParse({ name: "", color: "12", type: "" }))).toEqual({
      name: MESSAGES.required,
      color: MESSAGES.wrongFormat,
      type: MESSAGES.required,
    });
    expect(errorsOf(AnnotationLayerBodySchema.safeParse({ name: "x", type: "PR" }))).toEqual({ color: MESSAGES.required });
  });

  it("read an annotation: name and anchor date required, attachments are http(s) links", () => {
    expect(AnnotationBodySchema.parse({ name: "Outage", anchor_date: "2026-02-10", layer_id: "4", text: "  " })).toEqual({
      name: "Outage",
      anchor_date: "2026-02-10",
      layer_id: 4,
      text: undefined,
    });
    expect(
      errorsOf(AnnotationBodySchema.safeParse({ name: " ", anchor_date: "soon", layer_id: 1, attachments: [{ name: "a", url: "javascript:alert(1)" }] })),
    ).toEqual({ name: MESSAGES.required, anchor_date: MESSAGES.wrongFormat, "attachments.0.url": MESSAGES.url });
    // A PATCH may clear the text; null is an empty name, refused.
    expect(AnnotationPatchSchema.parse({ text: "" })).toEqual({ text: "" });
    expect(errorsOf(AnnotationPatchSchema.safeParse({ name: null }))).toEqual({ name: MESSAGES.required });
  });

  it("read templates and links with defaults; context tokens 'type-id' or saved search ids", () => {
    expect(DashboardTemplateBodySchema.parse({ name: "Weekly", config: { context_ids: ["2-5", 7] } })).toEqual({
      name: "Weekly",
      time: 30,
      time_unit: "Days",
      config: { context_ids: ["2-5", "1-7"], widgets: [] },
    });
    expect(errorsOf(DashboardTemplateBodySchema.safeParse({ name: "", time_unit: "Weeks" }))).toEqual({
      name: MESSAGES.required,
      time_unit: MESSAGES.wrongFormat,
    });
    const link = SharedLinkBodySchema.parse({
      title: "Board",
      non_logged_in_access: "on",
      config: { widgets: [{ id: "sentiment", config: {} }, "topics"], contexts: ["1-3", { context_type: 6, context_id: 0 }] },
    });
    expect(link).toMatchObject({
      non_logged_in_access: true,
      config: {
        widgets: ["sentiment", "topics"],
        contexts: [
          { context_type: 1, context_id: 3, properties: null },
          { context_type: 6, context_id: 0 },
        ],
      },
    });
    expect(SharedLinkBodySchema.parse({ title: "x" }).non_logged_in_access).toBe(false);
  });
});
