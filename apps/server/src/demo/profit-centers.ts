/**
 * Demo profit centres (api-contract §7 demo network): the partner system normally keeps them in step
 * through `/external_api/profit_center/notice`; the demo seeds three so the operations app dialog has
 * choices. Idempotent (fixed ids, existing rows kept).
 */
import type { Db } from '../db/client.ts';
import { profitCenters } from '../db/schema/catalogue.ts';

export const demoProfitCenters = [
  { id: 1001, name: 'Games EMEA' },
  { id: 1002, name: 'Games APAC' },
  { id: 1003, name: 'Media Americas' },
];

/** Inserts the demo profit centres that are missing. */
export async function seedDemoProfitCenters(db: Db): Promise<void> {
  await db.insert(profitCenters).values(demoProfitCenters).onConflictDoNothing();
}
