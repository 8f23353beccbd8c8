// The helper screen's addresses (ADR 042: every view is a link), shared by the route and its server module.
export const HELPER_PATH = "/helper";

export function chatHref(chatId: number, messageId?: number): string {
  return `${HELPER_PATH}?chat=${chatId}${messageId ? `#message-${messageId}` : ""}`;
}
