import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../../domain/messages";
import { createApiFixture, type ApiFixture, type SignedIn, type TenantFixture } from "../../../tests/support/api-fixture";
import { testEngines } from "../../../tests/support/database";

describe.each(testEngines({ engineSpecific: true }))("GET /v1/keywords on %s", (engine) => {
  let fx: ApiFixture;
  let mine: TenantFixture;
  let agent: SignedIn;
  let guest: SignedIn;

  beforeAll(async () => {
    fx = await createApiFixture(engine);
    mine = await fx.createTenant();
    const theirs = await fx.createTenant();
    [agent, guest] = await Promise.all([fx.signIn(mine.accounts.agent.email), fx.signIn(mine.accounts.guest.email)]);
    const words = (businessProfileId: number, entries: Array<[string, number]>) =>
      entries.map(([token, count]) => ({ businessProfileId, token, length: [...token].length, count }));
    await fx.db
      .insertInto("queryVocabulary")
      .values([
        ...words(mine.businessProfileId, [
          ["cafe", 5],
          ["cafes", 2],
          ["camera", 9],
          ["café", 1],
          ["dog", 4],
          ["cab", 0],
          ...Array.from({ length: 60 }, (_, i): [string, number] => [`word${String(i).padStart(2, "0")}`, 100 + i]),
        ]),
        ...words(theirs.businessProfileId, [["cafeteria", 1000]]),
      ])
      .execute();
  });
  afterAll(() => fx?.cleanup());

  const suggest = (query: string, auth: SignedIn = agent) => fx.request("GET", `/api/v1/keywords${query}`, { auth });

  it("suggests the tenant's own words that start with the folded word, most frequent first", async () => {
    const res = await suggest("?word=Café");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      data: [
        { keyword: "cafe", count: 5 },
        { keyword: "cafes", count: 2 },
      ],
    });
    const ca = await suggest("?word=CA&limit=2", guest);
    expect(ca.json.data).toEqual([
      { keyword: "camera", count: 9 },
      { keyword: "cafe", count: 5 },
    ]);
    expect((await suggest("?word=zebra")).json.data).toEqual([]);
  });

  it("gives 10 by default and at most 50", async () => {
    expect((await suggest("?word=word")).json.data).toHaveLength(10);
    expect((await suggest("?word=word")).json.data[0]).toEqual({ keyword: "word59", count: 159 });
    expect((await suggest("?word=word&limit=50")).json.data).toHaveLength(50);
    const over = await suggest("?word=word&limit=51");
    expect(over.status).toBe(422);
    expect(over.json.errors).toEqual({ limit: [MESSAGES.tooManyElements] });
    expect((await suggest("?word=word&limit=0")).status).toBe(422);
    expect((await suggest("?word=word&limit=ten")).json.errors).toEqual({ limit: [MESSAGES.numeric] });
  });

  it("suggests the most frequent words for an empty word, and needs a session", async () => {
    expect((await suggest("")).json.data[0]).toEqual({ keyword: "word59", count: 159 });
    expect((await fx.request("GET", "/api/v1/keywords?word=ca")).status).toBe(401);
  });
});
