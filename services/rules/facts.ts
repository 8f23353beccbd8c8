import type { RuleFactsRow } from "../../db/repositories/rules";
import { indexDoc, tokenize } from "../../domain/query";
import { searchableText } from "../queries/searchable";
import type { RuleFacts } from "./match";

type Membership = { feedItemId: number; contextType: number; contextId: number };

/** Stored memberships (saved searches 1, topics 2) by mention. */
export function groupMatches(rows: readonly Membership[]): Map<number, Membership[]> {
  const map = new Map<number, Membership[]>();
  for (const row of rows) {
    const list = map.get(row.feedItemId);
    if (list) list.push(row);
    else map.set(row.feedItemId, [row]);
  }
  return map;
}

const NONE: readonly number[] = [];

/** What a rule matches a stored mention on (as the rules step reads a new one). */
export function factsOfRow(row: RuleFactsRow, memberships: readonly Membership[] = []): RuleFacts {
  const topicIds = memberships.filter((m) => m.contextType === 2).map((m) => m.contextId);
  return {
    facts: {
      tokens: indexDoc(tokenize(searchableText(row.title, row.description))),
      socialType: row.socialType,
      language: row.language,
      country: row.authorCountry,
      sentiment: row.sentiment,
      identityId: row.identityId,
      labelIds: NONE,
      topicIds,
    },
    kind: row.kind,
    streamId: row.streamId,
    searchIds: memberships.filter((m) => m.contextType === 1).map((m) => m.contextId),
    topicIds,
  };
}
