// The dashboard's .csv answers use the one CSV writer (domain/csv.ts: RFC 4180 quoting and OWASP
// CSV-injection neutralising), shared with the web app's CSV downloads.
export { csvLine, toCsv } from "../../domain/csv";
