/**
 * Signed partner calls (spec §7 Other, api-contract §3): `GET /external_api/profit_center`,
 * `POST /external_api/profit_center/notice`, `GET /external_api/company/list` and (issue 27) the ad
 * server's `GET /external_api/test_devices`. No session; the
 * request's fields as sent (query string for GET, JSON body for POST) must carry `partner_id` (a
 * partner of EXTERNAL_API_KEYS), a `timestamp` within 300 s and `sign` = HMAC-SHA256 under that
 * partner's secret (upper-case hex, sorted fields). Anything else answers 10003, whichever check
 * failed. The fields are checked before the schema coerces them.
 */
import { endpoints } from '@portal/contracts/endpoints.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { route } from '../../lib/endpoint-route.ts';
import { requestLang } from '../../lib/request-lang.ts';
import { ok } from '../../lib/route-schema.ts';
import { partnerSignatureCheck } from '../../plugins/partner-signature.ts';
import {
  badCooperationTypes,
  listCompanies,
  listProfitCenters,
  parseNumberList,
  upsertProfitCenter,
} from '../ops/ops-service.ts';
import { externalTestDevices as readTestDevices } from '../test-devices/test-device-service.ts';

const signedFields = {
  partner_id: z.string().min(1),
  timestamp: z.coerce.number().int(),
  sign: z.string().min(1),
};

/** `POST /external_api/profit_center/notice`: the partner creates, renames or disables a profit centre. */
export const profitCenterNotice = z.object({
  id: z.number().int().positive(),
  name: z.string().trim().min(1).max(100),
  /** 1 active (default), 2 disabled. */
  status: z.union([z.literal(1), z.literal(2)]).default(1),
  ...signedFields,
  timestamp: z.number().int(),
});

export async function externalRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  const verify = partnerSignatureCheck(app);
  const guarded = { preValidation: verify };
  const common = { tags: ['external'] };

  route(
    app,
    endpoints.external.profitCenters,
    { ...guarded, ...common, summary: 'Active profit centres (signed partner call)' },
    async (request) => ok(request, await listProfitCenters(app.db)),
  );

  route(
    app,
    endpoints.external.profitCenterNotice,
    { ...guarded, ...common, summary: 'Create, rename or disable a profit centre (signed partner call)' },
    async (request) => {
      const { id, name, status } = request.body;
      await upsertProfitCenter(app.db, { id, name, status }, app.now());
      return ok(request, null);
    },
  );

  route(
    app,
    endpoints.external.companies,
    {
      ...guarded,
      ...common,
      summary: 'Companies, e.g. is_publisher=1&cooperation_types=[1] (signed partner call)',
    },
    async (request) => {
      const coop = parseNumberList(request.query.cooperation_types);
      if (coop === null) throw badCooperationTypes(requestLang(request));
      return ok(request, await listCompanies(app.db, request.query.is_publisher, coop));
    },
  );

  route(
    app,
    endpoints.external.testDevices,
    {
      ...guarded,
      ...common,
      summary: 'Test devices of every organisation for the ad server (signed partner call)',
      description:
        'Every live test device (advertising ID, platform, organisation) and `updated_at`, the latest ' +
        'change (add, edit, removal) of any device. Pass that `updated_at` back as `since`: while ' +
        'nothing changed the answer is `changed: false` with an empty list, so polling every few ' +
        'seconds costs one indexed read.',
    },
    async (request) => ok(request, await readTestDevices(app.db, request.query.since)),
  );
}
