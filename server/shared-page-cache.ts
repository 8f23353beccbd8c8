// Shared dashboards opened by people without an account (ADR 017): every anonymous viewer of a link's
// address gets the same page, so it is rendered once and served again until anything it shows may have
// changed. An entry is used only while
// - the link is still open to anonymous viewers (checked on every request: revoking works at once),
// - the tenant's dashboard version is the one it was rendered at (new mentions, definitions, labels,
//   replies, mutes, annotations or the link's own definition move it on),
// - it is at most CACHE_TTL_HOURS old and from the same quarter of an hour (relative periods such as
//   'last 24 full hours' move on with the clock; every zone's hours start on a quarter),
// and each answer carries its own secrets: the page's CSP nonce and form token (the drill-down forms post
// with it) are replaced by the viewer's own. Requests with any cookie render as usual (a member's view or
// a remembered layout may differ).
import { CACHE_TTL_HOURS } from "../domain/constants";
import { dashboardVersion } from "../services/analytics/cache";
import type { ServiceDeps } from "../services/context";
import { openSharedLink } from "../services/dashboard-config/shared-links";

const MAX_PAGES = 100;
const QUARTER_HOUR_MS = 15 * 60_000;

/** The per-viewer values of a page, each replaced by the next viewer's (random: they occur nowhere else). */
interface PageSecrets {
  nonce: string;
  formToken: string;
}

interface CachedPage {
  businessProfileId: number;
  version: number;
  expiresAt: number;
  secrets: PageSecrets;
  status: number;
  headers: Array<[string, string]>;
  body: string;
}

/** A request the cache may answer: its key, and the link's tenant and version before anything is read. */
interface SharedPageTicket {
  key: string;
  businessProfileId: number;
  version: number;
}

export interface SharedPageCache {
  /** An anonymous GET of a live shared link's page: its ticket; anything else: null. */
  ticketOf(request: Request): Promise<SharedPageTicket | null>;
  /** A fresh page for the ticket, with this viewer's secrets, or null. */
  read(ticket: SharedPageTicket, secrets: PageSecrets): Response | null;
  /** Keeps a rendered page (a 200 that sets no cookie itself) rendered with these secrets; answers it. */
  write(ticket: SharedPageTicket, secrets: PageSecrets, response: Response): Promise<Response>;
}

export function createSharedPageCache(deps: ServiceDeps): SharedPageCache {
  const pages = new Map<string, CachedPage>();

  return {
    async ticketOf(request) {
      if (request.method !== "GET" || request.headers.has("cookie")) return null;
      const url = new URL(request.url);
      const code = url.searchParams.get("shared_link_code");
      if (url.pathname !== "/" || !code) return null;
      let businessProfileId: number;
      try {
        businessProfileId = (await openSharedLink(deps, null, code)).businessProfileId;
      } catch {
        return null; // revoked, unknown or members only: rendered as usual (404 or sign-in)
      }
      const params = [...url.searchParams.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      const quarter = Math.floor(deps.now().getTime() / QUARTER_HOUR_MS);
      // The version is read before the page's reads: a change during the render leaves the entry stale.
      return { key: `${quarter}|${new URLSearchParams(params).toString()}`, businessProfileId, version: dashboardVersion(businessProfileId) };
    },

    read(ticket, secrets) {
      const page = pages.get(ticket.key);
      if (!page) return null;
      if (page.businessProfileId !== ticket.businessProfileId || page.version !== ticket.version || page.expiresAt <= deps.now().getTime()) {
        pages.delete(ticket.key);
        return null;
      }
      const headers = new Headers(page.headers);
      headers.set("x-earshot-page-cache", "hit");
      const body = page.body.replaceAll(page.secrets.nonce, secrets.nonce).replaceAll(page.secrets.formToken, secrets.formToken);
      return new Response(body, { status: page.status, headers });
    },

    async write(ticket, secrets, response) {
      if (response.status !== 200 || response.headers.has("set-cookie")) return response;
      const body = await response.text();
      if (pages.size >= MAX_PAGES) pages.delete(pages.keys().next().value!);
      pages.set(ticket.key, {
        businessProfileId: ticket.businessProfileId,
        version: ticket.version,
        expiresAt: deps.now().getTime() + CACHE_TTL_HOURS * 3_600_000,
        secrets,
        status: response.status,
        headers: [...response.headers.entries()],
        body,
      });
      return new Response(body, { status: response.status, headers: response.headers });
    },
  };
}
