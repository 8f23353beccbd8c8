// Demo corpus of the fictional brand Northwind (Northwind Play, Northwind Shop, @NorthwindHelp):
// the demo workspace's streams and a deterministic generator of mentions for them.

export { DEMO_STREAMS, type DemoStreamCategory, type DemoStreamSource, type DemoStreamSpec } from "./streams";
export {
  DEMO_BRAND_HANDLE,
  demoEventWindows,
  generateDemoCorpus,
  type DemoCorpusOptions,
  type DemoMention,
  type DemoSentiment,
  type DemoTheme,
} from "./generate";
export { DEMO_LANGUAGES, type DemoLanguage } from "./lexicon";
