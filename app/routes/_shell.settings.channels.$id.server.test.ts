import { createCookieSessionStorage, type AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createIngestPorts } from "../../ingest";
import { createApiFixture, type ApiFixture, type TenantFixture } from "../../tests/support/api-fixture";
import { MESSAGES } from "../../domain/messages";
import { ApiError, createApiClient } from "../lib/api.server";
import type { WebFlashData, WebSessionData } from "../lib/session.server";
import { importFileName, streamImport } from "./_shell.settings.channels.$id.server";
import type { ImportSummary } from "../components/channels/types";

const storage = createCookieSessionStorage<WebSessionData, WebFlashData>({ cookie: { name: "t", secrets: ["s"] } });
const BOUNDARY = "----earshot-test-boundary";
const encoder = new TextEncoder();
const FORM_TOKEN = "form-token-of-this-session";

function fieldPart(name: string, value: string) {
  return `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
}
function fileHead(filename: string, type = "text/csv") {
  return `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
}
const END = `\r\n--${BOUNDARY}--\r\n`;

/** A POST whose body the test writes piece by piece, as a slow browser would send it. */
function slowPost() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const init: RequestInit & { duplex: "half" } = {
    method: "POST",
    headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
    body,
    duplex: "half",
  };
  return {
    request: new Request("http://web.test/settings/channels/5", init),
    write: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}

function post(text: string) {
  const request = slowPost();
  request.write(text);
  request.end();
  return request.request;
}

type Upload = (
  path: string,
  upload: { query?: Record<string, unknown>; body: ReadableStream<Uint8Array>; contentType: string },
) => Promise<unknown>;

async function contextWith(upload: Upload): Promise<AppLoadContext> {
  const session = await storage.getSession();
  session.set("formToken", FORM_TOKEN);
  return { session, api: { upload } } as unknown as AppLoadContext;
}

const summary = (accepted: number): ImportSummary => ({
  id: 1,
  status: "done",
  lines: accepted,
  bytesRead: 0,
  accepted,
  duplicates: 0,
  rejected: 0,
  errors: [],
});

describe("streamImport (the multipart file import, streamed)", () => {
  it("hands the file on while it is still arriving, never waiting for the whole body", async () => {
    let firstBytesArrived!: (text: string) => void;
    const firstBytes = new Promise<string>((resolve) => (firstBytesArrived = resolve));
    let received = "";
    const context = await contextWith(async (path, upload) => {
      expect(path).toBe("/v1/streams/5/imports");
      expect(upload.query).toEqual({ fileName: "mentions.csv" });
      expect(upload.contentType).toBe("text/csv");
      const reader = upload.body.getReader();
      const first = await reader.read();
      received = new TextDecoder().decode(first.value);
      firstBytesArrived(received);
      for (;;) {
        const next = await reader.read();
        if (next.done) break;
        received += new TextDecoder().decode(next.value);
      }
      return summary(2);
    });
    const body = slowPost();
    body.write(
      fieldPart("csrf", FORM_TOKEN) +
        fieldPart("intent", "import") +
        fileHead("mentions.csv") +
        "external_id,text\n1,first\n",
    );
    const result = streamImport(body.request, context, 5);
    // The API already reads the first line although the browser has not sent the second one yet.
    expect(await firstBytes).toContain("1,first");
    body.write("2,second");
    body.write(END);
    body.end();
    expect(await result).toEqual({ outcome: { ok: true, summary: summary(2) }, status: 200 });
    expect(received).toBe("external_id,text\n1,first\n2,second");
  });

  it("refuses a post without this session's form token before anything reaches the API", async () => {
    let called = false;
    const context = await contextWith(async () => {
      called = true;
      return summary(0);
    });
    const thrown = await streamImport(
      post(fieldPart("csrf", "forged") + fieldPart("intent", "import") + fileHead("x.csv") + "a,b" + END),
      context,
      5,
    ).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(403);
    expect(called).toBe(false);
  });

  it("asks for a file when none was chosen", async () => {
    const context = await contextWith(async () => summary(0));
    const empty =
      fieldPart("csrf", FORM_TOKEN) + fieldPart("intent", "import") + fileHead("", "application/octet-stream") + END;
    expect(await streamImport(post(empty), context, 5)).toEqual({
      outcome: { ok: false, error: MESSAGES.importFileRequired },
      status: 400,
    });
    const noFilePart = fieldPart("csrf", FORM_TOKEN) + fieldPart("intent", "import") + `--${BOUNDARY}--\r\n`;
    expect(await streamImport(post(noFilePart), context, 5)).toEqual({
      outcome: { ok: false, error: MESSAGES.importFileRequired },
      status: 400,
    });
  });

  it("passes an API refusal on with its status, and reads the rest of the upload the API left unread", async () => {
    const context = await contextWith(async () => {
      throw new ApiError(400, MESSAGES.importFormatUnknown);
    });
    const big = "x".repeat(256 * 1024);
    const body =
      fieldPart("csrf", FORM_TOKEN) + fieldPart("intent", "import") + fileHead("notes.txt", "text/plain") + big + END;
    expect(await streamImport(post(body), context, 5)).toEqual({
      outcome: { ok: false, error: MESSAGES.importFormatUnknown },
      status: 400,
    });
  });

  it("shows a refusal's reason in the field's own words, not the API's message prefixed with the field's key", async () => {
    const context = await contextWith(async () => {
      throw new ApiError(422, `file ${MESSAGES.importFormatUnknown}`, { file: [MESSAGES.importFormatUnknown] });
    });
    const body = fieldPart("csrf", FORM_TOKEN) + fieldPart("intent", "import") + fileHead("notes.txt", "text/plain") + "x" + END;
    expect(await streamImport(post(body), context, 5)).toEqual({
      outcome: { ok: false, error: MESSAGES.importFormatUnknown },
      status: 422,
    });
  });
});

describe("the API client's upload, against the real API", () => {
  let fx: ApiFixture;
  let tenant: TenantFixture;
  beforeAll(async () => {
    fx = await createApiFixture("sqlite");
    fx.deps.ingest = createIngestPorts();
    tenant = await fx.createTenant();
  });
  afterAll(() => fx.cleanup());

  async function signedInClient(email: string) {
    const session = await storage.getSession();
    const api = createApiClient({
      transport: (request) => fx.api.fetch(request),
      baseUrl: "http://web.test/api",
      session,
      request: new Request("http://web.test/settings/channels/1"),
      requestId: "test-request",
      log: () => undefined,
    });
    await api.signIn({ email, password: "Secret-pass1" });
    return { api, session };
  }

  const csv = (rows: string[]) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode("external_id,text,created_at,author_username,language\n"));
        for (const row of rows) controller.enqueue(encoder.encode(`${row}\n`));
        controller.close();
      },
    });

  it("streams a CSV into a stream's import and returns the summary (camelCase), bad lines by number", async () => {
    const { api } = await signedInClient(tenant.accounts.admin.email);
    const stream = await api.post<{ id: number }>("/v1/streams", {
      name: "Backfill",
      socialType: "zendesk",
      category: "inboxes",
      source: "import",
    });
    const result = await api.upload<ImportSummary>(`/v1/streams/${stream.id}/imports`, {
      query: { fileName: "tickets.csv" },
      body: csv([
        "t-1,The refund is not working,2024-05-01T10:00:00Z,ann,en",
        "t-2,No date here,,bob,en",
        "t-3,Great support,2024-05-02T10:00:00Z,cid,en",
      ]),
      contentType: "text/csv",
    });
    expect(result).toMatchObject({ accepted: 2, duplicates: 0, rejected: 1, status: "done" });
    expect(result.errors).toEqual([expect.objectContaining({ position: 3 })]);
    const imports = await api.get<{ data: Array<{ fileName: string; accepted: number }> }>(
      `/v1/streams/${stream.id}/imports`,
    );
    expect(imports.data[0]).toMatchObject({ fileName: "tickets.csv", accepted: 2 });
  });

  it("renews the access token before sending when it is about to expire (a stream cannot be retried)", async () => {
    const { api, session } = await signedInClient(tenant.accounts.admin.email);
    const stream = await api.post<{ id: number }>("/v1/streams", {
      name: "Renewed",
      socialType: "zendesk",
      category: "inboxes",
      source: "import",
    });
    const before = session.get("refreshToken");
    session.set("accessTokenExpiresAt", new Date(Date.now() + 5_000).toISOString());
    const result = await api.upload<ImportSummary>(`/v1/streams/${stream.id}/imports`, {
      query: { fileName: "one.csv" },
      body: csv(["r-1,Hello there,2024-05-01T10:00:00Z,ann,en"]),
      contentType: "text/csv",
    });
    expect(result.accepted).toBe(1);
    expect(session.get("refreshToken")).not.toBe(before);
  });

  it("throws the API's refusal (agents do not import)", async () => {
    const admin = await signedInClient(tenant.accounts.admin.email);
    const stream = await admin.api.post<{ id: number }>("/v1/streams", {
      name: "Refused",
      socialType: "zendesk",
      category: "inboxes",
      source: "import",
    });
    const { api } = await signedInClient(tenant.accounts.agent.email);
    const error = await api
      .upload(`/v1/streams/${stream.id}/imports`, {
        query: { fileName: "a.csv" },
        body: csv([]),
        contentType: "text/csv",
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(403);
  });
});

describe("importFileName", () => {
  it("keeps a name of up to 300 characters, and the end of a longer one (its extension tells the format)", () => {
    expect(importFileName("tickets.csv")).toBe("tickets.csv");
    const long = `${"q".repeat(400)}.ndjson`;
    const cut = importFileName(long);
    expect(cut).toHaveLength(300);
    expect(cut.startsWith("…")).toBe(true);
    expect(cut.endsWith("q.ndjson")).toBe(true);
  });
});
