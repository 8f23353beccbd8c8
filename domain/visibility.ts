
import { MESSAGES } from "./messages";

/** Visibility codes (spec §4, §9): who may see a template, search or topic. */
export const VISIBILITY = { onlyMe: 1, everyone: 2, teams: 3 } as const;

export type Visibility = (typeof VISIBILITY)[keyof typeof VISIBILITY];

const VISIBILITY_VALUES: readonly Visibility[] = [
  VISIBILITY.onlyMe,
  VISIBILITY.everyone,
  VISIBILITY.teams,
];

export const VISIBILITY_LABELS: Record<Visibility, string> = {
  1: MESSAGES.onlyMe,
  2: MESSAGES.everyone,
  3: MESSAGES.teams,
};

/** Options for a selector, in the spec's order. */
export const VISIBILITY_OPTIONS: ReadonlyArray<{
  value: Visibility;
  label: string;
}> = VISIBILITY_VALUES.map((value) => ({
  value,
  label: VISIBILITY_LABELS[value],
}));

export interface VisibilityEntityInput {
  visibility: Visibility;
  accountId: number;
  businessProfileId: number;
  teamIds?: readonly number[] | null;
}

/**
 * The entity ids stored with a visibility (spec §4): Only Me → the logged-in account, Everyone → the
 * business profile, Teams → the chosen team ids (deduplicated, in the order chosen).
 */
export function visibilityEntityIds(input: VisibilityEntityInput): number[] {
  switch (input.visibility) {
    case VISIBILITY.onlyMe:
      return [input.accountId];
    case VISIBILITY.everyone:
      return [input.businessProfileId];
    case VISIBILITY.teams:
      return [...new Set(input.teamIds ?? [])];
    default:
      return [];
  }
}
