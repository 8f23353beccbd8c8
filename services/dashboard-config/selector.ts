// POST /v1/dashboard_selector (spec analytics §7, ADR 015): the contexts a viewer may put on the dashboard,
// by section: brands (saved searches of category brand), my_searches, team_searches (each as the searches
// list shows them: only those the caller sees), and topics. A shared link's viewer gets its link's contexts.
import { listSearchItems } from "../../db/repositories/search-items";
import { listTeamsOfAccounts } from "../../db/repositories/teams";
import { listTopics } from "../../db/repositories/topics";
import type { SearchItemRow, TopicRow } from "../../db/schema";
import { DASHBOARD_CONTEXT_TYPES, DASHBOARD_SECTIONS, type DashboardSection } from "../../domain/dashboard";
import type { FromWire } from "../../domain/key-case";
import { compareColor } from "../../domain/palette";
import type { DashboardSelectorResponseSchema } from "../../domain/schemas/dashboard-config";
import type { DashboardViewer } from "../analytics/viewer";
import type { ServiceDeps } from "../context";
import { byPinnedThenName, canSee, type Viewer } from "../searches/access";

/** The selector as the API answers it (ADR 027). */
type DashboardSelectorView = FromWire<typeof DashboardSelectorResponseSchema>;

const SECTION_OF_CATEGORY: Record<string, DashboardSection> = { brand: "brands", my: "my_searches", team: "team_searches" };
const CATEGORY_OF_SECTION: Record<DashboardSection, string> = { brands: "brand", my_searches: "my", team_searches: "team", topics: "topic" };

type Entry = { contextType: number; contextId: number; title: string; section: DashboardSection };

const byName = (a: { name: string; id: number }, b: { name: string; id: number }) => byPinnedThenName({ ...a, pinned: false }, { ...b, pinned: false });

function searchEntry(row: SearchItemRow): Entry | null {
  const section = SECTION_OF_CATEGORY[row.category];
  return section ? { contextType: DASHBOARD_CONTEXT_TYPES.savedSearch, contextId: row.id, title: row.name, section } : null;
}
function topicEntry(row: TopicRow): Entry {
  return { contextType: DASHBOARD_CONTEXT_TYPES.topic, contextId: row.id, title: row.name, section: "topics" };
}

export async function dashboardSelector(deps: ServiceDeps, viewer: DashboardViewer): Promise<DashboardSelectorView> {
  const tenant = viewer.businessProfileId;
  const [searches, topics] = await Promise.all([listSearchItems(deps.db, tenant), listTopics(deps.db, tenant)]);
  let visibleSearches: SearchItemRow[];
  let visibleTopics: TopicRow[];
  if (viewer.sharedLink) {
    const named = new Set(viewer.sharedLink.contexts.map((c) => `${c.contextType}-${c.contextId}`));
    visibleSearches = searches.filter((s) => named.has(`${DASHBOARD_CONTEXT_TYPES.savedSearch}-${s.id}`));
    visibleTopics = topics.filter((t) => named.has(`${DASHBOARD_CONTEXT_TYPES.topic}-${t.id}`));
  } else {
    const accountId = viewer.accountId!;
    const teams = await listTeamsOfAccounts(deps.db, tenant, [accountId]);
    const who: Viewer = { accountId, teamIds: new Set(teams.map((t) => t.teamId)) };
    visibleSearches = searches.filter((s) => canSee(who, s));
    visibleTopics = topics.filter((t) => canSee(who, t));
  }
  const entries: Entry[] = [
    ...[...visibleSearches].sort(byName).flatMap((s) => searchEntry(s) ?? []),
    ...[...visibleTopics].sort(byName).map(topicEntry),
  ];
  const order = (e: Entry) => DASHBOARD_SECTIONS.indexOf(e.section);
  entries.sort((a, b) => order(a) - order(b));
  const contexts = entries.map((e, i) => ({
    id: `${e.contextType}-${e.contextId}`,
    title: e.title,
    contextId: e.contextId,
    contextType: e.contextType,
    properties: null,
    section: e.section,
    color: compareColor(i),
  }));
  const sections = DASHBOARD_SECTIONS.map((id) => ({ id, contextIds: contexts.filter((c) => c.section === id).map((c) => c.id) }));
  return {
    contexts,
    categories: sections.map((s) => ({ id: CATEGORY_OF_SECTION[s.id], section: s.id, count: s.contextIds.length })),
    sections,
  };
}
