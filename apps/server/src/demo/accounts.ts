/** STUB — replaced by the passport work: seeds the organisations, users, apps and ad slots. */
import type { Db } from '../db/client.ts';

export async function seedDemoAccounts(_db: Db): Promise<void> {}
