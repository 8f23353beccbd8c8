import { describe, expect, it } from "vitest";
import * as z from "zod";
import { parseNestedQuery, snakeKey, toNestedQuery, toWire } from "./case";

const parse = (query: string) => parseNestedQuery(new URLSearchParams(query));

describe("parseNestedQuery", () => {
  it("turns bracket keys into nested objects and arrays", () => {
    expect(parse("range[from]=a&range[to]=b&ids[]=1&ids[]=2")).toEqual({
      range: { from: "a", to: "b" },
      ids: ["1", "2"],
    });
  });

  it("keeps plain keys, repeated keys and decoded values", () => {
    expect(parse("q=hello%20world&sort=desc&tag=a&tag=b&empty=")).toEqual({
      q: "hello world",
      sort: "desc",
      tag: ["a", "b"],
      empty: "",
    });
  });

  it("nests several levels and arrays inside objects", () => {
    expect(parse("filters[sentiment][]=1&filters[sentiment][]=-1&filters[range][from]=x&a[b][c]=d")).toEqual({
      filters: { sentiment: ["1", "-1"], range: { from: "x" } },
      a: { b: { c: "d" } },
    });
  });

  it("accepts percent-encoded brackets", () => {
    expect(parse("range%5Bfrom%5D=a&ids%5B%5D=1")).toEqual({ range: { from: "a" }, ids: ["1"] });
  });

  it("gives a one-element array for a single [] value", () => {
    expect(parse("ids[]=7")).toEqual({ ids: ["7"] });
  });

  it("answers an empty object for an empty query", () => {
    expect(parse("")).toEqual({});
  });

  it("does not pollute Object.prototype", () => {
    const result = parse("__proto__[polluted]=yes&a[__proto__][polluted]=yes&constructor[prototype][polluted]=yes");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty("polluted");
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
  });

  it("does not mistake inherited members for values", () => {
    expect(parse("toString=1&hasOwnProperty[]=2&valueOf[x]=3")).toEqual({
      toString: "1",
      hasOwnProperty: ["2"],
      valueOf: { x: "3" },
    });
  });

  it("does not throw when one key is used both as a value and as an object or list", () => {
    expect(() => parse("range=x&range[from]=a")).not.toThrow();
    expect(parse("range=x&range[from]=a")).toEqual({ range: { from: "a" } });
    expect(parse("ids=1&ids[]=2")).toEqual({ ids: ["1", "2"] });
    expect(() => parse("a[b]=1&a[]=2&a[c]=3")).not.toThrow();
  });
});

describe("toNestedQuery", () => {
  it("writes nested objects and arrays as bracket keys", () => {
    const query = toNestedQuery({ range: { from: "a", to: "b" }, ids: [1, 2] });
    expect(query.toString()).toBe("range%5Bfrom%5D=a&range%5Bto%5D=b&ids%5B%5D=1&ids%5B%5D=2");
    expect([...query]).toEqual([
      ["range[from]", "a"],
      ["range[to]", "b"],
      ["ids[]", "1"],
      ["ids[]", "2"],
    ]);
  });

  it("skips null and undefined, and writes scalars as strings", () => {
    const query = toNestedQuery({ a: null, b: undefined, c: 0, d: false, e: "", f: { g: null } });
    expect([...query]).toEqual([
      ["c", "0"],
      ["d", "false"],
      ["e", ""],
    ]);
  });

  it("writes objects inside arrays as JSON", () => {
    expect([...toNestedQuery({ groups: [{ type: "must" }] })]).toEqual([["groups[]", '{"type":"must"}']]);
  });

  it("round-trips through parseNestedQuery", () => {
    const value = {
      range: { from: "2024-01-01T00:00:00.000Z", to: "2024-01-31T23:59:59.999Z" },
      account_ids: ["1", "2", "3"],
      context_type: "6",
      q: "brand & more [x]",
      filters: { networks: ["twitter", "rss"], sentiment: { min: "-1" } },
    };
    const query = toNestedQuery(value);
    expect(parseNestedQuery(query)).toEqual(value);
    // Also through the text form, as it travels in a URL.
    expect(parseNestedQuery(new URLSearchParams(query.toString()))).toEqual(value);
    expect(parse("range[from]=a&range[to]=b&ids[]=1&ids[]=2")).toEqual(
      parseNestedQuery(toNestedQuery(parse("range[from]=a&range[to]=b&ids[]=1&ids[]=2"))),
    );
  });

  it("appends to a given URLSearchParams", () => {
    const out = new URLSearchParams("limit=15");
    toNestedQuery({ offset: 30 }, "", out);
    expect(out.toString()).toBe("limit=15&offset=30");
  });
});

describe("snakeKey", () => {
  it("converts camelCase keys", () => {
    expect(snakeKey("businessProfileId")).toBe("business_profile_id");
    expect(snakeKey("logoUrl")).toBe("logo_url");
    expect(snakeKey("id")).toBe("id");
    expect(snakeKey("already_snake")).toBe("already_snake");
    expect(snakeKey("step2Done")).toBe("step2_done");
  });
});

describe("toWire", () => {
  it("converts keys deeply, through objects and arrays, and leaves values alone", () => {
    const createdAt = new Date("2024-05-01T10:00:00.000Z");
    const input = {
      firstName: "Ada",
      avatarUrl: null,
      isAccountOvertaken: false,
      businessProfile: { id: 1, logoUrl: null, activeAccountsCount: 3, timeZone: "Europe/Paris" },
      teams: [{ teamId: 1, teamName: "Support" }],
      preferences: {
        ui: { defaultDashboardStreams: [1, 2] },
        security: { twoFactorAuthorization: { otpEnabled: true } },
      },
      tags: ["camelCase stays", "valueAsIs"],
      createdAt,
    };
    const output = toWire(z.record(z.string(), z.unknown()), input);
    expect(output).toEqual({
      first_name: "Ada",
      avatar_url: null,
      is_account_overtaken: false,
      business_profile: { id: 1, logo_url: null, active_accounts_count: 3, time_zone: "Europe/Paris" },
      teams: [{ team_id: 1, team_name: "Support" }],
      preferences: {
        ui: { default_dashboard_streams: [1, 2] },
        security: { two_factor_authorization: { otp_enabled: true } },
      },
      tags: ["camelCase stays", "valueAsIs"],
      created_at: createdAt,
    });
    expect(output.created_at).toBeInstanceOf(Date);
    // The input is not modified.
    expect(input.businessProfile).toHaveProperty("logoUrl");
  });

  it("passes scalars, null and top-level arrays through", () => {
    const anything = z.unknown();
    expect(toWire(anything, null)).toBeNull();
    expect(toWire(anything, undefined)).toBeUndefined();
    expect(toWire(anything, "someString")).toBe("someString");
    expect(toWire(anything, 42)).toBe(42);
    expect(toWire(anything, [{ aB: 1 }, [{ cD: 2 }]])).toEqual([{ a_b: 1 }, [{ c_d: 2 }]]);
  });
});
