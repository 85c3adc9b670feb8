/** STUB — replaced by the reports work. */
import type { FastifyInstance } from 'fastify';

export async function reportRoutes(_app: FastifyInstance) {}
