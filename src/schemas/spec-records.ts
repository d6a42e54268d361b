/**
 * How a response schema says which of its fields docs/product/entities.md and docs/product/api.md
 * name, for the local server's spec mode (server/lib/spec-shape.ts, decision 886). A module lists its
 * records in `specRecords`: the record's schema, the spec's fields of it (the entries the record's
 * schema spreads in first; the local server's extras follow them), and the fields whose inner shape
 * the spec does not give (kept whole, decision 230). A record no entry names keeps every field its
 * schema has. The app never reads `specRecords`: the build drops it, and the spread spec fields
 * inline into the schema they belong to, so the browser's bundle is what it was.
 */
export type SpecRecord = readonly [record: object, specFields: object, wholeFields?: readonly string[]];
