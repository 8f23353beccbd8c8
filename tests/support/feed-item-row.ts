// A stored mention written straight into feed_items for tests that need exact dates and measures
// (the real ingest path dates and scores mentions itself). Everything not given is empty or zero.
import type { NewFeedItemRow } from "../../db/schema";

export function feedItemRow(
  businessProfileId: number,
  values: Pick<NewFeedItemRow, "externalId" | "socialType" | "createdAt"> & Partial<NewFeedItemRow>,
): NewFeedItemRow {
  return {
    businessProfileId,
    streamId: null,
    kind: "post",
    parentExternalId: null,
    title: null,
    description: `Mention ${values.externalId}`,
    postUrl: null,
    language: "en",
    sentiment: 0,
    sentimentScore: 0,
    sentimentDrivers: "[]",
    keywords: "[]",
    impactScore: 0,
    reach: 0,
    likes: 0,
    comments: 0,
    shares: 0,
    views: 0,
    totalEngagements: 0,
    rating: null,
    identityId: null,
    authorUsername: `author-${values.externalId}`,
    authorName: null,
    authorFollowers: 0,
    authorCountry: "",
    authorPhotoUrl: null,
    isAgentReply: 0,
    assignedToType: null,
    assignedToId: null,
    assignedMessage: null,
    assignedAt: null,
    assignedBy: null,
    translation: null,
    translationLanguage: null,
    muted: 0,
    ingestedAt: values.createdAt,
    ...values,
  };
}
