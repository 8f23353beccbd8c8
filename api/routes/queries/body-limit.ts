import { bodyLimit } from "hono/body-limit";
import { badRequest } from "../../../domain/errors";
import { MESSAGES } from "../../../domain/messages";

/** The largest JSON body a query, saved search, topic or pin call takes (a query is at most 8,000 characters). */
const DEFINITION_BODY_MAX = 64 * 1024;

/**
 * Refuses a larger body with 400 before it is read to the end or parsed (the request's content-length
 * when it has one, else counting the stream). The API has no global limit: each resource sets its own.
 */
export const definitionBodyLimit = bodyLimit({
  maxSize: DEFINITION_BODY_MAX,
  onError: () => {
    throw badRequest(MESSAGES.payloadTooLarge);
  },
});
