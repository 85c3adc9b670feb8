/** The language of a request (api-contract §1: `Accept-Language`, Chinese by default). */

import type { Lang } from '@portal/contracts/codes.ts';
import { langFromHeader } from '@portal/contracts/codes.ts';
import type { FastifyRequest } from 'fastify';

/** Language of the request's `Accept-Language` (zh default). */
export function requestLang(request: FastifyRequest): Lang {
  return langFromHeader(request.headers['accept-language']);
}
