// Trustpilot reviews through its public API (an API key is required in production; sent as "apikey"):
//   GET {base}/business-units/find?name={domain}          → { id, displayName, name: { identifying, … }, … }
//   GET {base}/business-units/{id}/reviews?perPage=100&page={n}&orderBy=createdat.desc&language=all
//   → { reviews: [ { id, consumer: { id, displayName, countryCode? }, stars, title, text, language,
//       createdAt, numberOfLikes, companyReply: { text, createdAt } | null, … } ], links: [ { rel: "next-page", … } ] }
// The source is connected by business name (its domain). An unknown name (404, 401 or 403 from find, or
// an answer without an id) is a ReviewSourceAuthError, whose message is the one the user sees.
import * as z from "zod";
import type { IngestItemInput } from "../../domain/schemas/mention-input";
import {
  agentReply,
  boundedId,
  collectPages,
  count,
  countryCode,
  expectJson,
  expectShape,
  getJson,
  idString,
  isoDate,
  languageCode,
  nonEmpty,
  pageLimit,
  parseEntries,
  ReviewSourceAuthError,
  reviewText,
  reviewTitle,
  starRating,
  username,
  withoutUndefined,
  type FetchReviewsOptions,
  type Http,
  type Page,
  type ReviewClient,
  type ReviewSourceConfig,
} from "./shared";

const TRUSTPILOT_DEFAULT_BASE_URL = "https://api.trustpilot.com/v1";
const PER_PAGE = 100;
const DEFAULT_PAGES = 10;
const PAGE_CEILING = 100;

const BusinessUnit = z.object({ id: nonEmpty, displayName: z.string().nullish() });

const Review = z.object({
  id: idString,
  consumer: z
    .object({ id: z.string().nullish(), displayName: z.string().nullish(), countryCode: z.string().nullish() })
    .nullish(),
  countryCode: z.string().nullish(),
  stars: z.union([z.number(), z.string()]),
  title: z.string().nullish(),
  text: z.string().nullish(),
  language: z.string().nullish(),
  createdAt: z.string(),
  numberOfLikes: z.number().nullish(),
  companyReply: z.object({ text: z.string().nullish(), createdAt: z.string().nullish() }).nullish(),
});

const ReviewsPage = z.object({
  reviews: z.array(z.unknown()),
  links: z.array(z.object({ rel: z.string().optional() }).loose()).optional(),
});

/** "https://www.Example.com/path" or " example.com " → the host Trustpilot knows the business by. */
function businessNameOf(config: ReviewSourceConfig): string {
  let name = (config.businessName ?? "").trim();
  if (/^https?:\/\//i.test(name)) {
    try {
      name = new URL(name).hostname;
    } catch {
      // kept as typed; Trustpilot will not know it
    }
  }
  name = name.replace(/\/+$/, "");
  if (!name || name.length > 200) throw new ReviewSourceAuthError("empty or over-long business name");
  return name;
}

export function trustpilotClient(http: Http, baseUrl = TRUSTPILOT_DEFAULT_BASE_URL, apiKey?: string): ReviewClient {
  const base = baseUrl.replace(/\/+$/, "");
  const headers: Record<string, string> = apiKey ? { apikey: apiKey } : {};

  async function find(config: ReviewSourceConfig): Promise<z.output<typeof BusinessUnit>> {
    const name = businessNameOf(config);
    const answer = await getJson(http, `${base}/business-units/find?name=${encodeURIComponent(name)}`, headers);
    if ([401, 403, 404].includes(answer.status))
      throw new ReviewSourceAuthError(`find answered ${answer.status} for "${name}"`);
    if (answer.status >= 200 && answer.status < 300 && answer.empty)
      throw new ReviewSourceAuthError(`find answered nothing for "${name}"`);
    const unit = BusinessUnit.safeParse(expectJson(http, answer));
    if (!unit.success) throw new ReviewSourceAuthError(`find answered no business unit id for "${name}"`);
    return unit.data;
  }

  async function fetchPage(unit: z.output<typeof BusinessUnit>, page: number): Promise<Page<number>> {
    const url = `${base}/business-units/${encodeURIComponent(unit.id)}/reviews?perPage=${PER_PAGE}&page=${page}&orderBy=createdat.desc&language=all`;
    const answer = await getJson(http, url, headers);
    if (answer.status === 401 || answer.status === 403)
      throw new ReviewSourceAuthError(`reviews answered ${answer.status}`);
    const body = expectShape(http, ReviewsPage, expectJson(http, answer));
    const groups = parseEntries(http, Review, body.reviews).flatMap((r) => {
      const createdAt = isoDate(r.createdAt);
      if (!createdAt) return [];
      const review: IngestItemInput = withoutUndefined({
        network: "trustpilot",
        external_id: boundedId(r.id),
        kind: "review",
        title: reviewTitle(r.title),
        text: reviewText(r.text),
        url: `https://www.trustpilot.com/reviews/${encodeURIComponent(r.id)}`,
        created_at: createdAt,
        language: languageCode(r.language),
        rating: starRating(r.stars),
        likes: count(r.numberOfLikes),
        author: withoutUndefined({
          username: username(r.consumer?.displayName, "Trustpilot user"),
          external_id: r.consumer?.id ? boundedId(r.consumer.id) : undefined,
          profile_url: r.consumer?.id
            ? `https://www.trustpilot.com/users/${encodeURIComponent(r.consumer.id)}`
            : undefined,
          country: countryCode(r.consumer?.countryCode ?? r.countryCode),
        }),
      });
      const reply = r.companyReply;
      const replies = agentReply(
        "trustpilot",
        review,
        reply?.text,
        isoDate(reply?.createdAt),
        unit.displayName ?? "Company",
      );
      return [{ review, replies }];
    });
    const hasNext = body.links ? body.links.some((l) => l.rel === "next-page") : body.reviews.length >= PER_PAGE;
    return { groups, next: hasNext ? page + 1 : null };
  }

  return {
    async validate(config: ReviewSourceConfig) {
      await find(config);
    },
    async fetchReviews(config: ReviewSourceConfig, options: FetchReviewsOptions = {}) {
      const unit = await find(config);
      const maxPages = pageLimit(options.maxPages, DEFAULT_PAGES, PAGE_CEILING);
      return collectPages(1, maxPages, options.since, (page) => fetchPage(unit, page));
    },
  };
}
