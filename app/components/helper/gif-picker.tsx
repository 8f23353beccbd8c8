import { Form, useFetcher } from "@remix-run/react";
import { useRef } from "react";
import type { FromWire } from "../../../domain/key-case";
import { MESSAGES } from "../../../domain/messages";
import type { HelperGifListResponseSchema } from "../../../domain/schemas/helper";
import { useHydrated } from "../../lib/use-hydrated";
import { Button } from "../ui/button";
import { HELPER_GIFS_PATH } from "./links";

const H = MESSAGES.helperChat;

/** What the picker shows: the words searched, the GIFs found (at most 8), or the refusal's words. */
export interface GifSearchResult {
  q: string;
  gifs: FromWire<typeof HelperGifListResponseSchema>["data"];
  error: string | null;
}

export interface GifPickerProps {
  /** The text field (textarea or input) a chosen GIF's address goes into. */
  targetId: string;
  /** The page's own search (without JavaScript: the GET form reloads the page with `gif_q`). */
  result: GifSearchResult | null;
  /** The page's other query parameters the GET form keeps (the open chat). */
  keep?: Readonly<Record<string, string>>;
  /** Without JavaScript, where choosing a GIF goes: the page with the address in its text field. */
  pickHref: (url: string) => string;
}

/**
 * The GIF button (issue 27, ADR 042): a disclosure with a search form and up to 8 results. Without
 * JavaScript the form is a GET of the page (its loader searches) and each result a link that opens the
 * page with the GIF's address in the text field; with JavaScript the search runs in place
 * (/helper/gifs) and a result is inserted at the cursor. Rendered only when a GIF search is configured.
 */
export function GifPicker({ targetId, result, keep = {}, pickHref }: GifPickerProps) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<GifSearchResult>();
  const details = useRef<HTMLDetailsElement>(null);
  const shown = hydrated && fetcher.data ? fetcher.data : result;
  const searching = fetcher.state !== "idle";

  function insert(url: string) {
    const field = document.getElementById(targetId) as HTMLTextAreaElement | HTMLInputElement | null;
    if (!field) return;
    const start = field.selectionStart ?? field.value.length;
    const end = field.selectionEnd ?? start;
    const before = field.value.slice(0, start);
    field.setRangeText(`${before && !/\s$/.test(before) ? " " : ""}${url}`, start, end, "end");
    field.dispatchEvent(new Event("input", { bubbles: true }));
    field.focus();
    if (details.current) details.current.open = false;
  }

  return (
    <details ref={details} open={result !== null} className="text-sm" data-testid="gif-picker">
      <summary className="inline-flex cursor-pointer items-center rounded-md border border-slate-300 bg-white px-3 py-1.5 font-medium hover:bg-slate-50">
        {H.gif}
      </summary>
      <div className="mt-2 space-y-2 rounded-md border border-slate-200 bg-slate-50 p-3">
        <Form
          method="get"
          role="search"
          aria-label={H.gifSearch}
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            if (!hydrated) return;
            event.preventDefault();
            const q = String(new FormData(event.currentTarget).get("gif_q") ?? "");
            fetcher.load(`${HELPER_GIFS_PATH}?${new URLSearchParams({ q }).toString()}`);
          }}
        >
          {Object.entries(keep).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <label className="min-w-0 flex-1 text-xs text-slate-600">
            {H.gifWords}
            <input
              type="search"
              name="gif_q"
              required
              maxLength={100}
              defaultValue={result?.q ?? ""}
              className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1 text-sm"
            />
          </label>
          <Button variant="secondary" className="px-3 py-1" pending={searching}>
            {H.gifSearch}
          </Button>
        </Form>
        {shown?.error ? (
          <p role="alert" className="text-red-700">
            {shown.error}
          </p>
        ) : shown && shown.gifs.length === 0 ? (
          <p className="text-slate-600">{H.gifNone}</p>
        ) : null}
        {shown?.gifs.length ? (
          <ul aria-label={H.gifResults} className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="gif-results">
            {shown.gifs.map((gif) => (
              <li key={gif.id}>
                <a
                  href={pickHref(gif.url)}
                  aria-label={H.gifChoose(gif.title)}
                  className="block overflow-hidden rounded border border-slate-200 bg-white hover:ring-2 hover:ring-brand-500"
                  onClick={(event) => {
                    if (!hydrated) return;
                    event.preventDefault();
                    insert(gif.url);
                  }}
                >
                  <img src={gif.previewUrl} alt="" loading="lazy" className="h-20 w-full object-cover" />
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </details>
  );
}
