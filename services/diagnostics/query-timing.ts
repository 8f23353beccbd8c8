// The API reports the store time of each request in a Server-Timing header (db/query-timing.ts).
export { withQueryTally,  } from "../../db/query-timing";
