// Steam reviews through the store's public review endpoint:
//   GET {base}/appreviews/{appid}?json=1&filter=recent&language=all&num_per_page=100&purchase_type=all&cursor={cursor}
//   → { success: 1, query_summary: {…}, cursor: "AoJ4…", reviews: [ { recommendationid, author: { steamid, … },
//       language: "english", review, timestamp_created, voted_up, votes_up, comment_count,
//       developer_response?, timestamp_dev_responded? }, … ] }
// filter=recent sorts by creation, newest first; paging is by the opaque cursor (start "*"), and the end
// shows as an empty page or the same cursor again. Steam has no stars: a recommendation is 5, a
// non-recommendation 1. The app is checked with GET {base}/api/appdetails?appids={appid}&filters=basic
// → { "{appid}": { success: false } } for an unknown app.
import * as z from "zod";
import type { IngestItemInput } from "../../domain/schemas/mention-input";
import {
  agentReply,
  boundedId,
  collectPages,
  count,
  expectJson,
  expectShape,
  getJson,
  idString,
  isoDate,
  pageLimit,
  parseEntries,
  ReviewSourceAuthError,
  ReviewSourceError,
  reviewText,
  withoutUndefined,
  type FetchReviewsOptions,
  type Http,
  type Page,
  type ReviewClient,
  type ReviewSourceConfig,
} from "./shared";

const STEAM_DEFAULT_BASE_URL = "https://store.steampowered.com";
const DEFAULT_PAGES = 10;
const PAGE_CEILING = 100;

/** Steam's API language names (partner.steamgames.com "Languages") to ISO 639-1. */
// prettier-ignore
const STEAM_LANGUAGES: Readonly<Record<string, string>> = {
  arabic: "ar", bulgarian: "bg", schinese: "zh", tchinese: "zh", czech: "cs", danish: "da", dutch: "nl",
  english: "en", finnish: "fi", french: "fr", german: "de", greek: "el", hungarian: "hu", indonesian: "id",
  italian: "it", japanese: "ja", koreana: "ko", korean: "ko", norwegian: "no", polish: "pl", portuguese: "pt",
  brazilian: "pt", romanian: "ro", russian: "ru", spanish: "es", latam: "es", swedish: "sv", thai: "th",
  turkish: "tr", ukrainian: "uk", vietnamese: "vi",
};

const Review = z.object({
  recommendationid: idString,
  author: z.object({ steamid: idString }).partial().optional(),
  language: z.string().optional(),
  review: z.string().nullish(),
  timestamp_created: z.number(),
  voted_up: z.boolean(),
  votes_up: z.number().optional(),
  comment_count: z.union([z.number(), z.string()]).optional(),
  developer_response: z.string().nullish(),
  timestamp_dev_responded: z.number().nullish(),
});

const ReviewsPage = z.object({
  success: z.number(),
  cursor: z.string().optional(),
  reviews: z.array(z.unknown()).optional(),
});

const AppDetails = z.record(z.string(), z.object({ success: z.boolean() }).optional());

function appIdOf(config: ReviewSourceConfig): string {
  const appId = (config.appId ?? "").trim();
  if (!/^\d{1,10}$/.test(appId)) throw new ReviewSourceAuthError(`Steam appid "${config.appId ?? ""}" is not numeric`);
  return appId;
}

/** Review text without Steam's BBCode ([b], [spoiler], [url=…], [h1], [list], [*], …). */
export function stripBbCode(text: string): string {
  return text.replace(/\[\/?(?:[a-z0-9]+|\*)(?:=[^[\]]*)?\]/gi, (tag) =>
    /^\[\/?(?:h\d|p|list|olist|quote|table|tr|\*)[\]=]/i.test(tag) ? "\n" : "",
  );
}

export function steamClient(http: Http, baseUrl = STEAM_DEFAULT_BASE_URL): ReviewClient {
  const base = baseUrl.replace(/\/+$/, "");

  async function validate(config: ReviewSourceConfig): Promise<void> {
    const appId = appIdOf(config);
    const answer = await getJson(http, `${base}/api/appdetails?appids=${appId}&filters=basic`);
    if (answer.status === 404 || answer.status === 400)
      throw new ReviewSourceAuthError(`appdetails answered ${answer.status}`);
    const details = expectShape(http, AppDetails, expectJson(http, answer));
    if (details[appId]?.success !== true) throw new ReviewSourceAuthError(`no Steam app ${appId}`);
  }

  async function fetchPage(appId: string, cursor: string): Promise<Page<string>> {
    const query = `json=1&filter=recent&language=all&num_per_page=100&purchase_type=all&cursor=${encodeURIComponent(cursor)}`;
    const page = expectShape(
      http,
      ReviewsPage,
      expectJson(http, await getJson(http, `${base}/appreviews/${appId}?${query}`)),
    );
    if (page.success !== 1) throw new ReviewSourceError("steam", `Steam answered success ${page.success}`);
    const groups = parseEntries(http, Review, page.reviews ?? []).flatMap((r) => {
      const createdAt = isoDate(r.timestamp_created);
      if (!createdAt) return [];
      const steamId = r.author?.steamid;
      const profile = steamId && /^\d+$/.test(steamId) ? `https://steamcommunity.com/profiles/${steamId}` : undefined;
      const review: IngestItemInput = withoutUndefined({
        network: "steam",
        external_id: boundedId(r.recommendationid),
        kind: "review",
        text: reviewText(stripBbCode(r.review ?? "")),
        url: profile
          ? `${profile}/recommended/${appId}/`
          : `https://store.steampowered.com/app/${appId}/#app_reviews_hash`,
        created_at: createdAt,
        language: r.language ? STEAM_LANGUAGES[r.language.toLowerCase()] : undefined,
        rating: r.voted_up ? 5 : 1,
        likes: count(r.votes_up),
        comments: count(r.comment_count),
        author: withoutUndefined({ username: steamId ?? "Steam user", external_id: steamId, profile_url: profile }),
      });
      const replies = agentReply(
        "steam",
        review,
        r.developer_response ? stripBbCode(r.developer_response) : undefined,
        isoDate(r.timestamp_dev_responded ?? undefined),
        "Developer",
      );
      return [{ review, replies }];
    });
    const next = page.cursor && page.cursor !== cursor ? page.cursor : null;
    return { groups, next };
  }

  return {
    validate,
    async fetchReviews(config: ReviewSourceConfig, options: FetchReviewsOptions = {}) {
      const appId = appIdOf(config);
      const maxPages = pageLimit(options.maxPages, DEFAULT_PAGES, PAGE_CEILING);
      return collectPages("*", maxPages, options.since, (cursor) => fetchPage(appId, cursor));
    },
  };
}
