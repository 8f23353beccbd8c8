import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { MESSAGES } from "../../domain/messages";
import { hasPermission } from "../../domain/permissions";
import { VISIBILITY } from "../../domain/visibility";
import { topicFormAction } from "./_shell.topics.server";
import { TopicForm } from "../components/topics/topic-form";
import { routeErrorBoundary, SCREEN_ERRORS } from "../components/ui/route-error-boundary";
import { createTopic } from "../lib/create-topic.server";
import { recordPageView, requireAccount } from "../lib/guard.server";
import { titleMeta } from "../lib/meta";
import type { loader as topicsLoader } from "./_shell.topics";
import { useFormKey } from "../lib/use-form-key";
import type { ApiTeamList } from "../lib/api.server";

const LABELS = MESSAGES.topicsScreen;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const account = await requireAccount(request, context);
  recordPageView(request, context, account);
  if (!hasPermission(account.permissions, "topics.index.write")) return { canWrite: false, teams: [] };
  const { data: teams } = await context.api.get<ApiTeamList>("/v1/teams");
  return { canWrite: true, teams: teams.map((team) => ({ id: team.id, name: team.name })) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const account = await requireAccount(request, context);
  return topicFormAction(request, context, account, (input) => createTopic(context.api, input), LABELS.topicCreated);
}

export default function NewTopicRoute() {
  const { canWrite, teams } = useLoaderData<typeof loader>();
  const layout = useRouteLoaderData<typeof topicsLoader>("routes/_shell.topics");
  const actionData = useActionData<typeof action>();
  const formsKey = useFormKey(actionData);
  const groups = layout?.groups.map((group) => ({ id: group.id, name: group.name })) ?? [];
  if (!canWrite) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm text-slate-500">
        {LABELS.readOnly}
      </p>
    );
  }
  return (
    <section aria-labelledby="new-topic-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="new-topic-heading" className="text-lg font-semibold">
        {LABELS.newTopic}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{LABELS.newTopicIntro}</p>
      <div className="mt-4">
        <TopicForm
          key={formsKey}
          labelledBy="new-topic-heading"
          formId="topic-new"
          defaultValue={{
            name: "",
            type: "",
            topic_group_id: "",
            keywords: [],
            keyword_entry: "",
            query: "",
            entity_type: String(VISIBILITY.everyone),
            entity_ids: [],
          }}
          groups={groups}
          teams={teams}
          lastResult={actionData?.result}
          serverSuggestions={actionData?.suggestions ?? null}
          submitLabel={LABELS.createTopic}
        />
      </div>
    </section>
  );
}

export const meta = titleMeta(MESSAGES.customTopics);

export const ErrorBoundary = routeErrorBoundary(SCREEN_ERRORS.topics);
