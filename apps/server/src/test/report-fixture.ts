/**
 * Test fixture for the report suites: a test app on a fixed clock with the demo network (accounts and
 * SDK facts for a short range), session tokens of the demo users, and a pending user's session
 * inserted directly (sessions.token_hash = SHA-256 hex of the token).
 */
import { createHash, randomBytes } from 'node:crypto';
import { UserStatus } from '@portal/contracts/constants.ts';
import { eq } from 'drizzle-orm';
import { sessions } from '../db/schema/auth.ts';
import { apps } from '../db/schema/inventory.ts';
import { companies } from '../db/schema/organisations.ts';
import { users } from '../db/schema/users.ts';
import { DEMO_PASSWORD, seedDemoAccounts } from '../demo/accounts.ts';
import { seedDemoFacts, seedDemoKindFacts } from '../demo/demo-facts.ts';
import {
  type EndpointAnswerCall,
  type EndpointCall,
  type EndpointFailureCall,
  endpointCallers,
  type JsonCall,
  jsonCaller,
} from './json-caller.ts';
import { loginAs } from './login.ts';
import {
  createTestApp,
  type ReportStoreKind,
  type StoreSnapshot,
  snapshotStores,
  snapshotsKept,
  type TestApp,
  type TestAppOptions,
} from './test-app.ts';

/** 2026-01-15 12:00 UTC: yesterday is 20260114. */
export const FIXED_NOW = new Date('2026-01-15T12:00:00Z');
export const YESTERDAY = '20260114';
export const FACT_DAYS = 21;

export type ReportFixture = TestApp & {
  tokens: { demo: string; member: string; other: string; ops: string; pending: string };
  /** App keys per company name. */
  keysOf: (companyName: string) => Promise<string[]>;
  /** Calls an endpoint of the table; answers its `data` parsed by the entry's schema (json-caller.ts). */
  callEndpoint: EndpointCall;
  /** Calls an endpoint of the table; answers its failure envelope (json-caller.ts). */
  callEndpointFailure: EndpointFailureCall;
  /** Calls an endpoint of the table; answers either envelope, parsed (json-caller.ts). */
  endpointAnswer: EndpointAnswerCall;
  /** Sends raw JSON the table's types refuse (bad input); answers the envelope, `data` unknown (json-caller.ts). */
  sendRaw: JsonCall;
};

/** Inserts a session for `userId` and returns its token. */
export async function insertSession(t: TestApp, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await t.app.db.insert(sessions).values({
    token_hash: createHash('sha256').update(token).digest('hex'),
    user_id: userId,
    expires_at: new Date(FIXED_NOW.getTime() + 86_400_000),
  });
  return token;
}

type Tokens = ReportFixture['tokens'];

/** Seeds a fixture app's stores: the demo accounts and facts, a pending user; signs the users in. */
async function seedFixture(t: TestApp): Promise<Tokens> {
  await seedDemoAccounts(t.app.db);
  await seedDemoFacts(t.app);
  await seedDemoKindFacts(t.app);
  const [demoGames] = await t.app.db.select().from(companies).where(eq(companies.company_name, 'Demo Games'));
  const [pending] = await t.app.db
    .insert(users)
    .values({
      email: 'pending@example.com',
      password_hash: 'x',
      name: 'Pending',
      user_name: 'pending',
      status: UserStatus.APPLICATION,
      company_id: demoGames?.id,
    })
    .returning();
  if (!pending) throw new Error('pending user not inserted');
  return {
    demo: await loginAs(t.app, 'demo@example.com', DEMO_PASSWORD),
    member: await loginAs(t.app, 'member@example.com', DEMO_PASSWORD),
    other: await loginAs(t.app, 'other@example.com', DEMO_PASSWORD),
    ops: await loginAs(t.app, 'ops@example.com', DEMO_PASSWORD),
    pending: await insertSession(t, pending.id),
  };
}

/**
 * Seeded stores per accounts store and configuration, kept for the rest of this test process (which
 * runs file after file, vitest.config.ts): seeding took ~2.5 s of each of ~30 fixtures, a copy of the
 * seeded stores ~0.1 s. The fixture app opens copies, so what a test writes stays its own.
 */
const seeded = new Map<string, Promise<{ snapshot: StoreSnapshot; tokens: Tokens }>>();

function seededStores(opts: TestAppOptions): Promise<{ snapshot: StoreSnapshot; tokens: Tokens }> {
  const key = JSON.stringify([opts.db, opts.env]);
  let entry = seeded.get(key);
  if (!entry) {
    entry = (async () => {
      const t = await createTestApp(opts);
      try {
        const tokens = await seedFixture(t);
        return { snapshot: await snapshotStores(t), tokens };
      } finally {
        await t.close();
      }
    })();
    entry.catch(() => seeded.delete(key));
    seeded.set(key, entry);
  }
  return entry;
}

/**
 * A report test app on `db` and report store `reportStore` with the demo accounts, the facts of every
 * kind and the demo users' sessions; `env` adds configuration (e.g. APP_REPORT_COMPANY_IDS). On DuckDB
 * it starts on copies of stores seeded once per test process and configuration (seededStores); on
 * ClickHouse, whose database lives in the test file's chDB endpoint, it seeds its own.
 */
export async function createReportFixture(
  db: 'pglite' | 'postgres',
  env: Record<string, string> = {},
  reportStore: ReportStoreKind = 'duckdb',
): Promise<ReportFixture> {
  const opts: TestAppOptions = {
    db,
    reportStore,
    now: () => FIXED_NOW,
    env: { DEMO_DAYS: String(FACT_DAYS), ...env },
  };
  let t: TestApp;
  let tokens: Tokens;
  if (reportStore === 'duckdb' && snapshotsKept()) {
    const stores = await seededStores(opts);
    t = await createTestApp({ ...opts, from: stores.snapshot });
    tokens = stores.tokens;
  } else {
    t = await createTestApp(opts);
    tokens = await seedFixture(t);
  }
  const keysOf = async (companyName: string) => {
    const rows = await t.app.db
      .select({ key: apps.app_key })
      .from(apps)
      .innerJoin(companies, eq(companies.id, apps.company_id))
      .where(eq(companies.company_name, companyName));
    return rows.map((r) => r.key).sort();
  };
  const typed = endpointCallers(t.app);
  return {
    ...t,
    tokens,
    keysOf,
    callEndpoint: typed.call,
    callEndpointFailure: typed.fail,
    endpointAnswer: typed.answer,
    sendRaw: jsonCaller(t.app),
  };
}
