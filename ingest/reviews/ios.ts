// App Store reviews through Apple's public customer-reviews RSS, in its JSON flavour:
//   GET {base}/{country}/rss/customerreviews/page={1..10}/id={appId}/sortby=mostrecent/json
//   → { feed: { entry: [ { id, author: { name, uri }, updated, "im:rating", "im:version", title, content,
//       "im:voteSum", link }, … ], link: [ { attributes: { rel: "last", href: ".../page=10/..." } }, … ] } }
// Every value is wrapped as { label }. A single review comes as an object rather than an array; feeds of
// old also led with the app itself as an entry (no im:rating), which is skipped. Apple serves 10 pages
// of 50 at most. The app is checked with GET {base}/lookup?id={appId}&country={country} (resultCount 0:
// unknown app).
import * as z from "zod";
import type { IngestItemInput } from "../../domain/schemas/mention-input";
import {
  boundedId,
  boundedUrl,
  collectPages,
  count,
  countryCode,
  expectJson,
  expectShape,
  getJson,
  idString,
  isoDate,
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

const IOS_DEFAULT_BASE_URL = "https://itunes.apple.com";
const PAGE_CEILING = 10;

const Label = z.object({ label: z.union([z.string(), z.number()]).transform(String) });

const Entry = z.object({
  id: z.object({ label: idString }),
  author: z.object({ name: Label.optional(), uri: Label.optional() }).optional(),
  updated: Label,
  "im:rating": Label,
  "im:version": Label.optional(),
  "im:voteSum": Label.optional(),
  title: Label.optional(),
  content: Label.optional(),
  link: z.unknown().optional(),
});

const FeedDocument = z.object({
  feed: z.object({ entry: z.unknown().optional(), link: z.unknown().optional() }),
});

const Lookup = z.object({ resultCount: z.number(), results: z.array(z.unknown()).optional() });

interface IosTarget {
  appId: string;
  country: string;
}

function target(config: ReviewSourceConfig): IosTarget {
  const appId = (config.appId ?? "").trim().replace(/^id/i, "");
  const country = (config.country ?? "us").trim().toLowerCase();
  if (!/^\d{1,15}$/.test(appId))
    throw new ReviewSourceAuthError(`App Store app id "${config.appId ?? ""}" is not numeric`);
  if (!/^[a-z]{2}$/.test(country))
    throw new ReviewSourceAuthError(`App Store country "${config.country}" is not two letters`);
  return { appId, country };
}

function hrefOf(link: unknown, rel?: string): string | undefined {
  const links = Array.isArray(link) ? link : [link];
  for (const l of links) {
    const attributes = (l as { attributes?: { href?: unknown; rel?: unknown } } | undefined)?.attributes;
    if (typeof attributes?.href !== "string") continue;
    if (rel === undefined || attributes.rel === rel) return attributes.href;
  }
  return undefined;
}

export function iosClient(http: Http, baseUrl = IOS_DEFAULT_BASE_URL): ReviewClient {
  const base = baseUrl.replace(/\/+$/, "");

  async function validate(config: ReviewSourceConfig): Promise<void> {
    const { appId, country } = target(config);
    const answer = await getJson(http, `${base}/lookup?id=${appId}&country=${country}`);
    if (answer.status === 404 || answer.status === 400)
      throw new ReviewSourceAuthError(`lookup answered ${answer.status}`);
    const lookup = expectShape(http, Lookup, expectJson(http, answer));
    if (lookup.resultCount === 0) throw new ReviewSourceAuthError(`no App Store app ${appId} in ${country}`);
  }

  async function fetchPage({ appId, country }: IosTarget, page: number): Promise<Page<number>> {
    const url = `${base}/${country}/rss/customerreviews/page=${page}/id=${appId}/sortby=mostrecent/json`;
    const document = expectShape(http, FeedDocument, expectJson(http, await getJson(http, url)));
    const raw = document.feed.entry;
    const entries = parseEntries(http, Entry, raw === undefined ? [] : Array.isArray(raw) ? raw : [raw]);
    const last = Number(/\/page=(\d+)\//.exec(hrefOf(document.feed.link, "last") ?? "")?.[1]);
    const appUrl = `https://apps.apple.com/${country}/app/id${appId}?see-all=reviews`;
    const groups = entries.flatMap((entry) => {
      const createdAt = isoDate(entry.updated.label);
      if (!createdAt) return [];
      const review: IngestItemInput = withoutUndefined({
        network: "ios",
        external_id: boundedId(entry.id.label),
        kind: "review",
        title: reviewTitle(entry.title?.label),
        text: reviewText(entry.content?.label),
        url: boundedUrl(hrefOf(entry.link)) ?? appUrl,
        created_at: createdAt,
        rating: starRating(entry["im:rating"].label),
        likes: count(entry["im:voteSum"]?.label),
        author: withoutUndefined({
          username: username(entry.author?.name?.label, "App Store user"),
          profile_url: boundedUrl(entry.author?.uri?.label),
          country: countryCode(country),
        }),
      });
      return [{ review, replies: [] }];
    });
    const next = Number.isFinite(last) && page >= last ? null : page + 1;
    return { groups, next };
  }

  return {
    validate,
    async fetchReviews(config: ReviewSourceConfig, options: FetchReviewsOptions = {}) {
      const app = target(config);
      const maxPages = pageLimit(options.maxPages, PAGE_CEILING, PAGE_CEILING);
      return collectPages(1, maxPages, options.since, (page) => fetchPage(app, page));
    },
  };
}
