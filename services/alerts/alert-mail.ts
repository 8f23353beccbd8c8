import type { AlertFiringRow, AlertRow } from "../../db/repositories/alerts-schema";
import { MESSAGES } from "../../domain/messages";
import { isNetworkId, networkById } from "../../domain/networks";
import type { MailMessage } from "../mail/mailer";
import { escapeHtml } from "../mail/messages";

// The alert e-mail (issue 24, ADR 029): the numbers, the top matching mentions and links into the inbox
// view of them; HTML and text. Every user-written text (names, description, mentions) is escaped.

export interface MailMention {
  id: number;
  description: string;
  authorName: string | null;
  socialType: string;
  createdAt: string;
  impactScore: number;
}

const TEXT_PREVIEW = 280;

/** Where the alert's mentions are read in the app: a saved search's inbox view, or the topic's page. */
export function alertTargetPath(alert: Pick<AlertRow, "searchId" | "topicId">): string {
  return alert.searchId !== null ? `/inbox?source=search-${alert.searchId}` : `/topics/${alert.topicId}`;
}

/** One mention in the inbox: inside the saved search's view when it has one. */
function mentionPath(alert: Pick<AlertRow, "searchId">, itemId: number): string {
  return alert.searchId !== null ? `/inbox?source=search-${alert.searchId}&item=${itemId}` : `/inbox?item=${itemId}`;
}

function preview(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > TEXT_PREVIEW ? `${flat.slice(0, TEXT_PREVIEW - 1)}…` : flat;
}

function networkName(code: string): string {
  return isNetworkId(code) ? networkById(code).name : code;
}

export function alertMail(input: {
  alert: AlertRow;
  firing: AlertFiringRow;
  targetName: string;
  recipients: readonly string[];
  mentions: readonly MailMention[];
  publicUrl: string;
  productName: string;
}): MailMessage {
  const { alert, firing, targetName, mentions } = input;
  const base = input.publicUrl.replace(/\/$/, "");
  const span = MESSAGES.alerts.timeSpanLabel(alert.alertTimeSpan);
  const lines = [
    ...(alert.emailDescription ? [alert.emailDescription] : []),
    MESSAGES.alerts.mailCountLine(firing.matchCount, span, targetName),
    firing.thresholdCountMode === "spike"
      ? MESSAGES.alerts.mailSpikeLine((firing.baseline ?? 0).toFixed(1), firing.thresholdCountValue)
      : MESSAGES.alerts.mailThresholdLine(firing.thresholdCountValue),
  ];
  const allUrl = `${base}${alertTargetPath(alert)}`;
  const manageUrl = `${base}/alerts/${alert.id}`;
  const items = mentions.map((m) => ({
    who: `${m.authorName ?? "-"} · ${networkName(m.socialType)} · ${m.createdAt.slice(0, 16).replace("T", " ")} UTC`,
    text: preview(m.description),
    url: `${base}${mentionPath(alert, m.id)}`,
  }));

  const text = [
    ...lines,
    "",
    ...(items.length ? [`${MESSAGES.alerts.mailTopMentions}:`, ""] : []),
    ...items.flatMap((i, n) => [`${n + 1}. ${i.who}`, `   ${i.text}`, `   ${MESSAGES.alerts.mailOpenOne}: ${i.url}`, ""]),
    `${MESSAGES.alerts.mailOpenAll}: ${allUrl}`,
    `${MESSAGES.alerts.mailManage}: ${manageUrl}`,
    "",
  ].join("\n");

  const html = [
    ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    items.length ? `<h2 style="font-size:16px">${escapeHtml(MESSAGES.alerts.mailTopMentions)}</h2><ol>` : "",
    ...items.map(
      (i) =>
        `<li><p style="color:#64748b;margin:0">${escapeHtml(i.who)}</p><p style="margin:4px 0">${escapeHtml(i.text)}</p>` +
        `<p style="margin:0 0 12px"><a href="${escapeHtml(i.url)}">${escapeHtml(MESSAGES.alerts.mailOpenOne)}</a></p></li>`,
    ),
    items.length ? "</ol>" : "",
    `<p><a href="${escapeHtml(allUrl)}">${escapeHtml(MESSAGES.alerts.mailOpenAll)}</a></p>`,
    `<p><a href="${escapeHtml(manageUrl)}">${escapeHtml(MESSAGES.alerts.mailManage)}</a></p>`,
  ].join("");

  return {
    to: input.recipients.join(", "),
    subject: MESSAGES.alerts.mailSubject(input.productName, alert.name, firing.matchCount),
    text,
    html,
  };
}
