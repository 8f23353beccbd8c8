import { Form, Link } from "@remix-run/react";
import { MESSAGES } from "../../../domain/messages";
import type { ApiHelperMessage } from "../../routes/_shell.helper.server";
import { Button } from "../ui/button";
import { CsrfInput } from "../ui/csrf-input";

const H = MESSAGES.helperChat;
type Blocks = ApiHelperMessage["answer"];

/** A small chart of an answer (bars or a line), drawn as SVG on the server; the table beside it says the same. */
function AnswerChart({ chart }: { chart: NonNullable<Blocks["chart"]> }) {
  const values = chart.series.flatMap((s) => s.values.map((v) => v ?? 0));
  const max = Math.max(1, ...values);
  const width = 320;
  const height = 120;
  const colors = ["#2563eb", "#9333ea", "#d97706"];
  const slots = chart.labels.length || 1;
  return (
    <figure className="space-y-1" data-testid="helper-chart">
      <svg viewBox={`0 0 ${width} ${height + 20}`} role="img" aria-label={chart.title} className="h-36 w-full max-w-md">
        {chart.kind === "bar"
          ? chart.series.flatMap((series, si) =>
              series.values.map((value, i) => {
                const slot = width / slots;
                const barWidth = Math.max(2, (slot - 8) / chart.series.length);
                const h = ((value ?? 0) / max) * height;
                return (
                  <rect
                    key={`${si}-${i}`}
                    x={i * slot + 4 + si * barWidth}
                    y={height - h}
                    width={barWidth - 2}
                    height={h}
                    fill={colors[si % colors.length]}
                  >
                    <title>{`${series.name} · ${chart.labels[i] ?? ""}: ${value ?? "-"}`}</title>
                  </rect>
                );
              }),
            )
          : chart.series.map((series, si) => (
              <polyline
                key={si}
                fill="none"
                stroke={colors[si % colors.length]}
                strokeWidth={2}
                points={series.values.map((v, i) => `${(i / Math.max(1, series.values.length - 1)) * width},${height - ((v ?? 0) / max) * height}`).join(" ")}
              />
            ))}
      </svg>
      <figcaption className="text-xs text-slate-600">
        {chart.series.map((s, si) => (
          <span key={si} className="mr-3 inline-flex items-center gap-1">
            <span aria-hidden className="inline-block h-2 w-2 rounded-full" style={{ backgroundColor: colors[si % colors.length] }} />
            {s.name}
          </span>
        ))}
        {chart.kind === "bar" ? <span>{chart.labels.join(" · ")}</span> : null}
      </figcaption>
    </figure>
  );
}

/** An answer's text, figures, chart, table and links (a stored answer, or one still arriving). */
export function AnswerBody({ status, notice, text, answer, testId = "helper-answer" }: { status: string; notice: string | null; text: string; answer: Blocks | null; testId?: string }) {
  return (
    <div className="space-y-3" data-testid={testId} data-status={status}>
        {notice ? (
          <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {notice}
          </p>
        ) : null}
        <p className="whitespace-pre-line break-words text-sm text-slate-800">{text}</p>
        {answer?.chart ? <AnswerChart chart={answer.chart} /> : null}
        {answer?.table ? (
          <div className="overflow-x-auto">
            <table className="min-w-full text-left text-sm">
              <thead>
                <tr>
                  {answer.table.columns.map((c) => (
                    <th key={c} scope="col" className="border-b px-2 py-1 font-medium text-slate-600">
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {answer.table.rows.map((row, i) => (
                  <tr key={i}>
                    {row.map((cell, j) => (
                      <td key={j} className="break-words border-b px-2 py-1">
                        {cell ?? "-"}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {answer?.links.length ? (
          <ul className="flex flex-wrap gap-3 text-sm">
            {answer.links.map((link) => (
              <li key={link.href}>
                <Link to={link.href} className="text-brand-700 underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
  );
}

/** One question and its answer: text, figures, chart, table, links, and the votes, recover and pin forms. */
export function AnswerView({ message }: { message: ApiHelperMessage }) {
  return (
    <li id={`message-${message.id}`} data-testid="helper-message" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <p className="text-sm">
        <span className="font-semibold">{H.you}: </span>
        <span className="break-words">{message.question}</span>
      </p>
      <AnswerBody status={message.status} notice={message.notice} text={message.answerText} answer={message.answer} />
      <div className="flex flex-wrap items-end gap-2 border-t pt-3 text-sm">
        <Form method="post">
          <CsrfInput />
          <input type="hidden" name="intent" value="up_vote" />
          <input type="hidden" name="chat_id" value={message.chatId} />
          <input type="hidden" name="message_id" value={message.id} />
          <Button variant="secondary" className="px-3 py-1" aria-pressed={message.vote === 1}>
            {H.upVote}
          </Button>
        </Form>
        <Form method="post" className="flex flex-wrap items-end gap-2">
          <CsrfInput />
          <input type="hidden" name="intent" value="down_vote" />
          <input type="hidden" name="chat_id" value={message.chatId} />
          <input type="hidden" name="message_id" value={message.id} />
          <label className="text-xs text-slate-600">
            {H.voteReason}
            <input name="reason" maxLength={1000} defaultValue={message.voteReason ?? ""} className="mt-1 block w-48 rounded-md border border-slate-300 px-2 py-1 text-sm" />
          </label>
          <Button variant="secondary" className="px-3 py-1" aria-pressed={message.vote === -1}>
            {H.downVote}
          </Button>
        </Form>
        <Form method="post">
          <CsrfInput />
          <input type="hidden" name="intent" value="recover" />
          <input type="hidden" name="chat_id" value={message.chatId} />
          <input type="hidden" name="message_id" value={message.id} />
          <Button variant="secondary" className="px-3 py-1">
            {H.recover}
          </Button>
        </Form>
        <Form method="post">
          <CsrfInput />
          <input type="hidden" name="intent" value="pin" />
          <input type="hidden" name="text" value={message.question} />
          <input type="hidden" name="back_chat" value={message.chatId} />
          <Button variant="secondary" className="px-3 py-1">
            {H.pin}
          </Button>
        </Form>
      </div>
    </li>
  );
}
