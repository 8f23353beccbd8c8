import http from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedCallback {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A real HTTP server on 127.0.0.1 standing in for a support tool that takes replies back (the webhook
 * callback connector's other end). `answer` decides each response; every request is kept in `received`.
 */
export async function startCallbackServer() {
  const received: ReceivedCallback[] = [];
  // `hang`: never answer (a tool that does not respond in time).
  let answer: (request: ReceivedCallback) => { status: number; json?: unknown; headers?: Record<string, string>; hang?: boolean } = () => ({
    status: 200,
    json: { id: "ext-1" },
  });
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const request = { method: req.method ?? "", path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") };
      received.push(request);
      const { status, json, headers, hang } = answer(request);
      if (hang) return;
      res.writeHead(status, { ...(json === undefined ? {} : { "content-type": "application/json" }), ...headers });
      res.end(json === undefined ? "" : JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (path = "/replies") => `http://127.0.0.1:${port}${path}`,
    received,
    answerWith(next: typeof answer) {
      answer = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
export type CallbackServer = Awaited<ReturnType<typeof startCallbackServer>>;
