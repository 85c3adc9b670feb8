/** The payments module (issue 23): publisher, operations and finance-system routes and the daily job. */
import type { FastifyInstance } from 'fastify';
import { externalPaymentRoutes } from './external-routes.ts';
import { definePaymentJobs } from './jobs.ts';
import { opsPaymentRoutes } from './ops-routes.ts';
import { paymentRoutes } from './routes.ts';

/** Registers every payments route (each group in its own scope) and the daily job. */
export async function payments(app: FastifyInstance): Promise<void> {
  definePaymentJobs(app);
  await app.register(paymentRoutes);
  await app.register(opsPaymentRoutes);
  await app.register(externalPaymentRoutes);
}
