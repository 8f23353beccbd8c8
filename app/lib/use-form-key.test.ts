import { describe, expect, it } from "vitest";
import { formKey, type FormKeyState } from "./use-form-key";

/** The keys a form gets over a sequence of (answer, address key) renders. */
function keysOver(renders: Array<[object | undefined, string]>): string[] {
  let state: FormKeyState = { answer: null, answers: 0 };
  return renders.map(([answer, locationKey]) => {
    const next = formKey(state, answer, locationKey);
    state = next.state;
    return next.key;
  });
}

describe("formKey", () => {
  const refused = { status: "error" };
  const refusedAgain = { status: "error" };

  it("starts the form again after each navigation without an answer", () => {
    expect(
      keysOver([
        [undefined, "a"],
        [undefined, "b"],
        [undefined, "b"],
      ]),
    ).toEqual(["a", "b", "b"]);
  });

  it("remounts once when an answer appears, not again when the address changes under it", () => {
    // The router shows the answer while the loaders revalidate (address 'a'), then commits address 'b'.
    const keys = keysOver([
      [undefined, "a"],
      [refused, "a"],
      [refused, "b"],
      [refused, "b"],
    ]);
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[2]).toBe(keys[1]);
    expect(keys[3]).toBe(keys[1]);
  });

  it("remounts for each new answer, and with fresh defaults after a saved form's redirect", () => {
    const keys = keysOver([
      [refused, "a"],
      [refusedAgain, "a"],
      [refusedAgain, "b"],
      [undefined, "c"],
    ]);
    expect(new Set(keys).size).toBe(3);
    expect(keys[2]).toBe(keys[1]);
    expect(keys[3]).toBe("c");
  });
});
