// File import (CSV and NDJSON): streaming parsers that turn an upload into ingest items, line by line.
export { IMPORT_MESSAGES, type ImportBody, type ImportRecord } from "./records";
export { LineSplitter, parseNdjson, splitLines, type RawLine } from "./ndjson";
export {
  CSV_COLUMNS,
  CSV_REQUIRED_COLUMNS,
  csvRecords,
  csvRowToItem,
  EXAMPLE_CSV,
  parseCsv,
  type CsvRecord,
} from "./csv";
