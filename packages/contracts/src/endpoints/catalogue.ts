/**
 * Endpoints of catalogue (server: modules/common/routes.ts, modules/industry/routes.ts).
 */

import { z } from 'zod';
import { industry } from '../apps.ts';
import { country } from '../reports.ts';
import { defineEndpoint } from './define.ts';

export const catalogueEndpoints = {
  countries: defineEndpoint({
    method: 'GET',
    path: '/common/country',
    caller: 'public',
    data: z.array(country),
  }),
  industries: defineEndpoint({
    method: 'GET',
    path: '/v1/industry',
    caller: 'session',
    data: z.array(industry),
  }),
};
