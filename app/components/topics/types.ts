// The API's answers as the web client hands them over (camelCase), for the topics screens: derived from
// the response schemas (ADR 027).
import type { FromWire } from "../../../domain/key-case";
import type { BackfillResponseSchema, QueryValidationResponseSchema } from "../../../domain/schemas/searches";
import type {
  KeywordSuggestionsResponseSchema,
  TopicGroupListResponseSchema,
  TopicGroupResponseSchema,
  TopicListResponseSchema,
  TopicResponseSchema,
  TopicType,
} from "../../../domain/schemas/topics";

export type { TopicType };

/** Progress of applying a new or edited topic to the stored mentions (ADR 012). */
export type TopicBackfill = FromWire<typeof BackfillResponseSchema>;

export type ApiTopic = FromWire<typeof TopicResponseSchema>;

export type ApiTopicGroup = FromWire<typeof TopicGroupResponseSchema>;

/** GET /v1/topics, /v1/topic_groups and /v1/keywords. */
export type ApiTopicList = FromWire<typeof TopicListResponseSchema>;
export type ApiTopicGroupList = FromWire<typeof TopicGroupListResponseSchema>;
export type ApiKeywordSuggestions = FromWire<typeof KeywordSuggestionsResponseSchema>;

/**
 * What the topic form sends: the create call's fields, then the update's visibility (spec analytics
 * §4). A topic holds the definition of its type only: the other one is sent empty.
 */
export interface TopicInput {
  name: string;
  type: TopicType;
  topicGroupId: number | null;
  keywords: string[];
  query: string;
  entityType: number;
  entityIds: number[];
}

/** GET /v1/keywords: words of the stored mentions starting like the typed one, with their counts. */
export type KeywordSuggestion = FromWire<typeof KeywordSuggestionsResponseSchema>["data"][number];

/** POST /v1/queries/validate; a fault's offset and length in UTF-16 units, as a textarea counts. */
export type QueryValidation = FromWire<typeof QueryValidationResponseSchema>;
export type QueryFault = QueryValidation["errors"][number];
