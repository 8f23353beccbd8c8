// A small namespace-aware element tree over saxes (a strict, non-validating XML parser that never expands
// DTD-declared entities, so "billion laughs" and external entities cannot happen). Feeds are read as trees:
// they are bounded by the fetcher's byte limit, and random access makes the RSS/Atom mapping simple.
import { SaxesParser, type SaxesTagNS } from "saxes";
import { HTML_ENTITIES } from "./html-text";

export const NS = {
  atom: "http://www.w3.org/2005/Atom",
  rss1: "http://purl.org/rss/1.0/",
  rss090: "http://my.netscape.com/rdf/simple/0.9/",
  rdf: "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
  dc: "http://purl.org/dc/elements/1.1/",
  content: "http://purl.org/rss/1.0/modules/content/",
  slash: "http://purl.org/rss/1.0/modules/slash/",
  xml: "http://www.w3.org/XML/1998/namespace",
  xhtml: "http://www.w3.org/1999/xhtml",
  rev: "http://purl.org/stuff/rev#",
  gd: "http://schemas.google.com/g/2005",
  media: "http://search.yahoo.com/mrss/",
  itunes: "http://www.itunes.com/dtds/podcast-1.0.dtd",
  wfw: "http://wellformedweb.org/CommentAPI/",
} as const;

// Prefixes real feeds use without declaring them; anything else unbound gets a private URI instead of failing.
const WELL_KNOWN_PREFIXES: Record<string, string> = {
  atom: NS.atom,
  dc: NS.dc,
  content: NS.content,
  slash: NS.slash,
  rdf: NS.rdf,
  rev: NS.rev,
  gd: NS.gd,
  media: NS.media,
  itunes: NS.itunes,
  wfw: NS.wfw,
};

const MAX_DEPTH = 256;

interface XmlAttribute {
  uri: string;
  local: string;
  value: string;
}

export interface XmlElement {
  uri: string;
  local: string;
  /** The qualified name as written, for re-serialising XHTML content. */
  name: string;
  attributes: XmlAttribute[];
  children: XmlNode[];
}

export type XmlNode = XmlElement | string;

export class XmlSyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "XmlSyntaxError";
  }
}

/** Parses a whole document into its root element; throws XmlSyntaxError when it is not well-formed XML. */
export function parseXml(text: string): XmlElement {
  const parser = new SaxesParser({
    xmlns: true,
    position: true,
    // Also asked for the default namespace ("") when none is declared: that is no namespace.
    resolvePrefix: (prefix: string) =>
      prefix === "" ? undefined : (WELL_KNOWN_PREFIXES[prefix] ?? `urn:x-unbound-prefix:${prefix}`),
  });
  // Feeds often use HTML entities (&nbsp;, &eacute;) that only a DTD would declare.
  Object.assign(parser.ENTITIES, HTML_ENTITIES);

  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  const append = (text: string) => {
    const top = stack[stack.length - 1];
    if (!top) return; // whitespace around the root element
    const last = top.children[top.children.length - 1];
    if (typeof last === "string") top.children[top.children.length - 1] = last + text;
    else top.children.push(text);
  };

  let rootClosed = false;
  parser.on("error", (error) => {
    // Junk after the root element (a PHP warning, a second document) does not spoil the feed.
    if (rootClosed) return;
    throw new XmlSyntaxError(error.message);
  });
  let junkDepth = 0;
  parser.on("opentag", (tag: SaxesTagNS) => {
    if (rootClosed) {
      junkDepth++;
      return;
    }
    if (stack.length >= MAX_DEPTH) throw new XmlSyntaxError(`elements nested deeper than ${MAX_DEPTH} levels.`);
    const element: XmlElement = {
      uri: tag.uri ?? "",
      local: tag.local ?? tag.name,
      name: tag.name,
      attributes: Object.values(tag.attributes).map((a) => ({
        uri: a.uri ?? "",
        local: a.local ?? a.name,
        value: a.value,
      })),
      children: [],
    };
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(element);
    else root = element;
    stack.push(element);
  });
  parser.on("closetag", () => {
    if (junkDepth > 0) {
      junkDepth--;
      return;
    }
    stack.pop();
    if (stack.length === 0) rootClosed = true;
  });
  parser.on("text", append);
  parser.on("cdata", append);

  parser.write(text).close();
  if (!root) throw new XmlSyntaxError("the document has no root element.");
  return root;
}

function isElement(node: XmlNode): node is XmlElement {
  return typeof node !== "string";
}

export function elements(parent: XmlElement): XmlElement[] {
  return parent.children.filter(isElement);
}

/** Child elements with that local name, in one of the namespaces given ("" is no namespace). */
export function childrenNamed(parent: XmlElement, uris: readonly string[], local: string): XmlElement[] {
  return elements(parent).filter((e) => e.local === local && uris.includes(e.uri));
}

export function child(parent: XmlElement, uris: readonly string[], local: string): XmlElement | undefined {
  return elements(parent).find((e) => e.local === local && uris.includes(e.uri));
}

export function attribute(element: XmlElement, local: string, uri = ""): string | undefined {
  return element.attributes.find((a) => a.local === local && a.uri === uri)?.value;
}

/** All text below the element (character data and CDATA, markup removed). */
export function textContent(node: XmlNode): string {
  return typeof node === "string" ? node : node.children.map(textContent).join("");
}

const escapeText = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeAttr = (s: string) => escapeText(s).replace(/"/g, "&quot;");

/** The element's children written back as markup (Atom type="xhtml" content, to convert like HTML). */
export function innerXml(element: XmlElement): string {
  return element.children
    .map((node) => {
      if (typeof node === "string") return escapeText(node);
      const attrs = node.attributes.map((a) => ` ${a.local}="${escapeAttr(a.value)}"`).join("");
      return `<${node.local}${attrs}>${innerXml(node)}</${node.local}>`;
    })
    .join("");
}
