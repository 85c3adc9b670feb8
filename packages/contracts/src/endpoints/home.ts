/**
 * Endpoints of home (server: modules/home/routes.ts).
 */
import { homeData } from '../home.ts';
import { defineEndpoint } from './define.ts';

export const homeEndpoints = {
  overview: defineEndpoint({
    method: 'GET',
    path: '/v1/home',
    caller: 'session',
    data: homeData,
  }),
};
