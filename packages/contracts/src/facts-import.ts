/**
 * `POST /internal/import` (operations, its own secret; README "Importing report facts"): the facts
 * file is the `application/octet-stream` body, `kind` names the fact table (reports/import on the
 * server) and `name` the uploaded file (`.parquet` or CSV). Answers what was loaded.
 */
import { z } from 'zod';

export const importQuery = z.object({ kind: z.string(), name: z.string().max(255).default('facts.csv') });

/** The fact table, how many rows were loaded and the days (yyyy-MM-dd) they cover. */
export const importResult = z.object({ kind: z.string(), rows: z.number().int(), days: z.array(z.string()) });
export type ImportResult = z.infer<typeof importResult>;
