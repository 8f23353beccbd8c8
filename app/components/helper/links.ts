// The helper screen's addresses (ADR 042: every view is a link), shared by the route and its server module.
export const HELPER_PATH = "/helper";
/** The question form's post with JavaScript: the answer as it is produced (app/routes/helper.ask.tsx). */
export const HELPER_ASK_PATH = "/helper/ask";
/** The GIF search's results for the picker with JavaScript (app/routes/helper.gifs.tsx). */
export const HELPER_GIFS_PATH = "/helper/gifs";

export function chatHref(chatId: number, messageId?: number): string {
  return `${HELPER_PATH}?chat=${chatId}${messageId ? `#message-${messageId}` : ""}`;
}
