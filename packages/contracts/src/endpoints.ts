/**
 * The table of every API endpoint (issue 24 item 2), by area: `endpoints.notifications.unreadCount`
 * is `GET /v1/notifications/unread_count`, called with a session, answering `{ unread }`. Each area's
 * entries are in endpoints/<area>.ts (defineEndpoint in endpoints/define.ts), built from the schemas
 * of the area's contracts file.
 *
 * - The server registers every API route from this table and refuses to start when a route under an
 *   API prefix is not in it, an entry is not registered, or a route has no caller
 *   (apps/server/src/lib/endpoint-route.ts, plugins/route-callers.ts).
 * - The web calls every endpoint by its entry, typed from it (apps/web/src/lib/call-endpoint.ts
 *   `callEndpoint`: EndpointParams, EndpointQuery, EndpointBody in, EndpointData out).
 * - Tests call and mock endpoints through it (apps/server/src/test/json-caller.ts `callEndpoint`;
 *   the web's apps/web/src/test/mock-endpoint.ts `mock(entry, data)`).
 *
 * Adding an endpoint: its schemas in the area's contracts file, an entry in endpoints/<area>.ts, and
 * the handler with `route(app, endpoints.<area>.<name>, handler)` in the server module.
 */
import { accountEndpoints } from './endpoints/account.ts';
import { appAdsEndpoints } from './endpoints/app-ads.ts';
import { appsEndpoints } from './endpoints/apps.ts';
import { catalogueEndpoints } from './endpoints/catalogue.ts';
import type { Endpoint, InputOf, OutputOf } from './endpoints/define.ts';
import { externalEndpoints } from './endpoints/external.ts';
import { homeEndpoints } from './endpoints/home.ts';
import { membersEndpoints } from './endpoints/members.ts';
import { notificationsEndpoints } from './endpoints/notifications.ts';
import { opsEndpoints } from './endpoints/ops.ts';
import { organisationEndpoints } from './endpoints/organisation.ts';
import { paymentsEndpoints } from './endpoints/payments.ts';
import { paymentsOpsEndpoints } from './endpoints/payments-ops.ts';
import { placementsEndpoints } from './endpoints/placements.ts';
import { reportViewsEndpoints } from './endpoints/report-views.ts';
import { reportsEndpoints } from './endpoints/reports.ts';
import { securityEndpoints } from './endpoints/security.ts';
import { testDevicesEndpoints } from './endpoints/test-devices.ts';

export type { AnswerKind, Caller, Endpoint, Method } from './endpoints/define.ts';
export { API_PREFIXES, CALLERS, isApiPath } from './endpoints/define.ts';

/** Every endpoint, by area and name. */
export const endpoints = {
  account: accountEndpoints,
  appAds: appAdsEndpoints,
  apps: appsEndpoints,
  catalogue: catalogueEndpoints,
  external: externalEndpoints,
  home: homeEndpoints,
  members: membersEndpoints,
  notifications: notificationsEndpoints,
  ops: opsEndpoints,
  organisation: organisationEndpoints,
  payments: paymentsEndpoints,
  paymentsOps: paymentsOpsEndpoints,
  placements: placementsEndpoints,
  reportViews: reportViewsEndpoints,
  reports: reportsEndpoints,
  security: securityEndpoints,
  testDevices: testDevicesEndpoints,
} as const;

/** One entry with its readable name (`notifications.unreadCount`). */
export type NamedEndpoint = { name: string; endpoint: Endpoint };

/** Every entry with its name, in table order. */
export const endpointList: readonly NamedEndpoint[] = Object.entries(endpoints).flatMap(([area, entries]) =>
  Object.entries(entries as Record<string, Endpoint>).map(([name, endpoint]) => ({
    name: `${area}.${name}`,
    endpoint,
  })),
);

/** `METHOD path` of an entry, the key the server and the tests look endpoints up by. */
export const endpointKey = (e: Pick<Endpoint, 'method' | 'path'>): string => `${e.method} ${e.path}`;

const byKey = new Map(endpointList.map((n) => [endpointKey(n.endpoint), n]));

/** The entry of `method` and `path` (the server's route form, `:id`), or undefined. */
export function findEndpoint(method: string, path: string): NamedEndpoint | undefined {
  return byKey.get(`${method.toUpperCase()} ${path}`);
}

type Field<E, K extends string> = E extends { readonly [P in K]: infer S } ? S : undefined;

/** What a caller sends as path parameters (`:id` → `{ id }`). */
export type EndpointParams<E extends Endpoint> = InputOf<Field<E, 'params'>>;
/** What a caller sends as the query. */
export type EndpointQuery<E extends Endpoint> = InputOf<Field<E, 'query'>>;
/** What a caller sends as the JSON body. */
export type EndpointBody<E extends Endpoint> = InputOf<Field<E, 'body'>>;
/** The `data` of a success envelope, as parsed by the entry's schema (undefined for files and pages). */
export type EndpointData<E extends Endpoint> = OutputOf<Field<E, 'data'>>;

/** The request as the server's handler sees it, after validation (defaults filled, values coerced). */
export type EndpointRequest<E extends Endpoint> = {
  params: OutputOf<Field<E, 'params'>>;
  query: OutputOf<Field<E, 'query'>>;
  body: OutputOf<Field<E, 'body'>>;
};
