import { describe, it, expect } from "vitest";
import {
  VISIBILITY,
  VISIBILITY_LABELS,
  VISIBILITY_OPTIONS,
  visibilityEntityIds,
} from "./visibility";

describe("visibility", () => {
  it("uses the spec's codes and labels", () => {
    expect(VISIBILITY).toEqual({ onlyMe: 1, everyone: 2, teams: 3 });
    expect(VISIBILITY_LABELS).toEqual({
      1: "Only Me",
      2: "Everyone",
      3: "Teams",
    });
    expect(VISIBILITY_OPTIONS.map((o) => o.label)).toEqual([
      "Only Me",
      "Everyone",
      "Teams",
    ]);
  });

  const base = { accountId: 7, businessProfileId: 11, teamIds: [3, 5, 3] };

  it("Only Me → the account", () => {
    expect(
      visibilityEntityIds({ ...base, visibility: VISIBILITY.onlyMe }),
    ).toEqual([7]);
  });

  it("Everyone → the business profile", () => {
    expect(
      visibilityEntityIds({ ...base, visibility: VISIBILITY.everyone }),
    ).toEqual([11]);
  });

  it("Teams → the chosen teams, deduplicated", () => {
    expect(
      visibilityEntityIds({ ...base, visibility: VISIBILITY.teams }),
    ).toEqual([3, 5]);
    expect(
      visibilityEntityIds({
        accountId: 1,
        businessProfileId: 2,
        visibility: VISIBILITY.teams,
      }),
    ).toEqual([]);
  });
});
