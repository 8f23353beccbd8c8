import { describe, expect, it } from "vitest";
import { formKey } from "./use-form-key";

describe("formKey", () => {
  const refused = { status: "error" };
  const refusedAgain = { status: "error" };

  it("starts the form again after each navigation without an answer", () => {
    expect([formKey(undefined, "a"), formKey(undefined, "b"), formKey(null, "b")]).toEqual(["a", "b", "b"]);
  });

  it("remounts once when an answer appears, not again when the address changes under it", () => {
    // The router shows the answer while the loaders revalidate (address 'a'), then commits address 'b'.
    const shown = formKey(refused, "a");
    expect(shown).not.toBe(formKey(undefined, "a"));
    expect(formKey(refused, "b")).toBe(shown);
  });

  it("remounts for each new answer, and with fresh defaults after a saved form's redirect", () => {
    const first = formKey(refused, "a");
    const second = formKey(refusedAgain, "a");
    expect(second).not.toBe(first);
    expect(formKey(refusedAgain, "b")).toBe(second);
    expect(formKey(undefined, "c")).toBe("c");
  });
});
