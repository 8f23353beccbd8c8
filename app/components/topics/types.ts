// The API's answers as the web client hands them over (camelCase), for the topics screens.
import type { TopicType } from "../../../domain/schemas/topics";

export type { TopicType };

/** Progress of applying a new or edited topic to the stored mentions (ADR 012). */
export interface TopicBackfill {
  done: number;
  total: number;
  finished: boolean;
}

export interface ApiTopic {
  id: number;
  name: string;
  type: TopicType;
  topicGroupId: number | null;
  keywords: string[];
  query: string | null;
  /** Visibility (spec core §4): 1 Only Me, 2 Everyone, 3 Teams. */
  entityType: number;
  entityIds: number[];
  pinned: boolean;
  logoSrc: string | null;
  category: string | null;
  areAlertsEnabled: boolean;
  /** Whether the caller may edit, move and delete it. */
  editable: boolean;
  backfill: TopicBackfill;
}

export interface ApiTopicGroup {
  id: number;
  name: string;
}

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
export interface KeywordSuggestion {
  keyword: string;
  count: number;
}

/** One lint fault of a boolean query: offset and length in UTF-16 units, as a textarea counts. */
export interface QueryFault {
  message: string;
  offset: number;
  length: number;
}

export interface QueryValidation {
  valid: boolean;
  errors: QueryFault[];
}
