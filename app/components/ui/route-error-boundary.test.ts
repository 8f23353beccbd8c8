import { describe, expect, it } from "vitest";
import { MESSAGES } from "../../../domain/messages";
import { errorTitle, notFoundDetail } from "./route-error-boundary";

// The shape Remix gives a boundary for a thrown Response (isRouteErrorResponse checks these fields).
const thrown = (status: number, data: unknown) => ({ status, statusText: "", internal: false, data });

describe("errorTitle", () => {
  it("words each status from the catalogue, and never shows a thrown Error's details", () => {
    expect(errorTitle(thrown(404, MESSAGES.notFound))).toBe(MESSAGES.pageNotFound);
    expect(errorTitle(thrown(403, MESSAGES.csrfInvalid))).toBe(MESSAGES.forbidden);
    expect(errorTitle(thrown(401, { error: MESSAGES.unauthorized }))).toBe(MESSAGES.unauthorized);
    expect(errorTitle(thrown(400, MESSAGES.badRequest))).toBe(MESSAGES.somethingWentWrong);
    expect(errorTitle(thrown(502, "upstream"))).toBe(MESSAGES.somethingWentWrong);
    expect(errorTitle(new Error("SQLITE_BUSY at /srv/app.db"))).toBe(MESSAGES.somethingWentWrong);
  });
});

describe("notFoundDetail", () => {
  it("is the reason a 404 was thrown with, else the screen's own wording", () => {
    expect(notFoundDetail(thrown(404, MESSAGES.inboxActions.labelNotFound), MESSAGES.inboxActions.itemNotFound)).toBe(
      MESSAGES.inboxActions.labelNotFound,
    );
    expect(notFoundDetail(thrown(404, MESSAGES.notFound), MESSAGES.searches.topicNotFound)).toBe(MESSAGES.searches.topicNotFound);
    expect(notFoundDetail(thrown(404, ""), undefined)).toBeNull();
  });

  it("is nothing for any other status", () => {
    expect(notFoundDetail(thrown(403, MESSAGES.csrfInvalid), "x")).toBeNull();
    expect(notFoundDetail(new Error("boom"), "x")).toBeNull();
  });
});
