import { useNavigate, useSubmit } from "@remix-run/react";
import { useCallback, useEffect, useState } from "react";
import { MESSAGES } from "../../../domain/messages";
import type { ApiHelperStreamPart } from "../../routes/helper.ask";
import type { ApiHelperMessage } from "../../routes/_shell.helper.server";
import { AnswerBody } from "./answer-view";
import { chatHref, HELPER_ASK_PATH } from "./links";

const H = MESSAGES.helperChat;

/** An answer as it arrives: its question, the tools run so far, its notice and lines, then its blocks. */
interface LiveAnswer {
  question: string;
  tools: string[];
  notice: string | null;
  lines: string[];
  status: string;
  answer: ApiHelperMessage["answer"] | null;
  /** The stored message, once the stream ended with it (the chat's page then shows it). */
  doneId: number | null;
  failed: string | null;
}

/** Each NDJSON line of a body as it arrives. */
async function* linesOf(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf("\n")) !== -1) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 1);
      if (line.trim()) yield line;
    }
  }
  if (buffer.trim()) yield buffer;
}

function applyPart(live: LiveAnswer, part: ApiHelperStreamPart): LiveAnswer {
  switch (part.type) {
    case "tool":
      return { ...live, tools: [...live.tools, part.tool] };
    case "notice":
      return { ...live, notice: part.text };
    case "text":
      return { ...live, lines: [...live.lines, part.text] };
    case "blocks":
      return { ...live, status: part.status, answer: part.answer };
    case "done":
      return { ...live, doneId: part.message.id };
    case "error":
      return { ...live, failed: part.message };
  }
}

/**
 * With JavaScript, the question form's answer as it is produced (ADR 042): the form's post goes to
 * /helper/ask, whose NDJSON parts are shown one by one; at the end the chat's page opens on the stored
 * message. A refusal before the stream (a wrong field, a chat gone) posts the form the ordinary way.
 */
export function useLiveAnswer(storedIds: readonly number[]) {
  const [live, setLive] = useState<LiveAnswer | null>(null);
  const navigate = useNavigate();
  const submit = useSubmit();

  // Once the chat's page shows the stored message, the live one gives way to it.
  useEffect(() => {
    if (live?.doneId && storedIds.includes(live.doneId)) setLive(null);
  }, [live?.doneId, storedIds]);

  const ask = useCallback(
    async (form: HTMLFormElement) => {
      const formData = new FormData(form);
      const question = String(formData.get("question") ?? "");
      setLive({ question, tools: [], notice: null, lines: [], status: "answering", answer: null, doneId: null, failed: null });
      let response: Response | null = null;
      try {
        response = await fetch(HELPER_ASK_PATH, { method: "POST", body: formData, headers: { accept: "application/x-ndjson" } });
      } catch {
        response = null;
      }
      if (!response?.ok || !response.body || !(response.headers.get("content-type") ?? "").includes("ndjson")) {
        setLive(null);
        submit(form, { method: "post" });
        return;
      }
      let current: LiveAnswer = { question, tools: [], notice: null, lines: [], status: "answering", answer: null, doneId: null, failed: null };
      let done: ApiHelperMessage | null = null;
      try {
        for await (const line of linesOf(response.body)) {
          const part = JSON.parse(line) as ApiHelperStreamPart;
          current = applyPart(current, part);
          if (part.type === "done") done = part.message;
          setLive(current);
        }
      } catch {
        current = { ...current, failed: H.streamFailed };
        setLive(current);
      }
      if (done) {
        form.reset();
        navigate(chatHref(done.chatId, done.id));
      } else if (!current.failed) {
        setLive({ ...current, failed: H.streamFailed });
      }
    },
    [navigate, submit],
  );

  return { live, ask };
}

/** The answer being produced, shown as its parts arrive. */
export function LiveAnswerView({ live }: { live: LiveAnswer }) {
  return (
    <li data-testid="helper-live-answer" aria-busy={live.doneId === null && !live.failed} className="space-y-3 rounded-lg border border-brand-200 bg-white p-4">
      <p className="text-sm">
        <span className="font-semibold">{H.you}: </span>
        <span className="break-words">{live.question}</span>
      </p>
      <div aria-live="polite">
        {live.failed ? (
          <p role="alert" className="text-sm text-red-700">
            {live.failed}
          </p>
        ) : live.lines.length === 0 ? (
          <p className="text-sm text-slate-500">{H.asking}</p>
        ) : null}
        <AnswerBody status={live.status} notice={live.notice} text={live.lines.join("\n")} answer={live.answer} testId="helper-live-body" />
      </div>
    </li>
  );
}
