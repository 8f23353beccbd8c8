import { describe, expect, it } from "vitest";
import { fieldLabel, intentOfButton } from "./forms.server";

describe("fieldLabel", () => {
  it.each([
    ["email", "Email"],
    ["current_password", "Current password"],
    ["team_ids", "Teams"],
    ["account_ids", "Members"],
    ["entity_ids", "Teams"],
    ["otp_code", "Code"],
    ["business_profile_id", "Business profile"],
  ])("%s → %s", (field, label) => expect(fieldLabel(field)).toBe(label));
});

describe("intentOfButton", () => {
  const form = (fields: Array<[string, string]>) => {
    const data = new FormData();
    for (const [name, value] of fields) data.append(name, value);
    return data;
  };
  // The topic form's: its Save has no field of its own.
  const buttons: { [I in "pick" | "remove" | "save"]?: string } = { pick: "keyword", remove: "keyword_index" };

  it("names the intent after the field a row's button posted, keeping every field", () => {
    const named = intentOfButton(form([["keywords[0]", "refund"], ["keyword", "money back"]]), buttons, "save");
    expect([...named]).toEqual([
      ["keywords[0]", "refund"],
      ["keyword", "money back"],
      ["intent", "pick"],
    ]);
    expect(intentOfButton(form([["keyword_index", "0"]]), buttons).get("intent")).toBe("remove");
  });

  it("leaves a posted intent as it is, and names none without a button's field unless told", () => {
    const posted = form([["intent", "add-keyword"], ["keyword", "x"]]);
    expect(intentOfButton(posted, buttons, "save")).toBe(posted);
    expect(intentOfButton(form([["name", "x"]]), buttons, "save").get("intent")).toBe("save");
    expect(intentOfButton(form([["name", "x"]]), buttons).has("intent")).toBe(false);
  });
});
