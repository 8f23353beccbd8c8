import { describe, expect, it } from "vitest";
import { anyText, decodeEntities, htmlToText, looksLikeHtml, plainText, truncate } from "./text";
import { expectInert } from "./test-support";

describe("htmlToText", () => {
  it("turns blocks, line breaks and list items into lines and collapses source white space", () => {
    expect(htmlToText("<h2>Title</h2>\n  <p>One\n two</p><ul><li>a</li><li>b</li></ul>x<br>y<br/>z")).toBe(
      "Title\n\nOne two\n\n- a\n- b\nx\ny\nz",
    );
  });

  it("drops scripts, styles, iframes, comments and event-handler attributes entirely", () => {
    const html =
      '<p>Hello</p><script>alert("a")</script><SCRIPT type="module">alert(2)</SCRIPT><style>body{color:red}</style>' +
      '<iframe src="https://evil.example"></iframe><!-- <script>alert(3)</script> --><img src=x onerror="alert(4)">' +
      '<a href="javascript:alert(5)" onclick="alert(6)">link</a><svg><script>alert(7)</script></svg>';
    const text = htmlToText(html);
    expect(text).toBe("Hello\nlink");
    expectInert(text);
  });

  it("drops an unclosed script to the end and a tag cut off by the end", () => {
    expect(htmlToText("before<script>alert(1)")).toBe("before");
    expect(htmlToText('text <a href="x')).toBe("text");
  });

  it("copes with '>' inside quoted attributes", () => {
    expect(htmlToText('<a title="a>b" href="/x">link</a> after')).toBe("link after");
  });

  it("decodes entities, and strips markup that decoding brings back", () => {
    expect(htmlToText("Fish &amp; chips &mdash; &#163;5 &#x1F600; &nbsp;ok &unknown; &copy")).toBe(
      "Fish & chips — £5 😀 ok &unknown; &copy",
    );
    const text = htmlToText("&lt;script&gt;alert(1)&lt;/script&gt;&lt;b&gt;bold&lt;/b&gt; 1 &lt; 2");
    expect(text).toBe("bold 1 < 2");
    expectInert(text);
  });

  it("keeps emoji image alt text and drops other images", () => {
    expect(htmlToText('Nice <img class="emoji" alt=":tada:" src="/e.png"> <img alt="screenshot" src="/s.png">')).toBe(
      "Nice :tada:",
    );
  });

  it("removes control characters", () => {
    expect(htmlToText("a\u0000b\u0007c")).toBe("abc");
  });
});

describe("plainText", () => {
  it("keeps line breaks and literal entities but drops tags and scripts", () => {
    expect(plainText("line 1\r\nline 2\n\n\n\nline 3 &amp; <b>bold</b><script>alert(1)</script>")).toBe(
      "line 1\nline 2\n\nline 3 &amp; bold",
    );
  });

  it("leaves comparisons and hearts alone", () => {
    expect(plainText("a < b, c > d, <3")).toBe("a < b, c > d, <3");
  });
});

describe("looksLikeHtml / anyText", () => {
  it("sends HTML through the HTML path and plain text through the plain path", () => {
    expect(looksLikeHtml("<p>x</p>")).toBe(true);
    expect(looksLikeHtml("Tom &amp; Jerry")).toBe(true);
    expect(looksLikeHtml("a < b\nnext")).toBe(false);
    expect(anyText("<p>a</p><p>b</p>")).toBe("a\n\nb");
    expect(anyText("a\nb")).toBe("a\nb");
  });
});

describe("decodeEntities", () => {
  it("replaces invalid code points and keeps unknown names", () => {
    expect(decodeEntities("&#0;&#xD800;&#1114112;&foo;")).toBe("\uFFFD\uFFFD\uFFFD&foo;");
  });
});

describe("truncate", () => {
  it("cuts to the limit with an ellipsis and never splits a surrogate pair", () => {
    expect(truncate("abcdef", 10)).toBe("abcdef");
    expect(truncate("abcdef", 4)).toBe("abc…");
    const cut = truncate("ab😀cd", 4);
    expect(cut).toBe("ab…");
    expect(cut.length).toBeLessThanOrEqual(4);
  });
});
