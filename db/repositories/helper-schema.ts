import type { Generated, Selectable } from "kysely";

// The helper's tables of migration 0030 (issue 27, ADR 042), added to the database's schema type here
// (declaration merging) so that the helper's storage stays in the helper's own files.
interface HelperChatTable {
  id: Generated<number>;
  businessProfileId: number;
  accountId: number;
  title: string;
  createdAt: string;
  updatedAt: string;
}

interface HelperMessageTable {
  id: Generated<number>;
  businessProfileId: number;
  chatId: number;
  question: string;
  status: string;
  answerText: string;
  /** JSON: the answer's blocks and plan. */
  answer: string;
  /** JSON: the tool results the answer was made from. */
  toolResults: string;
  planner: string;
  language: string | null;
  vote: Generated<number>;
  voteReason: string | null;
  votedAt: string | null;
  recoveredCount: Generated<number>;
  createdAt: string;
  updatedAt: string;
}

interface HelperPinnedQuestionTable {
  id: Generated<number>;
  businessProfileId: number;
  accountId: number;
  text: string;
  createdAt: string;
  updatedAt: string;
}

interface HelperSettingsTable {
  businessProfileId: number;
  accountId: number;
  defaultContext: string;
  defaultPeriod: string;
  updatedAt: string;
}

declare module "../schema" {
  interface DatabaseSchema {
    helperChats: HelperChatTable;
    helperMessages: HelperMessageTable;
    helperPinnedQuestions: HelperPinnedQuestionTable;
    helperSettings: HelperSettingsTable;
  }
}

export type HelperChatRow = Selectable<HelperChatTable>;
export type HelperMessageRow = Selectable<HelperMessageTable>;
export type HelperPinnedQuestionRow = Selectable<HelperPinnedQuestionTable>;
export type HelperSettingsRow = Selectable<HelperSettingsTable>;
