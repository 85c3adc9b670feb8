/** STUB — replaced by the passport work. */
import type { FastifyInstance } from 'fastify';

export async function passportRoutes(_app: FastifyInstance) {}
