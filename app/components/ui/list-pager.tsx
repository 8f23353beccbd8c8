import { Link } from "@remix-run/react";
import { MESSAGES } from "../../../domain/messages";

/** Previous/next links of a paged settings list: plain links (?page=N), so they work without JavaScript. */
export function ListPager({ page, pageCount, path }: { page: number; pageCount: number; path: string }) {
  if (pageCount <= 1) return null;
  const href = (n: number) => (n === 1 ? path : `${path}?page=${n}`);
  return (
    <nav aria-label={MESSAGES.inboxUi.pages} className="flex items-center justify-between text-sm" data-testid="list-pager">
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" className="font-medium text-brand-600 underline">
          {MESSAGES.searchScreen.previousPage}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-slate-500">{MESSAGES.searchScreen.pageOf(page, pageCount)}</span>
      {page < pageCount ? (
        <Link to={href(page + 1)} rel="next" className="font-medium text-brand-600 underline">
          {MESSAGES.searchScreen.nextPage}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
