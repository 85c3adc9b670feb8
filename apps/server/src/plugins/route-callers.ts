/**
 * Who may call each route, declared once per route or per group (issue 22 item 9, ASVS V8.1):
 *
 * - `public`: anyone (sign-in, captcha, the public key, countries, the web app, unsubscribe links,
 *   the API document);
 * - `session`: a signed-in user (`token` header, `app.authenticate`);
 * - `report`: a reporting API key (`Authorization: Bearer ppk_…`) or a session
 *   (`app.authenticateReport`; report lists and exports only);
 * - `external`: a partner's signed fields (`/external_api/*`, checked by the route);
 * - `operations`: probes, metrics and the internal import, each checking its own secret.
 *
 * Authentication of `session` and `report` routes runs in one root `onRequest` hook, before the body
 * is read or validated: a caller without credentials hears 603 and never learns a schema, and a
 * reporting key on any other route is not a session (603, README "Reporting API keys"). A route whose
 * caller is not declared makes the app refuse to start (`onReady` throws, naming the routes), so a
 * new route cannot silently be open.
 *
 * Declaring: an API route takes its caller from its entry of the endpoint table (contracts
 * endpoints.ts, registered by lib/endpoint-route.ts `route`, which sets `config.caller`). The other
 * routes (the API document, probes, metrics, the web app) declare theirs themselves:
 * `declareCaller(scope, caller)` in an encapsulated plugin scope marks every route
 * registered afterwards in that scope and its children (the innermost declaration wins); a route's
 * own `config: { caller }` wins over both. Never call it on the root or in a fastify-plugin (fp)
 * function, where it would mark every later route of the app.
 */
import {
  CALLERS,
  type Caller,
  endpointKey,
  isApiPath,
  type NamedEndpoint,
} from '@portal/contracts/endpoints.ts';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';

export { CALLERS, type Caller };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's own declaration (wins over its scope's). */
    caller?: Caller;
    /** Set by `declareCaller` of the innermost enclosing scope. */
    scopeCaller?: Caller;
  }
}

/** Marks every route registered later in `scope` (and its children) as called by `caller`. */
export function declareCaller(scope: FastifyInstance, caller: Caller): void {
  scope.addHook('onRoute', (route) => {
    route.config = { ...route.config, scopeCaller: caller };
  });
}

/** The declared caller of the route `request` matched; undefined for an unmatched URL. */
export function callerOfRequest(request: FastifyRequest): Caller | undefined {
  return callerOf(request.routeOptions.config);
}

/** The effective caller of a route's config, or undefined when none was declared. */
function callerOf(config: { caller?: Caller; scopeCaller?: Caller } | undefined): Caller | undefined {
  return config?.caller ?? config?.scopeCaller;
}

/**
 * Registers the start-up check: every route registered from now on must declare its caller, and the
 * API routes must be the endpoint table `table` (contracts endpoints.ts), each registered from its
 * entry by lib/endpoint-route.ts `route`. At `onReady` the app refuses to start (throws, naming them)
 * when
 * - a route has no declared caller;
 * - a route under an API prefix (contracts `API_PREFIXES`) is not in the table, or was registered
 *   some other way than from its entry;
 * - an entry of the table is not registered.
 * Not API routes, and so outside the table: the web app's files and SPA fallback (plugins/web-app.ts),
 * the API document (`/docs`), the probes (`/healthz`, `/readyz`) and `/metrics`; they declare their
 * callers like every route. The HEAD route Fastify adds beside each GET follows its GET. Call on the
 * root before any route is registered.
 */
export function checkRouteCallers(app: FastifyInstance, table: readonly NamedEndpoint[]): void {
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  app.addHook('onReady', async () => {
    const problems: string[] = [];
    const missing = routes
      .filter((r) => {
        const c = callerOf(r.config as Parameters<typeof callerOf>[0]);
        return c === undefined || !CALLERS.includes(c);
      })
      .map(routeName);
    if (missing.length > 0) {
      problems.push(`routes without a declared caller (plugins/route-callers.ts): ${missing.join('; ')}`);
    }
    const wanted = new Set(table.map((n) => endpointKey(n.endpoint)));
    const registered = new Set<string>();
    const outside: string[] = [];
    for (const r of routes) {
      if (!isApiPath(r.url)) continue;
      const declared = (r.config as { endpoint?: string } | undefined)?.endpoint;
      for (const method of [r.method].flat()) {
        const key = `${method} ${r.url}`;
        // Fastify's HEAD beside a GET carries the GET's config.
        if (method === 'HEAD' && declared === `GET ${r.url}`) continue;
        if (wanted.has(key) && declared === key) registered.add(key);
        else outside.push(key);
      }
    }
    if (outside.length > 0) {
      problems.push(
        `API routes not registered from the endpoint table (contracts endpoints.ts, lib/endpoint-route.ts): ${outside.join('; ')}`,
      );
    }
    const unregistered = table.filter((n) => !registered.has(endpointKey(n.endpoint)));
    if (unregistered.length > 0) {
      problems.push(
        `endpoints of the table without a route: ${unregistered.map((n) => `${n.name} (${endpointKey(n.endpoint)})`).join('; ')}`,
      );
    }
    if (problems.length > 0) throw new Error(problems.join('\n'));
  });
}

function routeName(r: RouteOptions): string {
  return `${[r.method].flat().join(',')} ${r.url}`;
}

/**
 * Registers the root `onRequest` authentication of `session` and `report` routes. Call on the root
 * after `app.authenticate` and `app.authenticateReport` are decorated (and after the hooks that must
 * answer first: the caller cache's refresh, the drain state).
 */
export function authenticateByCaller(app: FastifyInstance): void {
  app.addHook('onRequest', async (request: FastifyRequest, reply) => {
    const caller = callerOf(request.routeOptions.config);
    if (caller === 'session') await app.authenticate(request, reply);
    else if (caller === 'report') await app.authenticateReport(request, reply);
  });
}
