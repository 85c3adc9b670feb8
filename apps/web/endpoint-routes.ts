/**
 * The web's bundle carries the endpoint table's routes, not its schemas (issue 24 item 2). The web
 * calls every endpoint by its entry (src/lib/call-endpoint.ts), and at run time reads only the
 * entry's method and path; its types come from the real entry (TypeScript reads the contracts file).
 * Bundling the entries themselves would bring every area's zod schemas into the screens that call
 * them: on /login (captcha, public key, sign-in, the shell's user info, menu and bell) that was
 * +29 KB gzip, over the page's 300 KB budget (e2e/public-pages.e2e.ts).
 *
 * So, in the build and the dev server, an area file `packages/contracts/src/endpoints/<area>.ts` loads
 * as `export const <area>Endpoints = { <name>: { method, path, caller, answer } }`, generated from
 * the same table, so the two cannot differ. Tests (vitest.config.ts has no such plugin) use the real
 * entries, schemas included, to build their mocks.
 */
import type { Plugin } from 'vite';
import { type Endpoint, endpoints } from '../../packages/contracts/src/endpoints.ts';

/** An area file of the table (`…/contracts/src/endpoints/payments-ops.ts` → `payments-ops`). */
const AREA_FILE = /[\\/]packages[\\/]contracts[\\/]src[\\/]endpoints[\\/]([a-z-]+)\.ts$/;

/** `payments-ops` → `paymentsOps` (the table's key of the area). */
const areaKey = (file: string): string => file.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * The schema-free module of the area file `file` (`account`, `payments-ops`): null for a file that is
 * not an area of the table (define.ts).
 */
export function routesModule(file: string): string | null {
  const key = areaKey(file);
  const area = (endpoints as Record<string, Record<string, Endpoint>>)[key];
  if (!area) return null;
  const routes = Object.fromEntries(
    Object.entries(area).map(([name, e]) => [
      name,
      { method: e.method, path: e.path, caller: e.caller, answer: e.answer },
    ]),
  );
  return `export const ${key}Endpoints = ${JSON.stringify(routes)};\n`;
}

/** Loads each area file of the table as its routes only (see the file's header). */
export function endpointRoutesPlugin(): Plugin {
  return {
    name: 'portal-endpoint-routes',
    enforce: 'pre',
    load(id) {
      const match = AREA_FILE.exec(id.split('?')[0] ?? '');
      return match?.[1] ? routesModule(match[1]) : null;
    },
  };
}
