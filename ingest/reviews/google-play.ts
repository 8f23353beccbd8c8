// Google Play has no public review endpoint (the Developer API only serves an app's own reviews, with
// OAuth). Reviews come from a self-hosted scraper service speaking the JSON of google-play-api, the REST
// wrapper of the google-play-scraper package (github.com/facundoolano/google-play-api), at a base URL
// the operator configures (e.g. "http://gplay-api:3000/api"):
//   GET {base}/apps/{appId}/reviews/?sort=2&num=100&paginate=true&lang=en&country=us[&nextPaginationToken=…]
//   → { results: { data: [ { id, userName, userImage, date, score, scoreText, url, title, text, replyDate,
//       replyText, version, thumbsUp, criterias }, … ], nextPaginationToken: "…" | null } }
// (sort 2 is the scraper's sort.NEWEST). The scraper's own result, { data, nextPaginationToken }, is
// accepted too. The app is checked with GET {base}/apps/{appId}/ → the app's details, or an error status
// ({ message: "App not found (404)" } with 400, as google-play-api answers) for an unknown package.
import * as z from "zod";
import type { IngestItemInput } from "../../domain/schemas/mention-input";
import {
  agentReply,
  boundedId,
  boundedUrl,
  collectPages,
  count,
  expectJson,
  expectShape,
  getJson,
  isoDate,
  nonEmpty,
  pageLimit,
  parseEntries,
  ReviewSourceAuthError,
  ReviewSourceError,
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

const DEFAULT_PAGES = 10;
const PAGE_CEILING = 100;

const Review = z.object({
  id: nonEmpty,
  userName: z.string().nullish(),
  userImage: z.string().nullish(),
  date: z.string(),
  score: z.union([z.number(), z.string()]),
  title: z.string().nullish(),
  text: z.string().nullish(),
  replyDate: z.string().nullish(),
  replyText: z.string().nullish(),
  version: z.string().nullish(),
  thumbsUp: z.number().nullish(),
  url: z.string().nullish(),
});

const ScraperResult = z.object({ data: z.array(z.unknown()), nextPaginationToken: z.string().nullish() });
const ReviewsAnswer = z.union([
  z.object({ results: ScraperResult }).transform((a) => a.results),
  ScraperResult,
  z.object({ results: z.array(z.unknown()) }).transform((a) => ({ data: a.results, nextPaginationToken: null })),
]);

const AppDetails = z.object({ appId: z.string().optional(), title: z.string().optional() });

function packageOf(config: ReviewSourceConfig): string {
  const appId = (config.appId ?? "").trim();
  if (!/^[A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)+$/.test(appId) || appId.length > 150) {
    throw new ReviewSourceAuthError(`Google Play package "${config.appId ?? ""}" is not a package name`);
  }
  return appId;
}

function localeOf(config: ReviewSourceConfig): { country: string } {
  const country = (config.country ?? "us").trim().toLowerCase();
  if (!/^[a-z]{2}$/.test(country))
    throw new ReviewSourceAuthError(`Google Play country "${config.country}" is not two letters`);
  return { country };
}

export function googlePlayClient(http: Http, baseUrl: string | undefined): ReviewClient {
  function base(): string {
    if (!baseUrl) {
      throw new ReviewSourceError(
        "googlePlay",
        "Google Play needs the URL of a review scraper service (baseUrls.googlePlay)",
      );
    }
    return baseUrl.replace(/\/+$/, "");
  }

  async function validate(config: ReviewSourceConfig): Promise<void> {
    const appId = packageOf(config);
    const { country } = localeOf(config);
    const answer = await getJson(http, `${base()}/apps/${encodeURIComponent(appId)}/?country=${country}`);
    if (answer.status === 400 || answer.status === 404)
      throw new ReviewSourceAuthError(`scraper answered ${answer.status}`);
    expectShape(http, AppDetails, expectJson(http, answer));
  }

  async function fetchPage(appId: string, country: string, token: string): Promise<Page<string>> {
    const query = new URLSearchParams({ sort: "2", num: "100", paginate: "true", country });
    if (token) query.set("nextPaginationToken", token);
    const url = `${base()}/apps/${encodeURIComponent(appId)}/reviews/?${query}`;
    const answer = expectShape(http, ReviewsAnswer, expectJson(http, await getJson(http, url)));
    const groups = parseEntries(http, Review, answer.data).flatMap((r) => {
      const createdAt = isoDate(r.date);
      if (!createdAt) return [];
      const review: IngestItemInput = withoutUndefined({
        network: "googlePlay",
        external_id: boundedId(r.id),
        kind: "review",
        title: reviewTitle(r.title),
        text: reviewText(r.text),
        url:
          boundedUrl(r.url) ??
          `https://play.google.com/store/apps/details?id=${encodeURIComponent(appId)}&reviewId=${encodeURIComponent(r.id)}`,
        created_at: createdAt,
        rating: starRating(r.score),
        likes: count(r.thumbsUp),
        author: withoutUndefined({
          username: username(r.userName, "A Google user"),
          photo_url: boundedUrl(r.userImage),
        }),
      });
      return [{ review, replies: agentReply("googlePlay", review, r.replyText, isoDate(r.replyDate), "Developer") }];
    });
    const next = answer.nextPaginationToken && answer.nextPaginationToken !== token ? answer.nextPaginationToken : null;
    return { groups, next };
  }

  return {
    validate,
    async fetchReviews(config: ReviewSourceConfig, options: FetchReviewsOptions = {}) {
      const appId = packageOf(config);
      const { country } = localeOf(config);
      const maxPages = pageLimit(options.maxPages, DEFAULT_PAGES, PAGE_CEILING);
      return collectPages("", maxPages, options.since, (token) => fetchPage(appId, country, token));
    },
  };
}
