import type { NamedContext } from "../../domain/helper/questions";
import type { HelperLanguage, HelperPeriod, HelperPlan } from "../../domain/helper/plan";
import type { HelperAnswerBlocks } from "../../domain/schemas/helper";
import type { HelperToolName, ToolResult, ToolScope } from "./tools";

// What answering a question works with and gives (ADR 042), apart so that the model and the built-in
// planner share it without importing each other.
export interface HelperAnswer {
  status: "answered" | "cannot_answer" | "refused";
  text: string;
  blocks: HelperAnswerBlocks;
  plan: HelperPlan | null;
  toolResults: ToolResult[];
  planner: "builtin" | "model";
  notice: string | null;
  language: HelperLanguage | null;
}

/**
 * An answer's parts in the order they are produced (ADR 042, streaming): each tool as it starts, the
 * notice, each line of the text, then the figures, chart, table and links. The same parts make the
 * whole answer (answerQuestion) and the stream a page with JavaScript shows as it arrives.
 */
export type HelperAnswerPart =
  | { type: "tool"; tool: HelperToolName }
  | { type: "notice"; text: string }
  | { type: "text"; text: string }
  | { type: "blocks"; status: HelperAnswer["status"]; language: HelperLanguage | null; answer: HelperAnswerBlocks };

export interface AskContext {
  scope: ToolScope;
  named: NamedContext[];
  defaultContext: string;
  defaultPeriod: HelperPeriod;
}
