/**
 * Test fixture of issue 4 (not a test itself): a migrated app with the demo network seeded, tokens of
 * the demo users, and a JSON caller. Used by the apps, adpos, ops and notification tests.
 */
import type { appCreateBody } from '@portal/contracts/apps.ts';
import { endpoints } from '@portal/contracts/endpoints.ts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { todoOutbox } from '../db/schema/todo-outbox.ts';
import { seedDemoAccounts } from '../demo/accounts.ts';
import {
  type DemoTokens,
  demoTokens,
  type EndpointAnswerCall,
  type EndpointCall,
  type EndpointFailureCall,
  endpointCallers,
  type JsonCall,
  jsonCaller,
} from './json-caller.ts';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app.ts';

/** An app form as a client sends it. */
export type AppCreateInput = z.input<typeof appCreateBody>;

export type Inventory = TestApp & {
  tokens: DemoTokens;
  /** Sends raw JSON the table's types refuse (bad input); answers the envelope, `data` unknown (json-caller.ts). */
  sendRaw: JsonCall;
  /** Calls an endpoint of the table; answers its `data` parsed by the entry's schema (json-caller.ts). */
  callEndpoint: EndpointCall;
  /** Calls an endpoint of the table; answers its failure envelope (json-caller.ts). */
  callEndpointFailure: EndpointFailureCall;
  /** Calls an endpoint of the table; answers either envelope, parsed (json-caller.ts). */
  endpointAnswer: EndpointAnswerCall;
  /** Outbox rows about one entity, oldest first. */
  todos: (entity: 'app' | 'adpos', id: number) => Promise<(typeof todoOutbox.$inferSelect)[]>;
};

/** A valid app form for package `pkg`, Google Play, category Games / Puzzle (210). */
export function appForm(pkg: string, name = pkg.split('.').pop() ?? pkg): AppCreateInput {
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
  const sendRaw: Inventory['sendRaw'] = jsonCaller(t.app);
  const todos: Inventory['todos'] = async (entity, id) =>
    (
      await t.app.db.select().from(todoOutbox).where(eq(todoOutbox.entity_id, id)).orderBy(todoOutbox.id)
    ).filter((r) => r.entity === entity);
  const typed = endpointCallers(t.app);
  return {
    ...t,
    tokens,
    sendRaw,
    callEndpoint: typed.call,
    callEndpointFailure: typed.fail,
    endpointAnswer: typed.answer,
    todos,
  };
}

/** The id of a demo app by name (through the ops list). */
export async function appIdByName(inv: Inventory, name: string): Promise<number> {
  const res = await inv.callEndpoint(
    endpoints.apps.list,
    { query: { app_name: name, page_size: 100 } },
    inv.tokens.ops,
  );
  const row = res.list.find((a) => a.app_name === name);
  if (!row) throw new Error(`no app ${name}`);
  return row.id;
}

export type { FastifyInstance };
