import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./navigation";

// Issue 31: `/login?redirectFrom=/.//evil.example` sent the browser to `//evil.example`. Whatever the
// value, what comes out is a path on this site (the one sanitiser every redirect to a user-supplied
// target goes through).

const ORIGIN = "https://app.example";

/** How a browser reads a Location header: tabs and newlines are dropped, then it resolves against the page. */
function browserResolves(location: string): URL {
  return new URL(location.replace(/[\t\n\r]/g, ""), `${ORIGIN}/some/page`);
}

function expectSameOrigin(out: string) {
  expect(out.startsWith("/"), out).toBe(true);
  expect(/^\/[/\\]/.test(out), out).toBe(false);
  // eslint-disable-next-line no-control-regex
  expect(/[\u0000-\u001f\u007f]/.test(out), out).toBe(false);
  expect(browserResolves(out).origin, out).toBe(ORIGIN);
}

describe("safeRedirectPath: only same-origin paths come out", () => {
  const attacks = [
    "/.//evil.example",
    "/./..//evil.example",
    "/..//evil.example",
    "/a/..//evil.example",
    "/%2e//evil.example",
    "/%2E%2E//evil.example",
    "/.%2e//evil.example",
    "/./\\evil.example",
    "/.\\/evil.example",
    "/\t/evil.example",
    "/.\t//evil.example",
    "/.//\tevil.example",
    "//evil.example",
    "/\\evil.example",
    "\\/evil.example",
    "https://evil.example",
    "https:evil.example",
    "javascript:alert(1)",
    " /\\evil.example",
    "%2F%2Fevil.example",
    "%252F%252Fevil.example",
  ];
  for (const value of attacks) {
    it(`${JSON.stringify(value)} stays on this site`, () => {
      const out = safeRedirectPath(value);
      expectSameOrigin(out);
      expect(browserResolves(out).pathname.startsWith("//")).toBe(false);
    });
  }

  it("resolves dot segments into a plain path: /./inbox → /inbox, /a/../inbox → /inbox", () => {
    expect(safeRedirectPath("/./inbox")).toBe("/inbox");
    expect(safeRedirectPath("/a/../inbox?x=1")).toBe("/inbox?x=1");
  });

  const pieces = fc.constantFrom(
    "/", "//", "\\", ".", "..", "%2e", "%2E", "%2F", "%2f", "%5C", "%252F", "%09", "\t", "\n", "\r", " ", "\u0000",
    "evil.example", "https:", "http:", "javascript:", "data:", ":", "@", "?", "#", "&", "=", "inbox", "login", "logout",
  );
  const candidates = fc.oneof(
    fc.array(pieces, { maxLength: 12 }).map((parts) => parts.join("")),
    fc.string(),
    fc.webUrl(),
    fc.webPath(),
  );

  it("never lets a value out that a browser would take to another origin (property)", () => {
    fc.assert(
      fc.property(candidates, (value) => {
        expectSameOrigin(safeRedirectPath(value));
      }),
      { numRuns: 3000 },
    );
  });

  it("is idempotent: a sanitised path sanitises to itself (property)", () => {
    fc.assert(
      fc.property(candidates, (value) => {
        const once = safeRedirectPath(value);
        expect(safeRedirectPath(once)).toBe(once);
      }),
      { numRuns: 2000 },
    );
  });

  it("keeps an ordinary path of the site unchanged (property)", () => {
    const segment = fc.stringMatching(/^[a-z0-9_-]{1,10}$/);
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 4 }), fc.option(segment), (segments, query) => {
        fc.pre(!["login", "logout"].includes(segments[0]!.toLowerCase()) || segments.length > 1);
        const path = `/${segments.join("/")}${query ? `?q=${query}` : ""}`;
        expect(safeRedirectPath(path)).toBe(path);
      }),
    );
  });
});
