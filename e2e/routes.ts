/**
 * The web app's route table, read from its sources so the journeys cover every page other features add:
 * public paths are the literal `<Route path="/…">` of app/router.tsx; signed-in paths are every path of
 * the route table (lib/route-table.ts: permission-built, account, security and report screens).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { routeTable } from '../apps/web/src/lib/route-table.ts';

const app = path.resolve(import.meta.dirname, '../apps/web/src/app');

/** Paths that need no token, e.g. /login, /home, /policy/index, /404. */
export function publicPaths(): string[] {
  const router = readFileSync(path.join(app, 'router.tsx'), 'utf8');
  return [...new Set([...router.matchAll(/<Route path="(\/[^"*:]*)"/g)].map((m) => m[1] as string))];
}

/** Every permission-built and account path a signed-in user may be routed to. */
export function signedInPaths(): string[] {
  return [...new Set(routeTable.map((e) => e.path))];
}
