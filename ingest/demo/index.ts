// Demo corpus of the fictional brand Northwind (Northwind Play, Northwind Shop, @NorthwindHelp):
// the demo workspace's streams and a deterministic generator of mentions for them.

export { DEMO_STREAMS,    } from "./streams";
export {
  DEMO_BRAND_HANDLE,
  demoEventWindows,
  generateDemoCorpus,
  
  type DemoMention,
  
  
} from "./generate";
export { DEMO_LANGUAGES,  } from "./lexicon";
