import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { FetcherWithComponents } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { FEED_ITEM_STATE_LABELS, MODERATION_ACTIONS, MODERATION_ACTIONS_WITH_TEXT, MODERATION_REASONS } from "../../../domain/inbox";
import { MESSAGES } from "../../../domain/messages";
import { LANGUAGES } from "../../../domain/reference/languages";
import { AssignFormSchema, SetLabelsFormSchema, UnassignFormSchema } from "../../../domain/schemas/inbox";
import { ModerationFormSchema } from "../../../domain/schemas/replies";
import { useDetailsDismiss } from "../../lib/use-details-dismiss";
import { useHydrated } from "../../lib/use-hydrated";
import { FieldErrors, FormErrors } from "../ui/field";
import type { InboxRow, LabelGroup } from "./format";
import type { ItemActionData } from "../../routes/_shell.inbox.server";
import { ItemForm, useItemAnswer, useItemFetcher } from "./item-form";
import { withoutBlankNewLabels } from "./params";

const LABELS = MESSAGES.inboxUi;

/** The ids the keyboard shortcuts reach (app/components/inbox/shortcuts.tsx). */
export const SHORTCUT_TARGETS = {
  assignToMe: "inbox-assign-me",
  labelsPicker: "inbox-labels-picker",
  statePicker: "inbox-state-picker",
  translate: "inbox-translate",
  replyText: "inbox-reply-text",
} as const;

const toolButton =
  "inline-flex items-center gap-1.5 rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm font-medium text-ink shadow-sm hover:bg-slate-50 disabled:cursor-not-allowed disabled:text-slate-400";
const popover = "absolute left-0 z-30 mt-1 w-72 space-y-3 rounded-lg border border-slate-200 bg-white p-3 shadow-xl";
const inputClass = "block w-full rounded-md border border-slate-300 px-2.5 py-1.5 text-sm shadow-sm";

function Kbd({ children }: { children: ReactNode }) {
  return (
    <kbd className="rounded border border-slate-300 bg-slate-50 px-1 text-[10px] font-semibold text-slate-500" aria-hidden>
      {children}
    </kbd>
  );
}

/**
 * A toolbar popover: a <details> (opens without JavaScript), closed on outside click or Escape, and once
 * the action posted from it is done (the focus back on its button, so the keyboard carries on from there).
 */
function Popover({
  id,
  label,
  shortcut,
  children,
  open,
  testId,
  fetcher,
}: {
  id?: string;
  label: string;
  shortcut?: string;
  children: ReactNode;
  open?: boolean;
  testId: string;
  fetcher?: FetcherWithComponents<ItemActionData>;
}) {
  const ref = useDetailsDismiss();
  const busy = fetcher !== undefined && fetcher.state !== "idle";
  const wasBusy = useRef(false);
  useEffect(() => {
    if (wasBusy.current && !busy && fetcher?.data?.ok && ref.current?.open) {
      ref.current.open = false;
      ref.current.querySelector("summary")?.focus();
    }
    wasBusy.current = busy;
  }, [busy, fetcher?.data, ref]);
  return (
    <details ref={ref} id={id} className="relative" open={open} data-testid={testId}>
      <summary className={`${toolButton} cursor-pointer list-none`}>
        {label}
        {shortcut ? <Kbd>{shortcut}</Kbd> : null}
        <span aria-hidden className="text-xs text-slate-400">
          ▾
        </span>
      </summary>
      <div className={popover}>{children}</div>
    </details>
  );
}

// ── Assign ──────────────────────────────────────────────────────────────────────────────────────

export function AssignControls({
  row,
  me,
  accounts,
  teams,
}: {
  row: InboxRow;
  me: { value: string; name: string };
  accounts: Array<{ value: string; label: string }>;
  teams: Array<{ value: string; label: string }>;
}) {
  const fetcher = useItemFetcher("assign", row.id);
  const answer = useItemAnswer(fetcher, ["assign", "unassign"], row.id);
  const mine = row.assignee?.value === me.value;
  return (
    <>
      {mine ? null : (
        <ItemForm fetcher={fetcher} itemId={row.id} intent="assign" id={SHORTCUT_TARGETS.assignToMe}>
          <input type="hidden" name="assignee" value={me.value} />
          <button type="submit" className={toolButton}>
            {LABELS.assignToMe}
            <Kbd>a</Kbd>
          </button>
        </ItemForm>
      )}
      <Popover label={LABELS.assign} testId="assign-picker" open={answer?.result?.status === "error" ? true : undefined} fetcher={fetcher}>
        <AssignForm key={`${row.id}-${row.assignee?.value ?? ""}`} row={row} accounts={accounts} teams={teams} lastResult={answer?.intent === "assign" ? answer.result : undefined} />
        {row.assignee ? (
          <UnassignForm key={`u-${row.id}-${row.assignee.value}`} row={row} lastResult={answer?.intent === "unassign" ? answer.result : undefined} />
        ) : null}
      </Popover>
    </>
  );
}

function AssignForm({
  row,
  accounts,
  teams,
  lastResult,
}: {
  row: InboxRow;
  accounts: Array<{ value: string; label: string }>;
  teams: Array<{ value: string; label: string }>;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const fetcher = useItemFetcher("assign", row.id);
  const [form, fields] = useForm({
    id: `assign-${row.id}`,
    lastResult,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AssignFormSchema }),
  });
  const assigneeError = fields.assignee_type.errors ?? fields.assignee_id.errors;
  return (
    <ItemForm fetcher={fetcher} itemId={row.id} intent="assign" {...getFormProps(form)} aria-label={LABELS.assign} className="space-y-2">
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="space-y-1">
        <label htmlFor={`assignee-${row.id}`} className="block text-xs font-medium text-slate-600">
          {LABELS.assignTo}
        </label>
        <select
          id={`assignee-${row.id}`}
          name="assignee"
          defaultValue={row.assignee?.value ?? ""}
          className={inputClass}
          aria-invalid={assigneeError?.length ? true : undefined}
          aria-describedby={assigneeError?.length ? `assignee-${row.id}-error` : undefined}
        >
          <option value="">{LABELS.chooseAssignee}</option>
          <optgroup label={MESSAGES.users}>
            {accounts.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </optgroup>
          {teams.length ? (
            <optgroup label={MESSAGES.teams}>
              {teams.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </optgroup>
          ) : null}
        </select>
        <FieldErrors id={`assignee-${row.id}-error`} errors={assigneeError} />
      </div>
      <div className="space-y-1">
        <label htmlFor={fields.message.id} className="block text-xs font-medium text-slate-600">
          {LABELS.messageOptional}
        </label>
        <textarea id={fields.message.id} name={fields.message.name} rows={2} className={inputClass} />
        <FieldErrors id={fields.message.errorId} errors={fields.message.errors} />
      </div>
      <button type="submit" className="w-full rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700">
        {LABELS.assign}
      </button>
    </ItemForm>
  );
}

function UnassignForm({ row, lastResult }: { row: InboxRow; lastResult: SubmissionResult<string[]> | undefined }) {
  const fetcher = useItemFetcher("assign", row.id);
  const [form, fields] = useForm({
    id: `unassign-${row.id}`,
    lastResult,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: UnassignFormSchema }),
  });
  return (
    <ItemForm
      fetcher={fetcher}
      itemId={row.id}
      intent="unassign"
      {...getFormProps(form)}
      aria-label={LABELS.unassign}
      className="space-y-2 border-t border-slate-100 pt-3"
    >
      <FormErrors id={form.errorId} errors={form.errors} />
      <p className="text-xs text-slate-600">{MESSAGES.inboxActions.assigned(row.assignee?.name ?? "")}</p>
      <div className="space-y-1">
        <label htmlFor={fields.message.id} className="block text-xs font-medium text-slate-600">
          {LABELS.unassignMessage}
        </label>
        <input id={fields.message.id} name={fields.message.name} className={inputClass} />
      </div>
      <button type="submit" className="w-full rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50">
        {LABELS.unassign}
      </button>
    </ItemForm>
  );
}

// ── Labels ──────────────────────────────────────────────────────────────────────────────────────

/**
 * The label picker (l): the item's labels become exactly the ticked ones, plus new names typed inline.
 * Keyed by the item's labels where it is used, so the ticks start over from what the server kept.
 */
export function LabelsPicker({ row, groups }: { row: InboxRow; groups: LabelGroup[] }) {
  const fetcher = useItemFetcher("labels", row.id);
  const answer = useItemAnswer(fetcher, "set-labels", row.id);
  const current = new Set(row.labels.map((label) => label.id));
  const [form, fields] = useForm({
    id: `labels-${row.id}`,
    lastResult: answer?.result,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(withoutBlankNewLabels(formData), { schema: SetLabelsFormSchema }),
  });
  return (
    <Popover
      id={SHORTCUT_TARGETS.labelsPicker}
      label={LABELS.labels}
      shortcut="l"
      testId="labels-picker"
      open={answer?.result?.status === "error" ? true : undefined}
      fetcher={fetcher}
    >
      <ItemForm
        fetcher={fetcher}
        itemId={row.id}
        intent="set-labels"
        {...getFormProps(form)}
        aria-label={LABELS.setLabels}
        className="space-y-3"
      >
        <FormErrors id={form.errorId} errors={form.errors} />
        <fieldset className="max-h-56 space-y-2 overflow-y-auto">
          <legend className="text-xs font-medium text-slate-600">{LABELS.labels}</legend>
          {groups.length === 0 ? <p className="text-xs text-slate-500">{LABELS.noLabels}</p> : null}
          {groups.map((group) => (
            <div key={group.category || "-"} className="space-y-1">
              {group.category ? <p className="text-[11px] font-medium uppercase tracking-wide text-slate-400">{group.category}</p> : null}
              {group.labels.map((label) => (
                <label key={label.id} className="flex items-center gap-2 rounded px-1 py-0.5 text-sm hover:bg-slate-50">
                  <input type="checkbox" name="label_ids" value={label.id} defaultChecked={current.has(label.id)} className="size-4 rounded border-slate-300" />
                  {label.name}
                </label>
              ))}
            </div>
          ))}
        </fieldset>
        <div className="space-y-1">
          <label htmlFor={fields.new_labels.id} className="block text-xs font-medium text-slate-600">
            {LABELS.newLabel}
          </label>
          <input
            id={fields.new_labels.id}
            name={fields.new_labels.name}
            className={inputClass}
            placeholder={LABELS.newLabelPlaceholder}
            autoComplete="off"
            list={`label-names-${row.id}`}
          />
          <datalist id={`label-names-${row.id}`}>
            {groups.flatMap((group) => group.labels).map((label) => (
              <option key={label.id} value={label.name} />
            ))}
          </datalist>
          <FieldErrors id={fields.new_labels.errorId} errors={fields.new_labels.errors} />
        </div>
        <button type="submit" className="w-full rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700">
          {LABELS.saveLabels}
        </button>
      </ItemForm>
    </Popover>
  );
}

// ── State ───────────────────────────────────────────────────────────────────────────────────────

/** The state picker (e): one button per state; the current one is marked and disabled. */
export function StatePicker({ row }: { row: InboxRow }) {
  const fetcher = useItemFetcher("state", row.id);
  return (
    <Popover id={SHORTCUT_TARGETS.statePicker} label={LABELS.stateIs(row.stateLabel)} shortcut="e" testId="state-picker" fetcher={fetcher}>
      <ItemForm fetcher={fetcher} itemId={row.id} intent="state" aria-label={LABELS.changeState} className="space-y-1">
        <input type="hidden" name="ids" value={row.id} />
        <p className="text-xs font-medium text-slate-600">{LABELS.changeState}</p>
        {Object.entries(FEED_ITEM_STATE_LABELS).map(([value, label]) => {
          const current = Number(value) === row.state;
          return (
            <button
              key={value}
              type="submit"
              name="state"
              value={value}
              aria-pressed={current}
              data-current={current || undefined}
              className={`flex w-full items-center justify-between rounded-md px-2.5 py-1.5 text-left text-sm ${
                current ? "bg-brand-50 font-medium text-brand-700" : "hover:bg-slate-50"
              }`}
            >
              {label}
              {current ? <span aria-hidden>✓</span> : null}
            </button>
          );
        })}
      </ItemForm>
    </Popover>
  );
}

// ── Translate ───────────────────────────────────────────────────────────────────────────────────

/** Translate (t): stores the translation on the item, shown beside the original. */
export function TranslateForm({ row, defaultLanguage }: { row: InboxRow; defaultLanguage: string }) {
  const fetcher = useItemFetcher("translate", row.id);
  const pending = fetcher.state !== "idle";
  return (
    <ItemForm fetcher={fetcher} itemId={row.id} intent="translate" id={SHORTCUT_TARGETS.translate} className="flex items-center gap-1" aria-label={LABELS.translate}>
      <input type="hidden" name="ids" value={row.id} />
      <label htmlFor={`translate-lang-${row.id}`} className="sr-only">
        {LABELS.translateInto}
      </label>
      <select
        id={`translate-lang-${row.id}`}
        name="lang"
        defaultValue={defaultLanguage}
        className="w-28 rounded-md border border-slate-300 bg-white py-1 pl-2 pr-7 text-xs shadow-sm"
      >
        {LANGUAGES.filter((language) => language.code !== "und").map((language) => (
          <option key={language.code} value={language.code}>
            {language.label}
          </option>
        ))}
      </select>
      <button type="submit" className={`${toolButton} !py-1 !text-xs`} aria-busy={pending || undefined}>
        {pending ? <span className="size-3 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden /> : null}
        {LABELS.translate}
        <Kbd>t</Kbd>
      </button>
    </ItemForm>
  );
}

// ── Moderation ──────────────────────────────────────────────────────────────────────────────────

/** A moderation action (spec analytics §3) with a reason from the spec's list, a note, and new text where it edits. */
export function ModerationMenu({ row, originalText }: { row: InboxRow; originalText: string }) {
  const fetcher = useItemFetcher("moderate", row.id);
  const answer = useItemAnswer(fetcher, "moderate", row.id);
  const hydrated = useHydrated();
  const [action, setAction] = useState<string>("");
  const [form, fields] = useForm({
    id: `moderate-${row.id}`,
    lastResult: answer?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ModerationFormSchema }),
  });
  const needsText = (MODERATION_ACTIONS_WITH_TEXT as readonly string[]).includes(action);
  return (
    <Popover label={LABELS.moderate} testId="moderation-menu" open={answer?.result?.status === "error" ? true : undefined} fetcher={fetcher}>
      <ItemForm
        key={`${row.id}`}
        fetcher={fetcher}
        itemId={row.id}
        intent="moderate"
        {...getFormProps(form)}
        aria-label={LABELS.moderate}
        className="space-y-2"
      >
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="space-y-1">
          <label htmlFor={fields.action.id} className="block text-xs font-medium text-slate-600">
            {LABELS.moderationAction}
          </label>
          <select
            id={fields.action.id}
            name={fields.action.name}
            defaultValue=""
            onChange={(event) => setAction(event.currentTarget.value)}
            className={inputClass}
            aria-invalid={fields.action.errors?.length ? true : undefined}
            aria-describedby={fields.action.errors?.length ? fields.action.errorId : undefined}
          >
            <option value="">{LABELS.chooseAction}</option>
            <optgroup label={LABELS.onThePost}>
              {MODERATION_ACTIONS.filter((entry) => entry.target === "post").map((entry) => (
                <option key={entry.code} value={entry.code}>
                  {entry.label}
                </option>
              ))}
            </optgroup>
            <optgroup label={LABELS.onTheUser}>
              {MODERATION_ACTIONS.filter((entry) => entry.target === "user").map((entry) => (
                <option key={entry.code} value={entry.code}>
                  {entry.label}
                </option>
              ))}
            </optgroup>
          </select>
          <FieldErrors id={fields.action.errorId} errors={fields.action.errors} />
        </div>
        <div className="space-y-1">
          <label htmlFor={fields.reason.id} className="block text-xs font-medium text-slate-600">
            {LABELS.reason}
          </label>
          <select
            id={fields.reason.id}
            name={fields.reason.name}
            defaultValue=""
            className={inputClass}
            aria-invalid={fields.reason.errors?.length ? true : undefined}
            aria-describedby={fields.reason.errors?.length ? fields.reason.errorId : undefined}
          >
            <option value="">{LABELS.chooseReason}</option>
            {MODERATION_REASONS.map((reason) => (
              <option key={reason} value={reason}>
                {reason}
              </option>
            ))}
          </select>
          <FieldErrors id={fields.reason.errorId} errors={fields.reason.errors} />
        </div>
        {/* Without JavaScript the field is always there: it is read only for Edit post and Edit bio. */}
        {!hydrated || needsText ? (
          <div className="space-y-1">
            <label htmlFor={fields.text.id} className="block text-xs font-medium text-slate-600">
              {hydrated ? (action === "edit_bio" ? LABELS.newBio : LABELS.newPostText) : LABELS.newTextForEdits}
            </label>
            <textarea
              id={fields.text.id}
              name={fields.text.name}
              rows={3}
              defaultValue={action === "edit_post" ? originalText : ""}
              key={action}
              className={inputClass}
              aria-invalid={fields.text.errors?.length ? true : undefined}
              aria-describedby={fields.text.errors?.length ? fields.text.errorId : undefined}
            />
            <FieldErrors id={fields.text.errorId} errors={fields.text.errors} />
          </div>
        ) : null}
        <div className="space-y-1">
          <label htmlFor={fields.note.id} className="block text-xs font-medium text-slate-600">
            {LABELS.note}
          </label>
          <textarea id={fields.note.id} name={fields.note.name} rows={2} className={inputClass} />
          <FieldErrors id={fields.note.errorId} errors={fields.note.errors} />
        </div>
        <button type="submit" className="w-full rounded-md bg-red-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-red-700">
          {MESSAGES.searchScreen.applyFilterType}
        </button>
      </ItemForm>
    </Popover>
  );
}
