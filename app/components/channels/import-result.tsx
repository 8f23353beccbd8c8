import { formatDateTime } from "../../../domain/format";
import { MESSAGES } from "../../../domain/messages";
import type { ImportLineError, ImportOutcome, ImportRecord } from "./types";

const CHANNEL_LABELS = MESSAGES.channelScreen;

/** What an upload did: the counts, and each rejected line with its reason (text, never HTML). */
export function ImportResult({ outcome }: { outcome: ImportOutcome }) {
  if (!outcome.ok) {
    return (
      <div
        role="alert"
        data-testid="import-result"
        className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700"
      >
        {outcome.error}
      </div>
    );
  }
  const { summary } = outcome;
  return (
    <div data-testid="import-result" className="space-y-3">
      <p
        role="status"
        className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-800"
      >
        {MESSAGES.importFinished(summary.accepted, summary.duplicates, summary.rejected)}
      </p>
      {summary.errors.length ? <RejectedLines errors={summary.errors} /> : null}
    </div>
  );
}

function RejectedLines({
  errors,
  caption = CHANNEL_LABELS.rejectedLines,
}: {
  errors: ImportLineError[];
  caption?: string;
}) {
  return (
    <table className="w-full text-left text-sm" data-testid="rejected-lines">
      <caption className="pb-1 text-left text-sm font-medium text-slate-700">{caption}</caption>
      <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
        <tr>
          <th scope="col" className="w-20 px-3 py-1.5 font-medium">
            {CHANNEL_LABELS.line}
          </th>
          <th scope="col" className="px-3 py-1.5 font-medium">
            {CHANNEL_LABELS.message}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {errors.map((error) => (
          <tr key={`${error.position}-${error.message}`}>
            <td className="px-3 py-1.5 tabular-nums">{error.position}</td>
            <td className="break-words px-3 py-1.5 text-red-700">{error.message}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The stream's past imports (newest first), each with its rejected lines behind a disclosure. */
export function ImportHistory({ imports, timeZone }: { imports: ImportRecord[]; timeZone: string }) {
  return (
    <section
      aria-labelledby="import-history-heading"
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="import-history-heading" className="text-lg font-semibold">
        {CHANNEL_LABELS.importHistory}
      </h2>
      {imports.length === 0 ? (
        <p className="text-sm text-slate-500">{CHANNEL_LABELS.noImportsYet}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[40rem] text-left text-sm" data-testid="import-history">
            <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th scope="col" className="px-3 py-1.5 font-medium">
                  {CHANNEL_LABELS.date}
                </th>
                <th scope="col" className="px-3 py-1.5 font-medium">
                  {CHANNEL_LABELS.file}
                </th>
                <th scope="col" className="px-3 py-1.5 font-medium">
                  {CHANNEL_LABELS.status}
                </th>
                <th scope="col" className="px-3 py-1.5 text-right font-medium">
                  {CHANNEL_LABELS.added}
                </th>
                <th scope="col" className="px-3 py-1.5 text-right font-medium">
                  {CHANNEL_LABELS.alreadyThere}
                </th>
                <th scope="col" className="px-3 py-1.5 text-right font-medium">
                  {CHANNEL_LABELS.rejected}
                </th>
              </tr>
            </thead>
            {imports.map((record) => (
              // One body per import: its row, then (when lines were refused) their reasons behind a disclosure.
              <tbody key={record.id} className="border-t border-slate-100">
                <tr>
                  <td className="whitespace-nowrap px-3 py-1.5">{formatDateTime(record.createdAt, timeZone)}</td>
                  <td className="max-w-64 truncate px-3 py-1.5" title={record.fileName ?? undefined}>
                    {record.fileName ?? "—"}
                  </td>
                  <td className="px-3 py-1.5">{record.status}</td>
                  <td className="px-3 py-1.5 text-right tabular-nums">{record.accepted}</td>
                  <td className="px-3 py-1.5 text-right tabular-nums">{record.duplicates}</td>
                  <td className={`px-3 py-1.5 text-right tabular-nums ${record.rejected ? "text-red-700" : ""}`}>
                    {record.rejected}
                  </td>
                </tr>
                {record.errors.length ? (
                  <tr>
                    <td colSpan={6} className="px-3 pb-2">
                      <details>
                        <summary className="cursor-pointer text-xs font-medium text-slate-600 hover:text-ink">
                          {CHANNEL_LABELS.rejectedLines} ({record.errors.length})
                        </summary>
                        <div className="mt-1 max-w-2xl">
                          <RejectedLines
                            errors={record.errors}
                            caption={`${CHANNEL_LABELS.rejectedLines}: ${record.fileName ?? record.id}`}
                          />
                        </div>
                      </details>
                    </td>
                  </tr>
                ) : null}
              </tbody>
            ))}
          </table>
        </div>
      )}
    </section>
  );
}
