// conversation_themes (ADR 015 payload, ADR 016 method): communities of the term co-occurrence graph of
// each context's newest mentions in the range (at most TEXT_SAMPLE_SIZE).
import { sampleTermDocs } from "../../../db/repositories/analytics-terms";
import { conversationThemes, TEXT_SAMPLE_SIZE } from "../../../domain/text-analytics";
import type { ServiceDeps } from "../../context";
import { inRange, metaOf, type TextRequest } from "./context";
import type { FromWire } from "../../../domain/key-case";
import type { ThemesWidgetResponseSchema } from "../../../domain/schemas/dashboard-widgets";

export async function getConversationThemes(
  deps: ServiceDeps,
  request: TextRequest,
): Promise<FromWire<typeof ThemesWidgetResponseSchema>> {
  const data = await Promise.all(
    request.contexts.map(async (context) => {
      const docs = await sampleTermDocs(deps.db, request.businessProfileId, inRange(context.filter, request.range), TEXT_SAMPLE_SIZE);
      const themes = conversationThemes(docs.map((d) => ({ id: d.id, terms: d.keywords, sentiment: d.sentiment })));
      return { context: context.ref, nlpAnalyzedCount: docs.length, themes };
    }),
  );
  return { data, meta: metaOf(request, "raw") };
}
