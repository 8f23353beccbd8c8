// Stopword lists: the maintained collection of the npm package stopwords-iso (MIT; one list per ISO 639-1
// code), imported statically so that nothing is read from disk at run time, plus a few additions for
// social-media text (see ADR 010).
import stopwordsIso from "stopwords-iso" with { type: "json" };

export const STOPWORDS_ISO: Readonly<Record<string, readonly string[]>> = stopwordsIso as Record<string, string[]>;
