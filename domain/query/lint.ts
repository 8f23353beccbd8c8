// Linting and parsing are one pass (see parse.ts): a query's faults are what stops it from parsing.
// This module is the name to import when only the faults are wanted, e.g. as the user types.
export { lintQuery,  } from "./parse";
