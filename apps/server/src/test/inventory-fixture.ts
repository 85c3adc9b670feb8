/**
 * Test fixture of issue 4 (not a test itself): a migrated app with the demo network seeded, tokens of
 * the demo users, and a JSON caller. Used by the apps, adpos, ops and notification tests.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { todoOutbox } from '../db/schema/todo-outbox.ts';
import { seedDemoAccounts } from '../demo/accounts.ts';
import { type Answer, type DemoTokens, demoTokens, type JsonCall, jsonCaller } from './json-caller.ts';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app.ts';

export type { Answer };

export type Inventory = TestApp & {
  tokens: DemoTokens;
  /** Sends JSON (`body` for POST/PUT/DELETE, `query` for GET) with the token; answers the envelope. */
  call: JsonCall;
  /** Outbox rows about one entity, oldest first. */
  todos: (entity: 'app' | 'adpos', id: number) => Promise<(typeof todoOutbox.$inferSelect)[]>;
};

/** A valid app form for package `pkg`, Google Play, category Games / Puzzle (210). */
export function appForm(pkg: string, name = pkg.split('.').pop() ?? pkg): Record<string, unknown> {
  return {
    app_name: name,
    package_name: pkg,
    platform: 1,
    is_online: 1,
    app_store_address: `https://play.google.com/store/apps/details?id=${pkg}`,
    industry_id: 210,
    description: '',
  };
}

export async function createInventory(opts: TestAppOptions = {}): Promise<Inventory> {
  const t = await createTestApp(opts);
  await seedDemoAccounts(t.app.db);
  const tokens = await demoTokens(t.app);
  const call: Inventory['call'] = jsonCaller(t.app);
  const todos: Inventory['todos'] = async (entity, id) =>
    (
      await t.app.db.select().from(todoOutbox).where(eq(todoOutbox.entity_id, id)).orderBy(todoOutbox.id)
    ).filter((r) => r.entity === entity);
  return { ...t, tokens, call, todos };
}

/** The id of a demo app by name (through the ops list). */
export async function appIdByName(inv: Inventory, name: string): Promise<number> {
  const res = await inv.call('GET', '/v1/app', inv.tokens.ops, { app_name: name, page_size: 100 });
  const row = (res.data.list as { id: number; app_name: string }[]).find((a) => a.app_name === name);
  if (!row) throw new Error(`no app ${name}`);
  return row.id;
}

export type { FastifyInstance };
