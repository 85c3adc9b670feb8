/** STUB — replaced by the passport work: decorates `app.authenticate` (see plugins/session.ts). */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import './session.ts';

export async function registerSession(app: FastifyInstance) {
  app.decorate('authenticate', async () => {
    throw new AppError(603);
  });
  app.decorateRequest('user', undefined);
}
