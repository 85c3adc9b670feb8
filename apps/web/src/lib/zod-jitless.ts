/**
 * Zod without generated code: zod 4 compiles object parsers with `new Function` when the page allows
 * it, and probes for that once; under the server's Content-Security-Policy (no `unsafe-eval`,
 * apps/server/src/plugins/security-headers.ts) the probe alone is reported as a CSP violation. With
 * `jitless` zod parses by interpretation and never probes. Imported first by main.tsx, before any
 * schema runs.
 */
import { z } from 'zod';

z.config({ jitless: true });
