import {
  createSearchFolder,
  deleteSearchFolder,
  listSearchFolders,
  toggleSearchFolderPin,
  updateSearchFolder,
} from "../../../services/searches/folders";
import {
  createSearchItem,
  deleteSearchItem,
  getSearchItem,
  listSearchItems,
  toggleSearchItemPin,
  updateSearchItem,
} from "../../../services/searches/items";
import {
  PinnedResponseSchema,
  SearchFolderListResponseSchema,
  SearchFolderResponseSchema,
  SearchItemListResponseSchema,
  SearchItemResponseSchema,
} from "../../../domain/schemas/searches";
import type { ApiApp } from "../../env";
import { toWire } from "../../lib/case";
import { requireActor } from "../../middleware/auth";
import { definitionBodyLimit } from "../queries/body-limit";
import {
  createSearchFolderRoute,
  createSearchItemRoute,
  deleteSearchFolderRoute,
  deleteSearchItemRoute,
  getSearchItemRoute,
  listSearchFoldersRoute,
  listSearchItemsRoute,
  toggleSearchFolderPinRoute,
  toggleSearchItemPinRoute,
  updateSearchFolderRoute,
  updateSearchItemRoute,
} from "./searches.routes";

/** Saved searches and their folders (spec core §7, docs/architecture.md paths: /api/search/...). */
export function registerSearchRoutes(app: ApiApp) {
  app.use("/search/*", definitionBodyLimit);

  app.openapi(listSearchFoldersRoute, async (c) => {
    const folders = await listSearchFolders(c.get("deps"), requireActor(c), { category: c.req.valid("query").category });
    return c.json(toWire(SearchFolderListResponseSchema, { data: folders }), 200);
  });
  app.openapi(createSearchFolderRoute, async (c) =>
    c.json(toWire(SearchFolderResponseSchema, await createSearchFolder(c.get("deps"), requireActor(c), c.req.valid("json"))), 201),
  );
  app.openapi(updateSearchFolderRoute, async (c) =>
    c.json(toWire(SearchFolderResponseSchema, await updateSearchFolder(c.get("deps"), requireActor(c), c.req.valid("param").id, c.req.valid("json"))), 200),
  );
  app.openapi(deleteSearchFolderRoute, async (c) => {
    await deleteSearchFolder(c.get("deps"), requireActor(c), c.req.valid("param").id);
    return c.body(null, 204);
  });
  app.openapi(toggleSearchFolderPinRoute, async (c) =>
    c.json(toWire(PinnedResponseSchema, await toggleSearchFolderPin(c.get("deps"), requireActor(c), c.req.valid("param").id)), 200),
  );

  app.openapi(listSearchItemsRoute, async (c) => {
    const items = await listSearchItems(c.get("deps"), requireActor(c), { category: c.req.valid("query").category });
    return c.json(toWire(SearchItemListResponseSchema, { data: items }), 200);
  });
  app.openapi(getSearchItemRoute, async (c) =>
    c.json(toWire(SearchItemResponseSchema, await getSearchItem(c.get("deps"), requireActor(c), c.req.valid("param").id)), 200),
  );
  app.openapi(createSearchItemRoute, async (c) =>
    c.json(toWire(SearchItemResponseSchema, await createSearchItem(c.get("deps"), requireActor(c), c.req.valid("json"))), 201),
  );
  app.openapi(updateSearchItemRoute, async (c) =>
    c.json(toWire(SearchItemResponseSchema, await updateSearchItem(c.get("deps"), requireActor(c), c.req.valid("param").id, c.req.valid("json"))), 200),
  );
  app.openapi(deleteSearchItemRoute, async (c) => {
    await deleteSearchItem(c.get("deps"), requireActor(c), c.req.valid("param").id);
    return c.body(null, 204);
  });
  app.openapi(toggleSearchItemPinRoute, async (c) =>
    c.json(toWire(PinnedResponseSchema, await toggleSearchItemPin(c.get("deps"), requireActor(c), c.req.valid("param").id)), 200),
  );
}
