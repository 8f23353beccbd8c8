// The API's answers as the web client hands them over (camelCase), for the channels screens: derived
// from the response schemas (ADR 027).
import type { FromWire } from "../../../domain/key-case";
import type { StatusListResponseSchema } from "../../../domain/schemas/statuses";
import type {
  ImportRecordListResponseSchema,
  ImportRecordResponseSchema,
  ImportResponseSchema,
  PollOutcomeResponseSchema,
  StreamListResponseSchema,
  StreamResponseSchema,
} from "../../../domain/schemas/streams";

export type ApiStream = FromWire<typeof StreamResponseSchema>;

/** GET /v1/streams. */
export type ApiStreamList = FromWire<typeof StreamListResponseSchema>;

export type StreamHealth = ApiStream["health"];

/** POST /v1/streams/{id}/imports: what one upload did. */
export type ImportSummary = FromWire<typeof ImportResponseSchema>;

export type ImportLineError = ImportSummary["errors"][number];

/** GET /v1/streams/{id}/imports: the same, with the file and the time. */
export type ImportRecord = FromWire<typeof ImportRecordResponseSchema>;
export type ApiImportRecordList = FromWire<typeof ImportRecordListResponseSchema>;

/** POST /v1/streams/{id}/poll: what reading the source now did. */
export type ApiPollOutcome = FromWire<typeof PollOutcomeResponseSchema>;

/** GET /v1/statuses: mentions as the channel's page lists them. */
export type ApiStatusList = FromWire<typeof StatusListResponseSchema>;

/** What the import form receives back, from the page's action (no JavaScript) or the upload route. */
export type ImportOutcome = { ok: true; summary: ImportSummary } | { ok: false; error: string };
