/** STUB — replaced by the reports work: deterministic demo report facts. */
import type { FastifyInstance } from 'fastify';

export async function seedDemoFacts(_app: FastifyInstance): Promise<{ rows: number }> {
  return { rows: 0 };
}
