// File import (CSV and NDJSON): streaming parsers that turn an upload into ingest items, line by line.
export { IMPORT_MESSAGES,  type ImportRecord } from "./records";
export {  parseNdjson,   } from "./ndjson";
export {
  CSV_COLUMNS,
  
  csvRecords,
  csvRowToItem,
  EXAMPLE_CSV,
  parseCsv,
  
} from "./csv";
