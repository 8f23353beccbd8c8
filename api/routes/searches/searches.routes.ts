import { createRoute } from "@hono/zod-openapi";
import type * as z from "zod";
import {
  PinnedResponseSchema,
  SearchCategoryQuerySchema,
  SearchFolderListResponseSchema,
  SearchFolderResponseSchema,
  SearchItemListResponseSchema,
  SearchItemResponseSchema,
  SearchFolderFormSchema,
  SearchFolderUpdateSchema,
  SearchItemFormSchema,
  SearchItemUpdateSchema,
} from "../../../domain/schemas/searches";
import { errorResponses, IdParamSchema, json } from "../../lib/schemas";

const body = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } }, required: true });

export const listSearchFoldersRoute = createRoute({
  method: "get",
  path: "/search/folders",
  tags: ["saved searches"],
  summary: "Folders the caller sees, each with the searches in it the caller sees; pinned first, then by name",
  request: { query: SearchCategoryQuerySchema },
  responses: { 200: json(SearchFolderListResponseSchema, "Folders"), 401: errorResponses[401] },
});

export const createSearchFolderRoute = createRoute({
  method: "post",
  path: "/search/folders",
  tags: ["saved searches"],
  request: { body: body(SearchFolderFormSchema) },
  responses: {
    201: json(SearchFolderResponseSchema, "Created"),
    403: errorResponses[403],
    422: errorResponses[422],
  },
});

export const updateSearchFolderRoute = createRoute({
  method: "put",
  path: "/search/folders/{id}",
  tags: ["saved searches"],
  summary: "Rename a folder or change who sees it",
  request: { params: IdParamSchema, body: body(SearchFolderUpdateSchema) },
  responses: {
    200: json(SearchFolderResponseSchema, "Updated"),
    403: errorResponses[403],
    404: errorResponses[404],
    422: errorResponses[422],
  },
});

export const deleteSearchFolderRoute = createRoute({
  method: "delete",
  path: "/search/folders/{id}",
  tags: ["saved searches"],
  summary: "Delete a folder; its searches move to the top level of the section",
  request: { params: IdParamSchema },
  responses: { 204: { description: "Deleted" }, 403: errorResponses[403], 404: errorResponses[404] },
});

export const toggleSearchFolderPinRoute = createRoute({
  method: "post",
  path: "/search/folders/{id}/toggle-pin",
  tags: ["saved searches"],
  summary: "Pin or unpin for the caller",
  request: { params: IdParamSchema },
  responses: { 200: json(PinnedResponseSchema, "Pinned or not"), 404: errorResponses[404] },
});

export const listSearchItemsRoute = createRoute({
  method: "get",
  path: "/search/items",
  tags: ["saved searches"],
  summary: "Every search the caller sees (folder_id null: top level); pinned first, then by name",
  request: { query: SearchCategoryQuerySchema },
  responses: { 200: json(SearchItemListResponseSchema, "Searches"), 401: errorResponses[401] },
});

export const getSearchItemRoute = createRoute({
  method: "get",
  path: "/search/items/{id}",
  tags: ["saved searches"],
  request: { params: IdParamSchema },
  responses: { 200: json(SearchItemResponseSchema, "Search"), 404: errorResponses[404] },
});

export const createSearchItemRoute = createRoute({
  method: "post",
  path: "/search/items",
  tags: ["saved searches"],
  summary: "Save a search; its stored mentions are matched in the background (see backfill)",
  request: { body: body(SearchItemFormSchema) },
  responses: {
    201: json(SearchItemResponseSchema, "Created"),
    400: errorResponses[400],
    403: errorResponses[403],
    422: errorResponses[422],
  },
});

export const updateSearchItemRoute = createRoute({
  method: "put",
  path: "/search/items/{id}",
  tags: ["saved searches"],
  summary: "Edit a search; folder_id moves it (a folder of the same category, or null for the top level)",
  request: { params: IdParamSchema, body: body(SearchItemUpdateSchema) },
  responses: {
    200: json(SearchItemResponseSchema, "Updated"),
    400: errorResponses[400],
    403: errorResponses[403],
    404: errorResponses[404],
    422: errorResponses[422],
  },
});

export const deleteSearchItemRoute = createRoute({
  method: "delete",
  path: "/search/items/{id}",
  tags: ["saved searches"],
  request: { params: IdParamSchema },
  responses: { 204: { description: "Deleted" }, 403: errorResponses[403], 404: errorResponses[404] },
});

export const toggleSearchItemPinRoute = createRoute({
  method: "post",
  path: "/search/items/{id}/toggle-pin",
  tags: ["saved searches"],
  summary: "Pin or unpin for the caller",
  request: { params: IdParamSchema },
  responses: { 200: json(PinnedResponseSchema, "Pinned or not"), 404: errorResponses[404] },
});
