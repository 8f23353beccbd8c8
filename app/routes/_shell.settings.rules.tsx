import { getFormProps, getSelectProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useActionData, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { FEED_ITEM_STATE_LABELS } from "../../domain/inbox";
import { MESSAGES } from "../../domain/messages";
import { RuleFormSchema, RuleTestSchema, RULE_TYPES, STATUS_TYPES } from "../../domain/schemas/rules";
import { QueryField } from "../components/search/query-field";
import { Button } from "../components/ui/button";
import { useRowConfirmDialog } from "../components/ui/confirm-form-dialog";
import { CsrfInput } from "../components/ui/csrf-input";
import { FieldErrors, FormErrors, TextField } from "../components/ui/field";
import { titleMeta } from "../lib/meta";
import { useHydrated } from "../lib/use-hydrated";
import type { action, ApiRule, ApiRuleTest, loader } from "./_shell.settings.rules.server";

export { action, loader } from "./_shell.settings.rules.server";

const L = MESSAGES.rulesScreen;
const RULES_PATH = "/settings/rules";

const RULE_TYPE_OPTIONS = [
  { value: RULE_TYPES.label, label: MESSAGES.inboxUi.label },
  { value: RULE_TYPES.assign, label: MESSAGES.inboxUi.assign },
  { value: RULE_TYPES.state, label: L.ruleTypeLabels.state },
  { value: RULE_TYPES.hide, label: L.ruleTypeLabels.hide },
];
const STATUS_TYPE_OPTIONS = [
  { value: STATUS_TYPES.all, label: MESSAGES.widgetsUi.everyMention },
  { value: STATUS_TYPES.posts, label: L.statusTypeLabels.posts },
  { value: STATUS_TYPES.comments, label: L.statusTypeLabels.comments },
  { value: STATUS_TYPES.reviews, label: MESSAGES.widgetsUi.reviewsColumn },
  { value: STATUS_TYPES.messages, label: L.statusTypeLabels.messages },
];

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
type ActionData = ReturnType<typeof useActionData<typeof action>>;

/** How often the page looks again while a rule is applied to stored mentions (with JavaScript). */
const APPLY_POLL_MS = 2000;

export default function RulesRoute() {
  const { rules, editing, showForm, deleteId, applying, options } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const revalidator = useRevalidator();

  useEffect(() => {
    if (!applying) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, APPLY_POLL_MS);
    return () => clearInterval(timer);
  }, [applying, revalidator]);

  const { dialog: confirmDialog, open: openConfirm } = useRowConfirmDialog({
    records: rules,
    idFromUrl: deleteId,
    actionData,
    intent: "delete",
    path: RULES_PATH,
    subject: (rule) => rule.name,
  });
  const formOpen = showForm || actionData?.intent === "save" || actionData?.intent === "test";

  return (
    <div className="max-w-4xl space-y-6">
      <p className="text-sm text-slate-600">{L.intro}</p>
      {formOpen ? (
        <RuleForm key={editing?.id ?? "new"} editing={editing} options={options} actionData={actionData} />
      ) : (
        <Link
          to={`${RULES_PATH}?new=1`}
          className="inline-flex rounded-md bg-brand-600 px-3 py-2 text-sm font-medium text-white hover:bg-brand-700"
        >
          {L.newRule}
        </Link>
      )}

      <section aria-labelledby="rules-heading" className="space-y-3">
        <h2 id="rules-heading" className="text-lg font-semibold">
          {MESSAGES.rules}
        </h2>
        {applying ? (
          <Link to={RULES_PATH} className="text-sm text-brand-700 underline">
            {MESSAGES.topicsScreen.refresh}
          </Link>
        ) : null}
        {rules.length === 0 ? (
          <p
            className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm text-slate-500"
            data-testid="rules-empty"
          >
            {L.noRules}
          </p>
        ) : (
          <ol className="divide-y divide-slate-100 overflow-hidden rounded-lg border border-slate-200 bg-white">
            {rules.map((rule) => (
              <RuleRow key={rule.id} rule={rule} options={options} onDelete={() => openConfirm(rule.id)} />
            ))}
          </ol>
        )}
      </section>

      {confirmDialog}
    </div>
  );
}

function describeAction(rule: ApiRule, options: LoaderData["options"]): string {
  const type = RULE_TYPE_OPTIONS.find((o) => o.value === rule.ruleType)?.label ?? "";
  const labels = rule.labelIds.map((id) => options.labels.find((l) => l.id === id)?.name).filter(Boolean);
  const assignee =
    rule.assigneeId === null
      ? null
      : (rule.assigneeType === "team" ? options.teams : options.users).find((x) => x.id === rule.assigneeId)?.name;
  const parts = [type];
  if (assignee) parts.push(`→ ${assignee}`);
  if (rule.state !== null) parts.push(`→ ${FEED_ITEM_STATE_LABELS[rule.state] ?? rule.state}`);
  if (labels.length) parts.push(`+ ${labels.join(", ")}`);
  return parts.join(" ");
}

function RuleRow({ rule, options, onDelete }: { rule: ApiRule; options: LoaderData["options"]; onDelete: () => void }) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const applyingNow =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === "apply" &&
    navigation.formData.get("id") === String(rule.id);
  const target = STATUS_TYPE_OPTIONS.find((o) => o.value === rule.statusType)?.label ?? "";
  return (
    <li className="space-y-2 px-4 py-3" data-testid="rule-row" data-rule-id={rule.id}>
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="font-medium" data-testid="rule-name">
          {rule.name}
        </span>
        {rule.brokenReason ? (
          <span className="rounded bg-red-100 px-1.5 py-0.5 text-xs font-medium text-red-800" data-testid="rule-broken">
            {L.broken}
          </span>
        ) : null}
        <span className="text-sm text-slate-600">
          {describeAction(rule, options)} · {target}
        </span>
        <span className="text-sm text-slate-600" data-testid="rule-acted">
          {L.actedOn(rule.actedCount)}
        </span>
      </div>
      {rule.query ? <code className="block break-words text-xs text-slate-700">{rule.query}</code> : null}
      {rule.brokenReason ? (
        <p className="text-sm text-red-700" data-testid="rule-broken-reason">
          {L.brokenBecause(rule.brokenReason)}
        </p>
      ) : null}
      {rule.apply ? (
        <p className="text-sm text-slate-600" role="status" data-testid="rule-apply">
          {rule.apply.status === "running"
            ? L.applyRunning(rule.apply.done, rule.apply.total)
            : rule.apply.status === "done"
              ? L.applyDone(rule.apply.acted, rule.apply.total)
              : L.applyFailed}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <Link
          to={`${RULES_PATH}?edit=${rule.id}`}
          className="rounded-md border border-slate-300 bg-white px-2.5 py-1 text-sm font-medium hover:bg-slate-50"
          aria-label={L.editRuleOf(rule.name)}
        >
          {MESSAGES.edit}
        </Link>
        <Form method="post" aria-label={L.applyOf(rule.name)}>
          <CsrfInput />
          <input type="hidden" name="id" value={rule.id} />
          <Button
            variant="secondary"
            name="intent"
            value="apply"
            pending={applyingNow}
            disabled={!!rule.brokenReason}
            aria-label={L.applyOf(rule.name)}
          >
            {L.applyToExisting}
          </Button>
        </Form>
        <a
          href={`${RULES_PATH}?dialog=delete&id=${rule.id}`}
          onClick={(event) => {
            if (!hydrated) return;
            event.preventDefault();
            onDelete();
          }}
          className="rounded-md px-2.5 py-1 text-sm font-medium text-red-700 hover:bg-red-50"
          aria-label={L.deleteRuleOf(rule.name)}
        >
          {MESSAGES.delete}
        </a>
      </div>
    </li>
  );
}

function initialValues(rule: ApiRule | null) {
  if (!rule) return { entities: [] as string[], label_ids: [] as string[], identities: [] as string[] };
  return {
    name: rule.name,
    rule_type: String(rule.ruleType),
    status_type: String(rule.statusType),
    entities: rule.entities.map((e) => `${e.entityType}:${e.entityId}`),
    query: rule.query ?? "",
    exclude_query: rule.excludeQuery ?? "",
    label_ids: rule.labelIds.map(String),
    identities: rule.identities.map(String),
    assignee_id: rule.assigneeId === null ? "" : `${rule.assigneeType}:${rule.assigneeId}`,
    state: rule.state === null ? "" : String(rule.state),
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a field of this form
type AnyField = FieldMetadata<any, any, string[]>;

function SelectField({
  field,
  label,
  hint,
  children,
  multiple,
}: {
  field: AnyField;
  label: string;
  hint?: string;
  children: React.ReactNode;
  multiple?: boolean;
}) {
  const hintId = `${field.id}-hint`;
  return (
    <div className="min-w-0 space-y-1.5">
      <label htmlFor={field.id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        {...getSelectProps(field, { ariaAttributes: true })}
        key={field.key}
        multiple={multiple}
        aria-describedby={
          [hint ? hintId : null, field.errors?.length ? field.errorId : null].filter(Boolean).join(" ") || undefined
        }
        className={`block w-full rounded-md border bg-white px-3 py-2 text-sm shadow-sm ${field.errors?.length ? "border-red-500" : "border-slate-300"} ${multiple ? "min-h-28" : ""}`}
      >
        {children}
      </select>
      {hint ? (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

function RuleForm({
  editing,
  options,
  actionData,
}: {
  editing: ApiRule | null;
  options: LoaderData["options"];
  actionData: ActionData | undefined;
}) {
  const navigation = useNavigation();
  const mine = actionData && (actionData.intent === "save" || actionData.intent === "test") ? actionData : undefined;
  const [form, fields] = useForm({
    id: "rule-form",
    lastResult: mine?.result as SubmissionResult<string[]> | undefined,
    defaultValue: initialValues(editing),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: formData.get("intent") === "test" ? RuleTestSchema : RuleFormSchema }),
  });
  const pending = (intent: string) =>
    navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const test: ApiRuleTest | null = mine?.test ?? null;
  return (
    <section aria-labelledby="rule-form-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="rule-form-heading" className="mb-3 text-base font-semibold">
        {editing ? L.editRule : L.newRule}
      </h2>
      {/* A document post: the query fields' live lint (a fetcher of /search/lint) is not revalidated after
          the action, which fails once the client navigated here (Remix reports the lint route as unmatched). */}
      <Form
        method="post"
        reloadDocument
        {...getFormProps(form)}
        aria-labelledby="rule-form-heading"
        className="space-y-4"
      >
        <CsrfInput />
        {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField label={MESSAGES.name} field={fields.name} autoComplete="off" />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField field={fields.rule_type} label={MESSAGES.inboxUi.moderationAction}>
            <option value="">{MESSAGES.inboxUi.chooseAction}</option>
            {RULE_TYPE_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </SelectField>
          <SelectField field={fields.status_type} label={L.target}>
            <option value="">{L.chooseTarget}</option>
            {STATUS_TYPE_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </SelectField>
        </div>
        <SelectField field={fields.entities} label={MESSAGES.inboxUi.sources} hint={L.sourcesHint} multiple>
          {options.sources.map((group) =>
            group.items.length ? (
              <optgroup key={group.type} label={group.label}>
                {group.items.map((item) => (
                  <option key={item.id} value={`${group.type}:${item.id}`}>
                    {item.name}
                  </option>
                ))}
              </optgroup>
            ) : null,
          )}
        </SelectField>
        <SelectField field={fields.identities} label={L.authorsField} hint={L.authorsHint} multiple>
          {options.authors.map((group) => (
            <optgroup key={group.network} label={group.label}>
              {group.items.map((author) => (
                <option key={author.id} value={author.id}>
                  {author.name}
                </option>
              ))}
            </optgroup>
          ))}
        </SelectField>
        <QueryField field={fields.query} label={MESSAGES.topicsScreen.query} serverFaults={mine?.faults.query ?? []} />
        <QueryField
          field={fields.exclude_query}
          label={L.excludeQuery}
          serverFaults={mine?.faults.excludeQuery ?? []}
        />
        <div className="grid gap-4 sm:grid-cols-3">
          <SelectField field={fields.label_ids} label={L.labelsField} hint={L.labelsHint} multiple>
            {options.labels.map((label) => (
              <option key={label.id} value={label.id}>
                {label.name}
              </option>
            ))}
          </SelectField>
          <SelectField field={fields.assignee_id} label={MESSAGES.inboxUi.assignTo}>
            <option value="">{L.noAssignee}</option>
            <optgroup label={MESSAGES.users}>
              {options.users.map((user) => (
                <option key={user.id} value={`account:${user.id}`}>
                  {user.name}
                </option>
              ))}
            </optgroup>
            <optgroup label={MESSAGES.teams}>
              {options.teams.map((team) => (
                <option key={team.id} value={`team:${team.id}`}>
                  {team.name}
                </option>
              ))}
            </optgroup>
          </SelectField>
          <SelectField field={fields.state} label={MESSAGES.inboxUi.state}>
            <option value="">{L.noState}</option>
            {Object.entries(FEED_ITEM_STATE_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </SelectField>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button name="intent" value={editing ? "update" : "create"} pending={pending(editing ? "update" : "create")}>
            {editing ? L.save : L.create}
          </Button>
          <Button variant="secondary" name="intent" value="test" pending={pending("test")}>
            {L.testRule}
          </Button>
          <Link to={RULES_PATH} className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50">
            {MESSAGES.cancel}
          </Link>
        </div>
      </Form>
      {test ? <TestResult test={test} /> : null}
    </section>
  );
}

function TestResult({ test }: { test: ApiRuleTest }) {
  return (
    <div
      role="status"
      className="mt-4 space-y-2 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm"
      data-testid="rule-test"
    >
      <p className="font-medium">{L.testResult(test.matched, test.scanned)}</p>
      {test.sample.length ? (
        <>
          <p className="text-slate-600">{L.testSample}</p>
          <ul className="space-y-1">
            {test.sample.map((m) => (
              <li key={m.id} className="break-words">
                <span className="font-medium">{m.author}</span>: {m.text}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="text-slate-600">{L.testNoMatch}</p>
      )}
    </div>
  );
}

export const meta = titleMeta(MESSAGES.rules);
