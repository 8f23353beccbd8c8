import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { HELPER_QUESTION_MAX } from "../../domain/helper/plan";
import { MESSAGES } from "../../domain/messages";
import { HelperQuestionSchema } from "../../domain/schemas/helper";
import { AnswerView } from "../components/helper/answer-view";
import { GifPicker } from "../components/helper/gif-picker";
import { LiveAnswerView, useLiveAnswer } from "../components/helper/live-answer";
import { HelperSettingsForm } from "../components/helper/settings-form";
import { Button } from "../components/ui/button";
import { CsrfInput } from "../components/ui/csrf-input";
import { FieldErrors, FormErrors } from "../components/ui/field";
import { routeErrorBoundary } from "../components/ui/route-error-boundary";
import { titleMeta } from "../lib/meta";
import { chatHref, HELPER_PATH } from "../components/helper/links";
import { helperAction, helperLoader } from "./_shell.helper.server";

const H = MESSAGES.helperChat;

export const loader = helperLoader;
export const action = helperAction;

/** Where choosing a GIF without JavaScript goes: this page with the GIF's address in the question field. */
function gifPickHref(chatId: number | null) {
  return (url: string) => `${HELPER_PATH}?${new URLSearchParams({ ...(chatId ? { chat: String(chatId) } : {}), question: url }).toString()}`;
}

/**
 * The helper chat: the open chat (its heading, messages and the question form) first, then the chats
 * (new, reopen), pinned questions as one-click starters and the default settings. With JavaScript the
 * answer appears as it is produced; without it the form posts and the answer is rendered on the server.
 * At phone width everything stacks, heading first; from md the chats sit in a column on the left.
 */
export default function HelperRoute() {
  const { chats, pinned, chat, settings, gifSearch, gif, prefill, contexts, periods } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { live, ask } = useLiveAnswer(chat?.messages.map((m) => m.id) ?? []);
  const [form, fields] = useForm({
    id: `helper-ask-${chat?.id ?? "new"}`,
    lastResult: actionData?.intent === "ask" ? actionData.result : undefined,
    defaultValue: { question: prefill },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: HelperQuestionSchema }),
  });
  const formProps = getFormProps(form);
  const asking = (navigation.state !== "idle" && navigation.formData?.get("intent") === "ask") || (live !== null && live.doneId === null && !live.failed);
  const questionErrors = fields.question.errors ?? [];
  const showLive = live !== null && !(live.doneId && chat?.messages.some((m) => m.id === live.doneId));
  return (
    <div className="grid max-w-6xl gap-6 md:grid-cols-[16rem_minmax(0,1fr)] md:gap-4">
      <section className="min-w-0 space-y-4 md:col-start-2 md:row-start-1">
        <h1 className="break-words text-xl font-semibold">{chat ? chat.title : MESSAGES.helper}</h1>
        {chat ? null : <p className="text-sm text-slate-600">{H.intro}</p>}
        {chat?.messages.length || showLive ? (
          <ol className="space-y-3" aria-label={chat?.title ?? MESSAGES.helper}>
            {chat?.messages.map((m) => <AnswerView key={m.id} message={m} />)}
            {showLive && live ? <LiveAnswerView live={live} /> : null}
          </ol>
        ) : null}
        <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
          <Form
            method="post"
            {...formProps}
            className="space-y-2"
            onSubmit={(event) => {
              formProps.onSubmit(event);
              if (event.defaultPrevented) return;
              // With JavaScript: the answer as it is produced (/helper/ask), not a whole-page post.
              event.preventDefault();
              void ask(event.currentTarget);
            }}
          >
            <CsrfInput />
            <input type="hidden" name="intent" value="ask" />
            {chat ? <input type="hidden" name="chat_id" value={chat.id} /> : null}
            <FormErrors id={form.errorId} errors={form.errors} />
            <label htmlFor={fields.question.id} className="block text-sm font-medium text-slate-700">
              {H.question}
            </label>
            <textarea
              {...getTextareaProps(fields.question, { ariaAttributes: true })}
              key={fields.question.key}
              rows={3}
              maxLength={HELPER_QUESTION_MAX * 20}
              placeholder={H.questionPlaceholder}
              className={`block min-h-[6.5rem] w-full min-w-0 resize-y rounded-md border px-3 py-2 text-sm shadow-sm ${questionErrors.length ? "border-red-500" : "border-slate-300"}`}
            />
            <FieldErrors id={fields.question.errorId} errors={questionErrors} />
            <Button pending={asking} disabled={asking}>
              {asking ? H.asking : H.ask}
            </Button>
          </Form>
          {gifSearch ? <GifPicker targetId={fields.question.id} result={gif} keep={chat ? { chat: String(chat.id) } : {}} pickHref={gifPickHref(chat?.id ?? null)} /> : null}
        </div>
        <section aria-labelledby="helper-pinned" className="space-y-2">
          <h2 id="helper-pinned" className="text-sm font-semibold text-slate-600">
            {H.pinnedQuestions}
          </h2>
          {pinned.length === 0 ? (
            <p className="text-sm text-slate-500">{H.noPinnedQuestions}</p>
          ) : (
            <ul className="flex flex-wrap gap-2" data-testid="helper-pinned">
              {pinned.map((p) => (
                <li key={p.id} className="flex min-w-0 max-w-full items-center gap-1 rounded-full border border-slate-300 bg-white pl-1 text-sm">
                  <Form method="post" className="min-w-0">
                    <CsrfInput />
                    <input type="hidden" name="intent" value="ask" />
                    {chat ? <input type="hidden" name="chat_id" value={chat.id} /> : null}
                    <input type="hidden" name="question" value={p.text} />
                    <button type="submit" className="max-w-full break-words rounded-full px-2 py-1 text-left hover:bg-slate-100">
                      {p.text}
                    </button>
                  </Form>
                  <Form method="post">
                    <CsrfInput />
                    <input type="hidden" name="intent" value="unpin" />
                    <input type="hidden" name="id" value={p.id} />
                    {chat ? <input type="hidden" name="back_chat" value={chat.id} /> : null}
                    <button type="submit" aria-label={`${H.unpin}: ${p.text}`} className="rounded-full px-2 py-1 text-slate-500 hover:bg-slate-100">
                      ×
                    </button>
                  </Form>
                </li>
              ))}
            </ul>
          )}
        </section>
      </section>
      <aside className="min-w-0 space-y-6 md:col-start-1 md:row-start-1">
        <nav aria-label={H.chats} className="space-y-3">
          <Link to={HELPER_PATH} className="inline-block rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700">
            {H.newChat}
          </Link>
          <h2 className="text-sm font-semibold text-slate-600">{H.chats}</h2>
          {chats.length === 0 ? (
            <p className="text-sm text-slate-500">{H.noChats}</p>
          ) : (
            <ul className="space-y-1 text-sm" data-testid="helper-chats">
              {chats.map((c) => (
                <li key={c.id}>
                  <Link
                    to={chatHref(c.id)}
                    aria-current={chat?.id === c.id ? "page" : undefined}
                    className={`block break-words rounded px-2 py-1 hover:bg-slate-100 ${chat?.id === c.id ? "bg-slate-100 font-medium" : ""}`}
                  >
                    {c.title}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </nav>
        <section aria-labelledby="helper-settings-title" className="space-y-2">
          <h2 id="helper-settings-title" className="text-sm font-semibold text-slate-600">
            {H.defaultSettings}
          </h2>
          <HelperSettingsForm
            defaultContext={settings.defaultContext}
            defaultPeriod={settings.defaultPeriod}
            contexts={contexts}
            periods={periods}
            chatId={chat?.id ?? null}
            lastResult={actionData?.intent === "save_settings" ? actionData.result : undefined}
          />
        </section>
      </aside>
    </div>
  );
}

export const meta = titleMeta(MESSAGES.helper);
export const ErrorBoundary = routeErrorBoundary({ notFound: H.chatNotFound, back: { to: HELPER_PATH, label: MESSAGES.helper } });
