import type { MailMessage } from "./mailer";

/** Escapes user-provided text for the HTML part: names and addresses are text, never markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

function message(to: string, subject: string, lines: string[], link: { url: string; label: string }): MailMessage {
  const text = [...lines, "", `${link.label}: ${link.url}`, ""].join("\n");
  const html = `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("")}<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p><p style="color:#64748b">${escapeHtml(link.url)}</p>`;
  return { to, subject, text, html };
}

export function inviteEmail(input: { to: string; inviterName: string; businessName: string; productName: string; url: string }) {
  return message(
    input.to,
    `${input.inviterName} invited you to ${input.businessName} on ${input.productName}`,
    [
      `${input.inviterName} invited you to join ${input.businessName} on ${input.productName}.`,
      "Open the link below to create your account. The link works once and expires in 7 days.",
    ],
    { url: input.url, label: "Create your account" },
  );
}

export function passwordResetEmail(input: { to: string; productName: string; url: string }) {
  return message(
    input.to,
    `Reset your ${input.productName} password`,
    [
      `Someone asked to reset the password of your ${input.productName} account.`,
      "Open the link below within one hour to choose a new password. If it was not you, ignore this e-mail.",
    ],
    { url: input.url, label: "Choose a new password" },
  );
}
