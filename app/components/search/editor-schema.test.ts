import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "../../../domain/messages";
import { editorSchema } from "./editor-schema";

/** The editor's form as a browser posts it: a cleared name arrives as an empty field. */
function posted(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

describe("editorSchema", () => {
  const query = {
    "query[0].type": "must",
    "query[0].values[0].filterType": "keywords",
    "query[0].values[0].value": "refund",
  };

  it("refuses saving a saved search whose name was cleared (not taken as 'unchanged')", () => {
    const submission = parseWithZod(posted({ ...query, intent: "update", name: "" }), {
      schema: editorSchema("update", false),
    });
    expect(submission.status === "error" ? submission.error?.name : "saved").toEqual([MESSAGES.required]);
  });

  it("saves a renamed one, and runs a search without any name", () => {
    const renamed = parseWithZod(posted({ ...query, intent: "update", name: "Refunds" }), {
      schema: editorSchema("update", false),
    });
    expect(renamed.status).toBe("success");
    expect(parseWithZod(posted({ ...query, intent: "run" }), { schema: editorSchema("run", false) }).status).toBe(
      "success",
    );
  });
});
