/**
 * The web app's route table, read from its sources so the journeys cover every page other features add:
 * public paths are the literal `<Route path="/…">` of app/router.tsx; signed-in paths are the nav
 * catalogue (permission-built and account screens) plus every key of app/route-table.tsx's screenByPath.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { accountCatalogue, navCatalogue } from '../apps/web/src/lib/nav-catalogue.ts';

const app = path.resolve(import.meta.dirname, '../apps/web/src/app');

/** Paths that need no token, e.g. /login, /home, /policy/index, /404. */
export function publicPaths(): string[] {
  const router = readFileSync(path.join(app, 'router.tsx'), 'utf8');
  return [...new Set([...router.matchAll(/<Route path="(\/[^"*:]*)"/g)].map((m) => m[1] as string))];
}

/** Every permission-built and account path a signed-in user may be routed to. */
export function signedInPaths(): string[] {
  const table = readFileSync(path.join(app, 'route-table.tsx'), 'utf8');
  const screens = [...table.matchAll(/^\s*'(\/[^']+)':/gm)].map((m) => m[1] as string);
  return [...new Set([...navCatalogue, ...accountCatalogue].map((e) => e.path).concat(screens))];
}
