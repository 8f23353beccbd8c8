import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { IngestItemSchema } from "../../domain/schemas/mention-input";
import { parseFeedDate } from "./dates";
import { htmlToText, truncate } from "./html-text";
import { FEED_MESSAGES, FeedParseError, normaliseRating, parseFeed } from "./parse";

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, "fixtures", name), "utf8");
const NOW = new Date("2024-06-01T00:00:00.000Z");

function parseError(run: () => unknown): FeedParseError {
  try {
    run();
  } catch (error) {
    if (error instanceof FeedParseError) return error;
    throw error;
  }
  throw new Error("expected a FeedParseError");
}

describe("parseFeed: RSS 2.0", () => {
  const feed = parseFeed(fixture("rss2.xml"), "article", { baseUrl: "https://blog.northwind.example/feed/", now: NOW });

  it("reads the channel title and every item, each valid for the ingest contract", () => {
    expect(feed.title).toBe("Northwind Tech Blog");
    expect(feed.items).toHaveLength(4);
    for (const item of feed.items) expect(() => IngestItemSchema.parse(item)).not.toThrow();
  });

  it("maps guid, title, content:encoded as plain text, link, date, dc:creator, language and comments", () => {
    const [first] = feed.items;
    expect(first).toMatchObject({
      network: "article",
      kind: "article",
      external_id: "https://blog.northwind.example/?p=4812",
      title: "Northwind & Acme announce a partnership",
      url: "https://blog.northwind.example/2024/05/14/partnership/",
      created_at: "2024-05-14T09:30:12.000Z",
      author: { username: "Maria Lopez" },
      language: "en",
      comments: 12,
    });
    expect(first.text).toBe(
      "Today we\u2019re excited to share that Northwind and Acme will work together.\n" +
        "Shared roadmap\nJoint support & training\nQuestions? Write to us.",
    );
    expect(first.text).not.toMatch(/[<>]|trackPageView|color: red/);
    expect(first).not.toHaveProperty("rating");
  });

  it("decodes escaped HTML descriptions, RSS author e-mails and US zone names", () => {
    const second = feed.items[1];
    expect(second.external_id).toBe("https://blog.northwind.example/2024/05/02/release-3-2/");
    expect(second.text).toBe("Faster sync, a new dark mode and 40 fixes.\nEnjoy!");
    expect(second.author.username).toBe("Press Team");
    expect(second.created_at).toBe("2024-05-02T23:05:00.000Z");
  });

  it("falls back to a stable hash id, the feed title as author, and now for a missing date", () => {
    const [, , third, fourth] = feed.items;
    expect(third.external_id).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(third.text).toBe("Plain description < with a lone less-than sign.");
    expect(third.created_at).toBe("2024-05-01T07:00:00.000Z");
    expect(third.author.username).toBe("Northwind Tech Blog");
    expect(third).not.toHaveProperty("url");
    expect(fourth.created_at).toBe(NOW.toISOString());
    expect(fourth).not.toHaveProperty("title");
    expect(fourth.text).toBe("Only a description, no title, no date.");

    const again = parseFeed(fixture("rss2.xml"), "article", { now: new Date() });
    expect(again.items.map((i) => i.external_id)).toEqual(feed.items.map((i) => i.external_id));
    expect(new Set(feed.items.map((i) => i.external_id)).size).toBe(4);
  });
});

describe("parseFeed: Atom", () => {
  const feed = parseFeed(fixture("atom.xml"), "article", { baseUrl: "https://news.beispiel.example/atom.xml" });

  it("maps id, html and xhtml text, xml:base links, authors, published dates and xml:lang", () => {
    expect(feed.title).toBe("Beispiel Nachrichten");
    const [first, second, third] = feed.items;
    expect(first).toMatchObject({
      external_id: "tag:news.beispiel.example,2024:artikel-1",
      title: "Northwind übernimmt Startup",
      url: "https://news.beispiel.example/artikel/northwind-uebernahme",
      created_at: "2024-05-13T18:30:02.000Z",
      language: "de",
      author: { username: "Jonas Weber", profile_url: "https://news.beispiel.example/autoren/jonas-weber" },
    });
    expect(first.text).toBe("Die Northwind GmbH hat das Startup Startup AG gekauft.\nDer Preis: 5 Mio. €.");

    expect(second).toMatchObject({
      external_id: "https://wire.example/story/42",
      url: "https://wire.example/story/42",
      text: "Wire & copy",
      language: "en",
      created_at: "2024-05-12T08:00:00.250Z",
      author: { username: "Redaktion Beispiel" },
    });

    // javascript: links are dropped; a type="text" body is literal text (its "<b>" is words); zoneless
    // dates are UTC.
    expect(third).not.toHaveProperty("url");
    expect(third.text).toBe("Plain <b>text</b> that claims to be text.");
    expect(third.created_at).toBe("2024-05-11T08:00:00.000Z");
    for (const item of feed.items) IngestItemSchema.parse(item);
  });
});

describe("parseFeed: RSS 1.0 (RDF)", () => {
  it("reads items beside the channel, rdf:about ids, dc:date, dc:creator and dc:language", () => {
    const feed = parseFeed(fixture("rdf.xml"), "article");
    expect(feed.title).toBe("Le Journal");
    expect(feed.items).toEqual([
      {
        network: "article",
        kind: "article",
        external_id: "https://journal.example/a/1",
        title: "Northwind ouvre un bureau à Lyon",
        text: "L'entreprise s\u2019installe en France.",
        url: "https://journal.example/a/1",
        created_at: "2024-04-30T08:15:00.000Z",
        language: "fr",
        author: { username: "Claire Martin" },
      },
    ]);
  });
});

describe("parseFeed: web reviews", () => {
  const feed = parseFeed(fixture("webreviews.xml"), "webreview");

  it("makes reviews with ratings from rev:, gd: and plain rating elements, brought to five stars", () => {
    expect(feed.items.map((i) => [i.kind, i.network, i.rating])).toEqual([
      ["review", "webreview", 3],
      ["review", "webreview", 4.11],
      ["review", "webreview", 4.5],
      ["review", "webreview", undefined],
    ]);
    expect(feed.items[0]).toMatchObject({ author: { username: "Sam Patel" }, language: "en" });
    expect(feed.items[0].created_at).toBe("2024-05-10T11:00:00.000Z");
    for (const item of feed.items) IngestItemSchema.parse(item);
  });

  it("puts no rating on articles even when the feed has one", () => {
    const articles = parseFeed(fixture("webreviews.xml"), "article");
    expect(articles.items.every((i) => i.kind === "article" && i.rating === undefined)).toBe(true);
  });
});

describe("parseFeed: not a feed", () => {
  it("recognises an HTML page", () => {
    const error = parseError(() => parseFeed(fixture("html-page.html"), "article"));
    expect(error.code).toBe("html");
    expect(error.message).toBe("The feed answered HTML, not RSS or Atom");
    expect(parseError(() => parseFeed("<html><body><p>hi<br></body></html>", "article")).code).toBe("html");
    expect(
      parseError(() => parseFeed('<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"/>', "article")).code,
    ).toBe("html");
  });

  it("reports malformed XML with the parser's position", () => {
    const error = parseError(() => parseFeed(fixture("broken.xml"), "article"));
    expect(error.code).toBe("invalid-xml");
    expect(error.message).toMatch(/^The feed is not valid XML: \d+:\d+: /);
    expect(parseError(() => parseFeed("\u0000\u0001garbage{]", "article")).code).toBe("invalid-xml");
  });

  it("refuses empty answers and XML that is neither RSS nor Atom", () => {
    expect(parseError(() => parseFeed("  \n", "article")).message).toBe(FEED_MESSAGES.empty);
    const error = parseError(() => parseFeed('<?xml version="1.0"?><sitemap><url/></sitemap>', "article"));
    expect(error.code).toBe("not-a-feed");
    expect(error.message).toContain("<sitemap>");
  });

  it("does not expand DTD entities (no billion laughs, no external files)", () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;">
      <!ENTITY ext SYSTEM "file:///etc/passwd">]><rss><channel><title>&b;</title></channel></rss>`;
    expect(parseError(() => parseFeed(laughs, "article")).code).toBe("invalid-xml");
    const external = `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY ext SYSTEM "file:///etc/passwd">]>
      <rss><channel><title>&ext;</title></channel></rss>`;
    expect(parseError(() => parseFeed(external, "article")).code).toBe("invalid-xml");
  });

  it("refuses absurdly deep nesting instead of overflowing the stack", () => {
    const deep = `<rss><channel>${"<x>".repeat(5000)}${"</x>".repeat(5000)}</channel></rss>`;
    expect(parseError(() => parseFeed(deep, "article")).code).toBe("invalid-xml");
  });
});

describe("parseFeed: limits", () => {
  it("cuts text and titles to the contract's lengths and hashes over-long ids", () => {
    const long = "word ".repeat(6000);
    const xml = `<rss><channel><title>T</title><item><guid>${"g".repeat(300)}</guid><title>${"t".repeat(800)}</title>
      <description>${long}</description></item></channel></rss>`;
    const [item] = parseFeed(xml, "article").items;
    expect(item.text.length).toBeLessThanOrEqual(20_000);
    expect(item.title!.length).toBeLessThanOrEqual(500);
    expect(item.external_id).toMatch(/^sha256:/);
    IngestItemSchema.parse(item);
  });

  it("tolerates the usual breakage: leading whitespace, bare ampersands, junk after the root", () => {
    const xml = `\n  <?xml version="1.0"?>
      <rss xmlns="http://backend.userland.com/rss2"><channel><title>AT&T News</title>
      <item><link>https://news.example/?a=1&b=2</link><title>Q&A</title><description><![CDATA[R&D &amp; more]]></description></item>
      </channel></rss>
      <br /><b>Warning</b>: something in <b>/var/www/feed.php</b> on line <b>12</b><rss/>`;
    const feed = parseFeed(xml, "article");
    expect(feed.title).toBe("AT&T News");
    expect(feed.items).toMatchObject([{ url: "https://news.example/?a=1&b=2", title: "Q&A", text: "R&D & more" }]);
  });

  it("accepts undeclared prefixes and HTML entities real feeds use", () => {
    const xml = `<rss><channel><title>Caf&eacute;</title><item><guid>1</guid><dc:creator>Ana</dc:creator>
      <foo:bar>x</foo:bar><description>a&nbsp;b</description></item></channel></rss>`;
    const feed = parseFeed(xml, "article");
    expect(feed.title).toBe("Café");
    expect(feed.items[0]).toMatchObject({ author: { username: "Ana" }, text: "a b" });
  });
});

describe("htmlToText", () => {
  it("strips tags, comments and scripts, decodes entities and keeps line structure", () => {
    expect(htmlToText('<div class="a>b">Hello<br/>wor&shy;ld <!-- c --> &#x1F600; &#150; &amp;amp;</div>')).toBe(
      "Hello\nwor\u00adld 😀 – &amp;",
    );
    expect(htmlToText("&lt;p&gt;double &lt;b&gt;escaped&lt;/b&gt;&lt;/p&gt;")).toBe("double escaped");
    expect(htmlToText("1 < 2 and 3 > 2 &unknown; &#0;")).toBe("1 < 2 and 3 > 2 &unknown; \uFFFD");
    expect(htmlToText("<p>  a \n\n b  </p><p></p><p>c</p>")).toBe("a\nb\nc");
  });

  it("truncates without splitting surrogate pairs", () => {
    expect(truncate("ab😀cd", 4)).toBe("ab…");
    expect(truncate("abc", 3)).toBe("abc");
  });
});

describe("parseFeedDate", () => {
  it.each([
    ["Tue, 14 May 2024 09:30:12 +0000", "2024-05-14T09:30:12.000Z"],
    ["Tue, 14 May 2024 09:30:12 GMT", "2024-05-14T09:30:12.000Z"],
    ["14 May 2024 11:30:12 +0200", "2024-05-14T09:30:12.000Z"],
    ["Tue, 14 May 2024 09:30 PDT", "2024-05-14T16:30:00.000Z"],
    ["Tue, 14 May 2024 09:30:12 CEST", "2024-05-14T07:30:12.000Z"],
    ["Tue, 4 Jun 24 09:30:12 Z", "2024-06-04T09:30:12.000Z"],
    ["Tuesday, 14 May 2024 09:30:12 +05:30", "2024-05-14T04:00:12.000Z"],
    ["14 May 2024", "2024-05-14T00:00:00.000Z"],
    ["2024-05-14T09:30:12Z", "2024-05-14T09:30:12.000Z"],
    ["2024-05-14T09:30:12.123456-04:00", "2024-05-14T13:30:12.123Z"],
    ["2024-05-14 09:30:12", "2024-05-14T09:30:12.000Z"],
    ["2024-05-14", "2024-05-14T00:00:00.000Z"],
  ])("%s", (input, expected) => {
    expect(parseFeedDate(input)?.toISOString()).toBe(expected);
  });

  it("answers null for unreadable dates", () => {
    for (const bad of ["", "yesterday", "32 Foo 2024", "2024-13-45T00:00:00Z", "Tue, 14 May 99999 09:30:12 GMT"]) {
      expect(parseFeedDate(bad)).toBeNull();
    }
  });
});

describe("normaliseRating", () => {
  it("brings other scales to 1–5 and refuses nonsense", () => {
    expect(normaliseRating(4, NaN, NaN)).toBe(4);
    expect(normaliseRating(4, 1, 5)).toBe(4);
    expect(normaliseRating(8, NaN, 10)).toBe(4);
    expect(normaliseRating(0, 0, 5)).toBe(1);
    expect(normaliseRating(90, NaN, NaN)).toBe(4.5);
    expect(normaliseRating(NaN, NaN, NaN)).toBeUndefined();
    expect(normaliseRating(500, NaN, NaN)).toBeUndefined();
  });
});

describe("parseFeed: what real feeds carry beside the core elements", () => {
  const DC = 'xmlns:dc="http://purl.org/dc/elements/1.1/"';
  const ITUNES = 'xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"';

  it("reads dc:title, dc:description and dc:creator where an RSS item has no title, description or author", () => {
    const xml = `<rss version="2.0" ${DC}><channel><title>Dublin</title>
      <item><guid>1</guid><dc:title>A title in Dublin Core</dc:title>
        <dc:description>&lt;p&gt;Its summary, as &lt;b&gt;HTML&lt;/b&gt;.&lt;/p&gt;</dc:description>
        <dc:creator>Aoife Byrne</dc:creator></item>
      <item><guid>2</guid><title>Own title</title><dc:title>Dublin title</dc:title>
        <description>Own description</description><dc:description>Dublin description</dc:description>
        <author>own@example.com (Own Author)</author></item>
    </channel></rss>`;
    const [dublin, own] = parseFeed(xml, "article").items;
    expect(dublin).toMatchObject({
      title: "A title in Dublin Core",
      text: "Its summary, as HTML.",
      author: { username: "Aoife Byrne" },
    });
    expect(own).toMatchObject({ title: "Own title", text: "Own description", author: { username: "Own Author" } });
  });

  it("reads dc:title and dc:description in RSS 1.0 items, and dc:creator as an Atom entry's author", () => {
    const rdf = `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" ${DC}>
      <channel rdf:about="https://r.example/"><title>R</title></channel>
      <item rdf:about="https://r.example/1"><link>https://r.example/1</link>
        <dc:title>Dublin title</dc:title><dc:description>Dublin description</dc:description></item>
    </rdf:RDF>`;
    expect(parseFeed(rdf, "article").items[0]).toMatchObject({ title: "Dublin title", text: "Dublin description" });

    const atom = `<feed xmlns="http://www.w3.org/2005/Atom" ${DC}><title>A</title><author><name>Feed Author</name></author>
      <entry><id>urn:a:1</id><title>T</title><dc:creator>Entry Creator</dc:creator><summary>S</summary></entry>
    </feed>`;
    expect(parseFeed(atom, "article").items[0].author.username).toBe("Entry Creator");
  });

  it("takes itunes:summary as the text of a podcast episode that has no description", () => {
    const xml = `<rss version="2.0" ${ITUNES}><channel><title>Cast</title>
      <item><guid>1</guid><title>Episode 1</title><itunes:summary>We talk about the new release.</itunes:summary></item>
      <item><guid>2</guid><title>Episode 2</title><description>The description wins.</description>
        <itunes:summary>Not this one.</itunes:summary></item>
    </channel></rss>`;
    expect(parseFeed(xml, "article").items.map((i) => i.text)).toEqual([
      "We talk about the new release.",
      "The description wins.",
    ]);
  });

  it('decodes Atom content in mode="base64", as text or HTML as its type says', () => {
    const b64 = (text: string) => Buffer.from(text, "utf8").toString("base64");
    const xml = `<feed version="0.3" xmlns="http://purl.org/atom/ns#"><title>Old Atom</title>
      <entry><id>urn:1</id><title>HTML</title>
        <content type="text/html" mode="base64">${b64("<p>Grüße aus <b>Köln</b> &amp; Bonn</p>")}</content></entry>
      <entry><id>urn:2</id><title>Plain</title>
        <content type="text/plain" mode="base64">${b64("1 < 2 & <tag> stays")}</content></entry>
      <entry><id>urn:3</id><title>Summary</title>
        <summary type="text/html" mode="base64">\n${b64("<em>Only</em> a summary").replace(/(.{8})/g, "$1\n")}</summary></entry>
      <entry><id>urn:4</id><title>Binary</title>
        <content type="image/png" mode="base64">iVBORw0KGgo=</content><summary>The summary instead.</summary></entry>
    </feed>`;
    expect(parseFeed(xml, "article").items.map((i) => i.text)).toEqual([
      "Grüße aus Köln & Bonn",
      "1 < 2 & <tag> stays",
      "Only a summary",
      "The summary instead.",
    ]);
  });

  it("keeps markup escaped as text in titles and type=\"text\" as written, and strips real HTML", () => {
    const rss = `<rss version="2.0"><channel><title>Web &lt;history&gt;</title>
      <item><guid>1</guid><title>History of the &lt;blink&gt; tag</title>
        <description>&lt;p&gt;The &lt;b&gt;blink&lt;/b&gt; element was removed.&lt;/p&gt;</description></item>
      <item><guid>2</guid><title>Tom &amp;amp; Jerry &amp;lt;3</title><description>x</description></item>
    </channel></rss>`;
    const feed = parseFeed(rss, "article");
    expect(feed.title).toBe("Web <history>");
    expect(feed.items.map((i) => [i.title, i.text])).toEqual([
      ["History of the <blink> tag", "The blink element was removed."],
      ["Tom & Jerry <3", "x"],
    ]);

    const atom = `<feed xmlns="http://www.w3.org/2005/Atom"><title type="text">A</title>
      <entry><id>urn:1</id><title type="text">History of the &lt;blink&gt; tag</title>
        <content type="text">Use &lt;marquee&gt; sparingly.</content></entry>
      <entry><id>urn:2</id><title type="html">History of the &amp;lt;blink&amp;gt; tag &lt;em&gt;again&lt;/em&gt;</title>
        <content type="html">&lt;p&gt;HTML &amp;lt;marquee&amp;gt; content&lt;/p&gt;</content></entry>
    </feed>`;
    expect(parseFeed(atom, "article").items.map((i) => [i.title, i.text])).toEqual([
      ["History of the <blink> tag", "Use <marquee> sparingly."],
      ["History of the <blink> tag again", "HTML <marquee> content"],
    ]);
  });
});
