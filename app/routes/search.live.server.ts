// Flow mode's relay: the API's text/event-stream of new matches, passed on to the browser frame by frame
// as it arrives, each `status` event turned into the mention the results list shows (times in the
// account's time zone, labels as text). Nothing is buffered beyond one unfinished frame.
import { camelCaseKeys } from "../lib/case";
import { toSearchMention } from "../components/search/format";
import type { ApiSearchStatus } from "../components/search/types";

/** One SSE frame (the lines between blank lines) as the browser gets it, or '' to drop it. */
export function relayFrame(frame: string, timeZone: string): string {
  let event = "message";
  const data: string[] = [];
  for (const line of frame.split("\n")) {
    if (line.startsWith("event:")) event = line.slice(6).trim();
    else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
  }
  // Comments (keep-alives), `retry:` and other events pass as they are.
  if (event !== "status" || data.length === 0) return `${frame}\n\n`;
  try {
    const status = camelCaseKeys(JSON.parse(data.join("\n"))) as ApiSearchStatus;
    return `event: status\ndata: ${JSON.stringify(toSearchMention(status, timeZone))}\n\n`;
  } catch {
    return "";
  }
}

/** The relayed stream; cancelling it (the browser went away) cancels the API's stream too. */
export function relayLiveStatuses(upstream: ReadableStream<Uint8Array>, timeZone: string): ReadableStream<Uint8Array> {
  const reader = upstream.getReader();
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let buffer = "";
  return new ReadableStream<Uint8Array>({
    // A pull that enqueues nothing is not called again: read on until a frame goes out or the end.
    async pull(controller) {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) {
          const rest = buffer.trim() ? relayFrame(buffer.replace(/\n+$/, ""), timeZone) : "";
          if (rest) controller.enqueue(encoder.encode(rest));
          controller.close();
          return;
        }
        buffer += decoder.decode(value, { stream: true });
        // CRLF and CR end lines too (a CR at the very end may be half of a CRLF: kept for the next chunk).
        const cut = buffer.endsWith("\r") ? buffer.length - 1 : buffer.length;
        buffer = buffer.slice(0, cut).replace(/\r\n?/g, "\n") + buffer.slice(cut);
        let sent = false;
        let end: number;
        while ((end = buffer.indexOf("\n\n")) !== -1) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const out = relayFrame(frame, timeZone);
          if (out) {
            controller.enqueue(encoder.encode(out));
            sent = true;
          }
        }
        if (sent) return;
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}
