import { getCollectionProps, getFormProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import type * as z from "zod";
import { ACCOUNT_STATE } from "../../domain/constants";
import { MESSAGES } from "../../domain/messages";
import type { BodyToSend } from "../../domain/request-types";
import { ROLES } from "../../domain/roles";
import { TeamActionSchema, TeamSchema, UpdateTeamFormSchema, type TeamAction, type UpdateTeamBodySchema } from "../../domain/schemas/accounts";
import { Button } from "../components/ui/button";
import { ConfirmFormDialog } from "../components/ui/confirm-form-dialog";
import { CsrfInput } from "../components/ui/csrf-input";
import { FieldErrors, FormErrors, TextField } from "../components/ui/field";
import type { ApiAccountList, ApiTeamList } from "../lib/api.server";
import {
  formFields,
  formHandlerContext,
  formRefused,
  handleIntent,
  readIntentForm,
  type FormHandlerContext,
  type FormRefusal,
  type IntentHandlers,
} from "../lib/forms.server";
import { recordPageView, requireAccount } from "../lib/guard.server";
import { flashToast } from "../lib/toast.server";
import { useHydrated } from "../lib/use-hydrated";
import { titleMeta } from "../lib/meta";
import { useFormKey } from "../lib/use-form-key";
import { compareByName } from "../../domain/format";
import { pageOfList, TEAMS_PAGE_SIZE } from "../../domain/limits";
import { ListPager } from "../components/ui/list-pager";

const TEAMS_PATH = "/settings/teams";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const account = await requireAccount(request, context);
  recordPageView(request, context, account);
  const [accounts, teams] = await Promise.all([
    context.api.get<ApiAccountList>("/v1/accounts"),
    context.api.get<ApiTeamList>("/v1/teams"),
  ]);
  const names = new Map(accounts.data.map((user) => [user.id, `${user.firstName} ${user.lastName}`.trim()]));
  // Team members must be active accounts that are not system admins (spec core §6, ADR 008).
  const candidates = accounts.data
    .filter((user) => user.state === ACCOUNT_STATE.active && user.role !== ROLES.systemAdmin)
    .map((user) => ({ id: user.id, name: names.get(user.id)! }))
    .sort(compareByName);
  const list = teams.data
    .map((team) => ({
      id: team.id,
      name: team.name,
      members: team.accountIds
        .map((id) => ({ id, name: names.get(id) ?? `#${id}` }))
        .sort(compareByName),
    }))
    .sort(compareByName);
  const params = new URL(request.url).searchParams;
  const dialogId = params.get("dialog") === "delete" ? Number(params.get("id")) : NaN;
  const canManage = account.role === ROLES.systemAdmin || account.role === ROLES.admin;
  // One page of teams (ADR 026): each card of an admin's page holds a checkbox per candidate.
  const { items, page, pageCount } = pageOfList(list, params.get("page") ?? undefined, TEAMS_PAGE_SIZE);
  return {
    canManage,
    teams: items,
    page,
    pageCount,
    candidates,
    deleteId: canManage ? (items.find((team) => team.id === dialogId)?.id ?? null) : null,
  };
}

type TeamIntent = TeamAction["intent"];

/** One handler per intent of TeamActionSchema: a refusal comes back as the form's errors. */
const TEAM_ACTIONS: IntentHandlers<TeamAction, FormHandlerContext<TeamIntent>, Promise<FormRefusal<TeamIntent>>> = {
  async create(action, { context, refused }) {
    try {
      await context.api.post("/v1/teams", formFields(action));
    } catch (error) {
      return refused(error);
    }
    flashToast(context, { kind: "success", message: MESSAGES.teamCreated(action.name) });
    throw redirect(TEAMS_PATH);
  },
  async update({ id, name, account_ids }, { context, refused }) {
    try {
      await context.api.patch(`/v1/teams/${id}`, { name, accountIds: account_ids } satisfies BodyToSend<typeof UpdateTeamBodySchema>);
    } catch (error) {
      return refused(error, { gone: TEAMS_PATH });
    }
    flashToast(context, { kind: "success", message: MESSAGES.teamUpdated(name) });
    throw redirect(TEAMS_PATH);
  },
  async delete({ id }, { context, refused }) {
    try {
      await context.api.delete(`/v1/teams/${id}`);
    } catch (error) {
      return refused(error, { gone: TEAMS_PATH });
    }
    flashToast(context, { kind: "success", message: MESSAGES.teamDeleted });
    throw redirect(TEAMS_PATH);
  },
};

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAccount(request, context);
  const { intent, submission } = await readIntentForm(request, context, TeamActionSchema);
  if (submission.status !== "success") return formRefused(intent, submission);
  return handleIntent(TEAM_ACTIONS, submission.value, formHandlerContext(context, submission, intent));
}


type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
type TeamRow = LoaderData["teams"][number];
type Candidate = LoaderData["candidates"][number];
type LastResult = SubmissionResult<string[]> | undefined;
// What the forms hold, as conform sees the posted strings (the zod schemas coerce them).
type TeamFields = { name: string; account_ids: string[] };
type TeamUpdateFields = TeamFields & { id: string };

export default function TeamsRoute() {
  const { canManage, teams, page, pageCount, candidates, deleteId } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const formsKey = useFormKey(actionData);
  const navigate = useNavigate();

  // The delete dialog: ?dialog=delete&id= renders it on the server (no JavaScript needed); once
  // hydrated the Delete button opens it in place; a refused delete shows it again with the reason.
  const failedDeleteId = actionData?.intent === "delete" ? actionData.id : null;
  const [deletingId, setDeletingId] = useState<number | null>(deleteId ?? failedDeleteId);
  useEffect(() => setDeletingId(deleteId ?? failedDeleteId), [deleteId, failedDeleteId, actionData]);
  const deleting = canManage ? (teams.find((team) => team.id === deletingId) ?? null) : null;
  const closeDelete = () => {
    setDeletingId(null);
    if (deleteId !== null) navigate(TEAMS_PATH, { replace: true, preventScrollReset: true });
  };

  return (
    <div className="space-y-6">
      {canManage ? (
        <CreateTeamForm
          key={formsKey}
          candidates={candidates}
          lastResult={actionData?.intent === "create" ? actionData.result : undefined}
        />
      ) : null}

      <section aria-labelledby="teams-heading" className="space-y-3">
        <header className="flex items-baseline justify-between">
          <h2 id="teams-heading" className="text-lg font-semibold">
            {MESSAGES.teams}
          </h2>
          {!canManage ? <p className="text-sm text-slate-500">{MESSAGES.onlyAdminsManage}</p> : null}
        </header>
        {teams.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm text-slate-500">
            {MESSAGES.noTeamsYet}
          </p>
        ) : (
          <ul className="grid gap-4 lg:grid-cols-2">
            {teams.map((team) =>
              canManage ? (
                <EditableTeam
                  key={`${team.id}-${formsKey}`}
                  team={team}
                  candidates={candidates}
                  lastResult={actionData?.intent === "update" && actionData.id === team.id ? actionData.result : undefined}
                  onDelete={() => setDeletingId(team.id)}
                />
              ) : (
                <ReadOnlyTeam key={team.id} team={team} />
              ),
            )}
          </ul>
        )}
        <ListPager page={page} pageCount={pageCount} path={TEAMS_PATH} />
      </section>

      {deleting ? (
        <DeleteTeamDialog
          team={deleting}
          lastResult={actionData?.intent === "delete" && actionData.id === deleting.id ? actionData.result : undefined}
          onClose={closeDelete}
        />
      ) : null}
    </div>
  );
}

function CreateTeamForm({ candidates, lastResult }: { candidates: Candidate[]; lastResult: LastResult }) {
  const navigation = useNavigation();
  const [form, fields] = useForm<TeamFields, z.output<typeof TeamSchema>>({
    id: "team-new",
    lastResult,
    defaultValue: { name: "", account_ids: [] },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: TeamSchema }),
  });
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
  return (
    <section aria-labelledby="new-team-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="new-team-heading" className="text-lg font-semibold">
        {MESSAGES.newTeam}
      </h2>
      <Form method="post" {...getFormProps(form)} className="mt-3 space-y-4">
        <CsrfInput />
        <input type="hidden" name="intent" value="create" />
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="max-w-md">
          <TextField label="Name" field={fields.name} autoComplete="off" />
        </div>
        <MemberCheckboxes field={fields.account_ids} candidates={candidates} legend="Members" />
        <div className="flex justify-end">
          <Button pending={submitting}>{MESSAGES.createTeam}</Button>
        </div>
      </Form>
    </section>
  );
}

function MemberNames({ team }: { team: TeamRow }) {
  return team.members.length ? (
    <ul className="flex flex-wrap gap-1.5" aria-label={`Members of ${team.name}`}>
      {team.members.map((member) => (
        <li key={member.id} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
          {member.name}
        </li>
      ))}
    </ul>
  ) : (
    <p className="text-sm text-slate-500">{MESSAGES.noMembers}</p>
  );
}

function ReadOnlyTeam({ team }: { team: TeamRow }) {
  return (
    <li data-testid="team" data-team-id={team.id} className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
      <h3 className="font-semibold">{team.name}</h3>
      <MemberNames team={team} />
    </li>
  );
}

function EditableTeam({
  team,
  candidates,
  lastResult,
  onDelete,
}: {
  team: TeamRow;
  candidates: Candidate[];
  lastResult: LastResult;
  onDelete: () => void;
}) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  // Members no longer eligible still show (ticked) so that saving does not silently drop them unseen.
  const options = [...candidates, ...team.members.filter((member) => !candidates.some((c) => c.id === member.id))];
  const [form, fields] = useForm<TeamUpdateFields, z.output<typeof UpdateTeamFormSchema>>({
    id: `team-${team.id}`,
    lastResult,
    defaultValue: { id: String(team.id), name: team.name, account_ids: team.members.map((member) => String(member.id)) },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: UpdateTeamFormSchema }),
  });
  const submitting =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === "update" &&
    navigation.formData.get("id") === String(team.id);
  return (
    <li data-testid="team" data-team-id={team.id} className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex items-start justify-between gap-4">
        <h3 className="font-semibold">{team.name}</h3>
        <a
          href={`${TEAMS_PATH}?dialog=delete&id=${team.id}`}
          onClick={(event) => {
            if (!hydrated) return;
            event.preventDefault();
            onDelete();
          }}
          className="inline-flex shrink-0 items-center rounded-md border border-red-200 bg-white px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50"
        >
          {MESSAGES.delete}
        </a>
      </div>
      <div className="mt-2">
        <MemberNames team={team} />
      </div>
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-3 border-t border-slate-100 pt-4" aria-label={`Edit ${team.name}`}>
        <CsrfInput />
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="id" value={team.id} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField label="Name" field={fields.name} autoComplete="off" />
        <MemberCheckboxes field={fields.account_ids} candidates={options} legend="Members" />
        <div className="flex justify-end">
          <Button variant="secondary" pending={submitting}>
            {MESSAGES.save}
          </Button>
        </div>
      </Form>
    </li>
  );
}

function MemberCheckboxes({
  field,
  candidates,
  legend,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the account_ids field of either form
  field: FieldMetadata<any, any, string[]>;
  candidates: Candidate[];
  legend: string;
}) {
  const errors = field.errors ?? [];
  const boxes = getCollectionProps(field, { type: "checkbox", options: candidates.map((c) => String(c.id)) });
  return (
    <fieldset className="space-y-1" aria-describedby={errors.length ? field.errorId : undefined}>
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {boxes.map(({ key, ...box }, index) => (
          <label key={key ?? box.value} className="inline-flex items-center gap-2 text-sm">
            <input {...box} className="size-4 rounded border-slate-300" />
            {candidates[index]!.name}
          </label>
        ))}
      </div>
      <FieldErrors id={field.errorId} errors={errors} />
    </fieldset>
  );
}

function DeleteTeamDialog({ team, lastResult, onClose }: { team: TeamRow; lastResult: LastResult; onClose: () => void }) {
  return (
    <ConfirmFormDialog
      formId={`delete-${team.id}`}
      intent="delete"
      recordId={team.id}
      subject={team.name}
      closeHref={TEAMS_PATH}
      lastResult={lastResult}
      onClose={onClose}
    />
  );
}

export const meta = titleMeta(MESSAGES.teams);
