import { describe, expect, it } from "vitest";
import { MESSAGES } from "../../../domain/messages";
import { refusalReason } from "./refusal-reason";

// The shape Remix gives a boundary for a thrown Response (isRouteErrorResponse checks these fields).
const thrown = (status: number, data: unknown) => ({ status, statusText: "", internal: false, data });

describe("refusalReason", () => {
  it("is the catalogue message of a 4xx refusal", () => {
    expect(refusalReason(thrown(403, MESSAGES.csrfInvalid))).toBe(MESSAGES.csrfInvalid);
    expect(refusalReason(thrown(400, MESSAGES.badRequest))).toBe(MESSAGES.badRequest);
  });

  it("is nothing for a 404 (each boundary words it), a server error, an empty body or a thrown Error", () => {
    expect(refusalReason(thrown(404, MESSAGES.notFound))).toBeNull();
    expect(refusalReason(thrown(502, MESSAGES.somethingWentWrong))).toBeNull();
    expect(refusalReason(thrown(403, " "))).toBeNull();
    expect(refusalReason(thrown(403, { error: "x" }))).toBeNull();
    expect(refusalReason(new Error("SQLITE_BUSY at /srv/app.db"))).toBeNull();
  });
});
