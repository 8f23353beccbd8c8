import { Form, useRevalidator } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { MESSAGES } from "../../../domain/messages";
import { Button } from "../ui/button";
import { CsrfInput } from "../ui/csrf-input";
import { ImportResult } from "./import-result";
import type { ImportOutcome } from "./types";

const CHANNEL_LABELS = MESSAGES.channelScreen;

type Phase = { kind: "idle" } | { kind: "uploading"; percent: number } | { kind: "processing" };

/** Where the enhanced form sends the file (a resource route answering JSON). */
function importUploadPath(streamId: number): string {
  return `/settings/channels/${streamId}/import`;
}

/**
 * The file import. Without JavaScript it posts multipart to the stream page's action, which streams
 * the file to the API and renders the summary. With JavaScript the same form data goes through
 * XMLHttpRequest to the upload route, so that the upload shows real progress (xhr.upload.onprogress).
 */
export function ImportForm({ streamId, outcome }: { streamId: number; outcome: ImportOutcome | undefined }) {
  const fileId = useId();
  const hintId = useId();
  const revalidator = useRevalidator();
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const [result, setResult] = useState<ImportOutcome | undefined>(outcome);
  const request = useRef<XMLHttpRequest | null>(null);
  useEffect(() => setResult(outcome), [outcome]);
  useEffect(() => () => request.current?.abort(), []);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (phase.kind !== "idle") return;
    const form = event.currentTarget;
    const input = form.elements.namedItem("file") as HTMLInputElement | null;
    if (!input?.files?.length) {
      setResult({ ok: false, error: MESSAGES.importFileRequired });
      return;
    }
    const xhr = new XMLHttpRequest();
    request.current = xhr;
    xhr.open("POST", importUploadPath(streamId));
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (progress) => {
      if (!progress.lengthComputable) return;
      const percent = Math.min(100, Math.round((progress.loaded / progress.total) * 100));
      setPhase(percent >= 100 ? { kind: "processing" } : { kind: "uploading", percent });
    };
    xhr.upload.onload = () => setPhase({ kind: "processing" });
    xhr.onload = () => {
      request.current = null;
      setPhase({ kind: "idle" });
      setResult(parseOutcome(xhr.responseText));
      form.reset();
      // The history, the health card and the mentions list now have news.
      revalidator.revalidate();
    };
    xhr.onerror = xhr.onabort = () => {
      request.current = null;
      setPhase({ kind: "idle" });
      setResult({ ok: false, error: MESSAGES.somethingWentWrong });
    };
    setResult(undefined);
    setPhase({ kind: "uploading", percent: 0 });
    xhr.send(new FormData(form));
  }

  const busy = phase.kind !== "idle";
  return (
    <div className="space-y-3">
      {/* The form token and intent come before the file: the server checks them before streaming it on. */}
      <Form
        method="post"
        encType="multipart/form-data"
        onSubmit={onSubmit}
        className="space-y-3"
        aria-label={CHANNEL_LABELS.importFile}
      >
        <CsrfInput />
        <input type="hidden" name="intent" value="import" />
        <div className="space-y-1">
          <label htmlFor={fileId} className="block text-sm font-medium text-slate-700">
            {CHANNEL_LABELS.file}
          </label>
          <input
            id={fileId}
            type="file"
            name="file"
            accept=".csv,.ndjson,.jsonl,text/csv"
            aria-describedby={hintId}
            disabled={busy}
            className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium hover:file:bg-slate-50"
          />
          <p id={hintId} className="text-xs text-slate-500">
            {CHANNEL_LABELS.importHint}{" "}
            <a href="/api/example-csv" download className="text-brand-600 underline">
              {CHANNEL_LABELS.downloadTemplate}
            </a>
          </p>
        </div>
        <div className="flex items-center justify-end gap-3">
          <Button variant="secondary" pending={busy} disabled={busy}>
            {CHANNEL_LABELS.upload}
          </Button>
        </div>
      </Form>
      {busy ? <UploadProgress phase={phase} /> : null}
      {result ? <ImportResult outcome={result} /> : null}
    </div>
  );
}

function UploadProgress({ phase }: { phase: Phase }) {
  const percent = phase.kind === "uploading" ? phase.percent : 100;
  const label = phase.kind === "uploading" ? CHANNEL_LABELS.uploading(phase.percent) : CHANNEL_LABELS.processing;
  return (
    <div className="space-y-1" data-testid="upload-progress">
      <div
        role="progressbar"
        aria-label={CHANNEL_LABELS.upload}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={label}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={`h-full bg-brand-600 transition-[width] ${phase.kind === "processing" ? "animate-pulse" : ""}`}
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="text-xs text-slate-600">{label}</p>
    </div>
  );
}

function parseOutcome(text: string): ImportOutcome {
  try {
    const value = JSON.parse(text) as ImportOutcome;
    if (value && typeof value === "object" && "ok" in value) return value;
  } catch {
    // Not JSON: the session ended (a login page) or the server failed.
  }
  return { ok: false, error: MESSAGES.somethingWentWrong };
}
