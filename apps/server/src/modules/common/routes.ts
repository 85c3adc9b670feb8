/** STUB — replaced by the reports work (`/common/country`). */
import type { FastifyInstance } from 'fastify';

export async function commonRoutes(_app: FastifyInstance) {}
