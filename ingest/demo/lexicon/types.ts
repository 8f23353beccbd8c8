// Per-language text fragments of the demo corpus. Clauses carry a tag before "|": a topic for the
// everyday clauses (ticket subjects follow it), a tone ("pos", "neg", "neu") for the event clauses.
// Slots: {f} a product feature (always in subject position, so no agreement issues), {g} a feature
// of the game itself (features marked "~" are not: shop, payment, subscription, support), {amt} a price,
// {d} a number of days (3-10), {h} a number of hours (3-10), {order} an order number, {ver} the app
// version current at the item's time, {user} the customer's name (agent replies).

export const DEMO_LANGUAGES = ["en", "es", "de", "fr", "pt", "it", "nl", "ja", "zh", "ar", "ko", "ru"] as const;
export type DemoLanguage = (typeof DEMO_LANGUAGES)[number];

export const TOPICS = [
  "login",
  "billing",
  "refund",
  "delivery",
  "perf",
  "update",
  "support",
  "shop",
  "content",
] as const;

interface ByTone {
  pos: string[];
  neg: string[];
  neu: string[];
}

export interface Lexicon {
  lang: DemoLanguage;
  /** Latin or Cyrillic script: most posts start with a capital letter. */
  caps: boolean;
  features: string[];
  /** "topic|clause" */
  pos: string[];
  neg: string[];
  neu: string[];
  /** Lukewarm review clauses ("topic|clause"). */
  meh: string[];
  /** "tone|clause": the login outage and the Skyline launch. */
  outage: string[];
  launch: string[];
  open: ByTone;
  close: ByTone;
  /** Between a clause and a closer. */
  sep: string[];
  but: string[];
  and: string[];
  emoji?: Partial<ByTone>;
  agent: ByTone & { outage: string[] };
  follow: { pos: string[]; neg: string[] };
  titles: ByTone;
  /** One ticket subject per topic, in TOPICS order. */
  subjects: string[];
  thanks: string;
  /** "tone|headline" */
  headlines: { normal: string[]; outage: string[]; launch: string[] };
  leads: { pos: string; neg: string; neu: string };
  quote: [string, string];
  amounts: string[];
  /** eToro chatter about the ticker ("tone|clause"). */
  finance?: string[];
  /** LinkedIn voice ("tone|clause"). */
  pro?: string[];
  /** Hashtags appended to some social posts. */
  tags: string[];
}
