import type { NamedContext } from "../../domain/helper/questions";
import type { HelperLanguage, HelperPeriod, HelperPlan } from "../../domain/helper/plan";
import type { HelperAnswerBlocks } from "../../domain/schemas/helper";
import type { ToolResult, ToolScope } from "./tools";

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

export interface AskContext {
  scope: ToolScope;
  named: NamedContext[];
  defaultContext: string;
  defaultPeriod: HelperPeriod;
}
