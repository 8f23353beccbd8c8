import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { DRAFT_SAVE_DELAY_MS } from "../../../domain/inbox";
import { MESSAGES } from "../../../domain/messages";
import { DraftSchema, ReplyFormSchema } from "../../../domain/schemas/replies";
import { useRootData } from "../../lib/root-data";
import { useHydrated } from "../../lib/use-hydrated";
import { TemplatesDialog, type TemplateReplyItem } from "../templates/templates-dialog";
import { FieldErrors, FormErrors } from "../ui/field";
import type { ReplyRow } from "../../routes/_shell.inbox.server";
import { SHORTCUT_TARGETS } from "./item-actions";
import { ItemForm, useItemAnswer, useItemFetcher } from "./item-form";

const LABELS = MESSAGES.inboxUi;

const DRAFT_PATH = "/inbox/draft";

const parseReply = (formData: FormData) => parseWithZod(formData, { schema: ReplyFormSchema });

/** Send checks the whole reply; a draft, a preview or 'Insert template' only its text. */
function validateReplyForm(formData: FormData): ReturnType<typeof parseReply> {
  if (String(formData.get("intent")).startsWith("reply")) return parseReply(formData);
  return parseWithZod(formData, { schema: DraftSchema }) as unknown as ReturnType<typeof parseReply>;
}

/**
 * The reply box: compose (a template can be inserted through the Templates modal in select mode), preview,
 * send. What is typed is kept as a server-side draft: saved as one types with JavaScript, by 'Save draft'
 * without. A reply sent from a stale view (someone replied meanwhile) comes back asking to send anyway.
 */
export function ReplyBox({
  itemId,
  seenReplyCount,
  initialText,
  initialTemplateId,
  hasDraft,
  onReplyingChange,
  templateItem,
}: {
  itemId: number;
  /** Where the templates' variables take their values ({{author_name}}, {{network}}, ...). */
  templateItem: TemplateReplyItem;
  seenReplyCount: number;
  initialText: string;
  initialTemplateId: number | null;
  hasDraft: boolean;
  onReplyingChange?: (replying: boolean) => void;
}) {
  const fetcher = useItemFetcher("reply", itemId);
  const answer = useItemAnswer(fetcher, ["reply", "reply-anyway", "save-draft", "insert-template", "preview", "delete-draft"], itemId);
  const hydrated = useHydrated();
  const { formToken } = useRootData();
  const [text, setText] = useState(initialText);
  const [showPreview, setShowPreview] = useState(false);
  const [picking, setPicking] = useState(false);
  const [templateId, setTemplateId] = useState<number | null>(initialTemplateId);
  // The debounced save reads the latest template through a ref (a timer keeps the render it was set in).
  const templateIdRef = useRef(templateId);
  templateIdRef.current = templateId;
  const textRef = useRef<HTMLTextAreaElement>(null);
  const [draftState, setDraftState] = useState<"idle" | "saving" | "saved">("idle");
  const saveTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lastSaved = useRef(initialText);
  const stale = (answer?.intent === "reply" || answer?.intent === "reply-anyway") && answer.stale === true;
  const [form, fields] = useForm({
    id: `reply-${itemId}`,
    lastResult: answer?.result,
    shouldValidate: "onSubmit",
    defaultValue: {
      text: initialText,
      template_id: initialTemplateId === null ? undefined : String(initialTemplateId),
      visibility: "public" as const,
      seen_reply_count: String(seenReplyCount),
    },
    onValidate: ({ formData }) => validateReplyForm(formData),
  });

  // The draft follows the typing (debounced), straight to the draft route: nothing on the page reloads.
  const saveDraft = async (value: string) => {
    if (value === lastSaved.current) return;
    setDraftState("saving");
    const body = new FormData();
    body.set("csrf", formToken);
    body.set("item_id", String(itemId));
    body.set("text", value);
    if (templateIdRef.current) body.set("template_id", String(templateIdRef.current));
    const response = await fetch(DRAFT_PATH, { method: "POST", body, headers: { accept: "application/json" } }).catch(() => null);
    if (response?.ok) {
      lastSaved.current = value;
      setDraftState("saved");
    } else setDraftState("idle");
  };
  useEffect(
    () => () => {
      if (saveTimer.current) clearTimeout(saveTimer.current);
    },
    [],
  );
  useEffect(() => onReplyingChange?.(text.trim().length > 0), [text, onReplyingChange]);

  const cancelDraftSave = () => {
    if (saveTimer.current) clearTimeout(saveTimer.current);
    saveTimer.current = null;
  };
  const onInput = (value: string) => {
    setText(value);
    if (!hydrated) return;
    cancelDraftSave();
    saveTimer.current = setTimeout(() => void saveDraft(value), DRAFT_SAVE_DELAY_MS);
  };
  const formProps = getFormProps(form);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // A draft save still waiting would land after the reply (or the discarded draft) and bring the sent
    // text back as a draft. Refused by validation (nothing sent), the text is saved as before.
    cancelDraftSave();
    formProps.onSubmit(event);
    if (event.defaultPrevented && hydrated) saveTimer.current = setTimeout(() => void saveDraft(text), DRAFT_SAVE_DELAY_MS);
  };

  const preview = hydrated ? (showPreview ? text : null) : (answer?.intent === "preview" ? (answer.preview ?? null) : null);
  const sending = fetcher.state !== "idle" && fetcher.formData?.get("intent") === "reply";

  return (
    <section aria-labelledby={`reply-heading-${itemId}`} className="space-y-2" data-testid="reply-box">
      <div className="flex items-center justify-between">
        <h3 id={`reply-heading-${itemId}`} className="text-sm font-semibold">
          {LABELS.reply}
        </h3>
        <p className="text-xs text-slate-500" role="status" data-testid="draft-status">
          {draftState === "saving" ? LABELS.savingDraft : draftState === "saved" || (hasDraft && text === lastSaved.current && text) ? LABELS.draftSavedShort : ""}
        </p>
      </div>
      <ItemForm fetcher={fetcher} itemId={itemId} {...formProps} onSubmit={onSubmit} aria-label={LABELS.reply} className="space-y-2">
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name={fields.template_id.name} value={templateId ?? ""} />
        <input type="hidden" name={fields.seen_reply_count.name} value={seenReplyCount} />
        <label htmlFor={SHORTCUT_TARGETS.replyText} className="sr-only">
          {LABELS.replyText}
        </label>
        <textarea
          ref={textRef}
          id={SHORTCUT_TARGETS.replyText}
          name={fields.text.name}
          rows={4}
          value={hydrated ? text : undefined}
          defaultValue={hydrated ? undefined : initialText}
          onChange={(event) => onInput(event.currentTarget.value)}
          onKeyDown={(event) => {
            // Ctrl/⌘ + Enter sends, as in most inboxes.
            if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              event.currentTarget.form?.querySelector<HTMLButtonElement>('button[value="reply"]')?.click();
            }
          }}
          placeholder={LABELS.replyPlaceholder}
          className={`block w-full rounded-md border px-3 py-2 text-sm shadow-sm ${fields.text.errors?.length ? "border-red-500" : "border-slate-300"}`}
          aria-invalid={fields.text.errors?.length ? true : undefined}
          aria-describedby={fields.text.errors?.length ? fields.text.errorId : undefined}
          data-testid="reply-text"
        />
        <FieldErrors id={fields.text.errorId} errors={fields.text.errors} />
        {preview !== null ? (
          <figure className="rounded-md border border-slate-200 bg-slate-50 p-3" data-testid="reply-preview">
            <figcaption className="mb-1 text-xs font-medium uppercase tracking-wide text-slate-500">{LABELS.preview}</figcaption>
            <p className="whitespace-pre-wrap break-words text-sm text-ink">{preview || LABELS.nothingToPreview}</p>
          </figure>
        ) : null}
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <fieldset className="flex items-center gap-3">
            <legend className="sr-only">{LABELS.visibility}</legend>
            <label className="inline-flex items-center gap-1.5">
              <input type="radio" name={fields.visibility.name} value="public" defaultChecked className="size-4" />
              {LABELS.publicReply}
            </label>
            <label className="inline-flex items-center gap-1.5">
              <input type="radio" name={fields.visibility.name} value="private" className="size-4" />
              {LABELS.privateReply}
            </label>
          </fieldset>
        </div>
        {stale ? (
          <div className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="stale-reply">
            <p>{LABELS.staleExplained}</p>
            <button
              type="submit"
              name="intent"
              value="reply-anyway"
              className="rounded-md bg-amber-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-amber-700"
            >
              {LABELS.sendAnyway}
            </button>
          </div>
        ) : null}
        <div className="flex flex-wrap items-center gap-2">
          <button
            type="submit"
            name="intent"
            value="reply"
            className="inline-flex items-center gap-2 rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
            aria-busy={sending || undefined}
            data-testid="send-reply"
          >
            {sending ? <span className="size-3 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden /> : null}
            {LABELS.send}
          </button>
          {hydrated ? (
            <button
              type="button"
              onClick={() => setShowPreview((shown) => !shown)}
              aria-pressed={showPreview}
              className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium hover:bg-slate-50"
            >
              {LABELS.preview}
            </button>
          ) : (
            <button type="submit" name="intent" value="preview" className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium hover:bg-slate-50">
              {LABELS.preview}
            </button>
          )}
          {hydrated ? (
            <button
              type="button"
              onClick={() => setPicking(true)}
              className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium hover:bg-slate-50"
              data-testid="insert-template"
            >
              {LABELS.insertTemplate}
            </button>
          ) : (
            // Without JavaScript what was typed is saved first, then the modal opens in select mode.
            <button
              type="submit"
              name="intent"
              value="insert-template"
              className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium hover:bg-slate-50"
              data-testid="insert-template"
            >
              {LABELS.insertTemplate}
            </button>
          )}
          {hydrated ? null : (
            <button type="submit" name="intent" value="save-draft" className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium hover:bg-slate-50">
              {LABELS.saveDraft}
            </button>
          )}
          {hasDraft ? (
            <button type="submit" name="intent" value="delete-draft" className="ml-auto text-sm text-slate-500 underline hover:text-red-700">
              {LABELS.discardDraft}
            </button>
          ) : null}
        </div>
        {/* Only the script sends on Ctrl + Enter and keeps the draft as one types ('Save draft' without). */}
        {hydrated ? <p className="text-xs text-slate-400">{LABELS.replyHint}</p> : null}
      </ItemForm>
      {hydrated ? (
        <TemplatesDialog
          open={picking}
          mode="select"
          item={templateItem}
          onClose={() => {
            setPicking(false);
            textRef.current?.focus();
          }}
          onSelect={(filled, template) => {
            // Inserted where the cursor was (at the end when the box never had the focus).
            const box = textRef.current;
            const start = box?.selectionStart ?? text.length;
            const end = box?.selectionEnd ?? text.length;
            const next = `${text.slice(0, start)}${filled}${text.slice(end)}`;
            setTemplateId(template.id);
            templateIdRef.current = template.id;
            setPicking(false);
            onInput(next);
            requestAnimationFrame(() => {
              box?.focus();
              box?.setSelectionRange(start + filled.length, start + filled.length);
            });
          }}
        />
      ) : null}
    </section>
  );
}

/** Replies already sent from here: delivery, and for a network without a connector, copy and 'mark as sent'. */
export function SentReplies({ itemId, replies }: { itemId: number; replies: ReplyRow[] }) {
  const fetcher = useItemFetcher("reply", itemId);
  const hydrated = useHydrated();
  const [copied, setCopied] = useState<number | null>(null);
  if (replies.length === 0) return null;
  return (
    <section aria-labelledby={`sent-heading-${itemId}`} className="space-y-2">
      <h3 id={`sent-heading-${itemId}`} className="text-sm font-semibold">
        {LABELS.repliesSent}
      </h3>
      <ul className="space-y-2" data-testid="sent-replies">
        {replies.map((reply, index) => {
          const manual = reply.delivery === "manual";
          return (
            <li key={reply.id} className="space-y-2 rounded-md border border-slate-200 bg-white p-3" data-testid="sent-reply">
              <div className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
                <span className="font-medium text-slate-700">{reply.who}</span>
                <time dateTime={reply.isoTime}>{reply.time}</time>
                <DeliveryBadge delivery={reply.delivery} />
              </div>
              {manual && !hydrated ? (
                // Without JavaScript there is no clipboard: the text is there to select and copy.
                <textarea readOnly rows={3} value={reply.text} aria-label={LABELS.replyToCopy} className="block w-full rounded-md border border-slate-300 bg-slate-50 px-3 py-2 text-sm" />
              ) : (
                <p className="whitespace-pre-wrap break-words text-sm text-ink" data-testid="sent-reply-text">
                  {reply.text}
                </p>
              )}
              {reply.error ? <p className="text-xs text-red-700">{reply.error}</p> : null}
              {reply.delivery === "failed" ? (
                <ItemForm fetcher={fetcher} itemId={itemId} intent="retry-reply">
                  <input type="hidden" name="action_id" value={reply.id} />
                  <button type="submit" className="rounded-md border border-slate-300 bg-white px-2.5 py-1 text-xs font-medium hover:bg-slate-50">
                    {MESSAGES.tryAgain}
                  </button>
                </ItemForm>
              ) : null}
              {manual ? (
                <div className="flex flex-wrap items-center gap-2">
                  {hydrated ? (
                    <button
                      type="button"
                      className="rounded-md border border-slate-300 bg-white px-2.5 py-1 text-xs font-medium hover:bg-slate-50"
                      onClick={() => {
                        void navigator.clipboard?.writeText(reply.text).then(() => setCopied(index));
                      }}
                      data-testid="copy-reply"
                    >
                      {copied === index ? MESSAGES.channelScreen.copied : MESSAGES.channelScreen.copy}
                    </button>
                  ) : null}
                  <ItemForm fetcher={fetcher} itemId={itemId} intent="mark-sent">
                    <input type="hidden" name="action_id" value={reply.id} />
                    <button type="submit" className="rounded-md border border-slate-300 bg-white px-2.5 py-1 text-xs font-medium hover:bg-slate-50">
                      {LABELS.markAsSent}
                    </button>
                  </ItemForm>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function DeliveryBadge({ delivery }: { delivery: string | null }) {
  if (!delivery) return null;
  const tone =
    delivery === "sent"
      ? "bg-emerald-50 text-emerald-800 ring-emerald-200"
      : delivery === "failed"
        ? "bg-red-50 text-red-800 ring-red-200"
        : "bg-amber-50 text-amber-800 ring-amber-200";
  const label =
    delivery === "sent"
      ? LABELS.deliverySent
      : delivery === "failed"
        ? LABELS.deliveryFailed
        : delivery === "sending"
          ? LABELS.deliverySending
          : MESSAGES.replies.toSendManually;
  return (
    <span className={`rounded-full px-2 py-0.5 text-[11px] font-medium ring-1 ${tone}`} data-testid="delivery">
      {label}
    </span>
  );
}
