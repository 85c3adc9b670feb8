/**
 * Test fixture of the payments suites (not a test itself): the demo accounts and 21 days of SDK facts
 * up to 2026-01-14 on a clock the test moves, Demo Games' apps under profit centre 1002 and Other
 * Media's under 1003, session tokens of the demo users and the typed callers (json-caller.ts).
 */
import { signFields } from '@portal/contracts/sign.ts';
import { eq } from 'drizzle-orm';
import { apps } from '../db/schema/inventory.ts';
import { companies } from '../db/schema/organisations.ts';
import { seedDemoAccounts } from '../demo/accounts.ts';
import { seedDemoFacts } from '../demo/demo-facts.ts';
import { seedDemoProfitCenters } from '../demo/profit-centers.ts';
import { envelopeOf, type RawEnvelope } from './envelope.ts';
import {
  type DemoTokens,
  demoTokens,
  type EndpointAnswerCall,
  type EndpointCall,
  type EndpointFailureCall,
  endpointCallers,
} from './json-caller.ts';
import { createTestApp, type TestApp } from './test-app.ts';

export type PaymentsFixture = TestApp & {
  clock: { now: Date };
  tokens: DemoTokens;
  companyId: (name: 'Demo Games' | 'Other Media') => Promise<number>;
  /** Calls an endpoint of the table; answers its `data` parsed by the entry's schema (json-caller.ts). */
  callEndpoint: EndpointCall;
  /** Calls an endpoint of the table; answers its failure envelope (json-caller.ts). */
  callEndpointFailure: EndpointFailureCall;
  /** Calls an endpoint of the table; answers either envelope, parsed (json-caller.ts). */
  endpointAnswer: EndpointAnswerCall;
  /** A signed finance-system call (partner `fin`, secret `fin-secret`). */
  signedCall: (method: 'GET' | 'POST', url: string, fields: Record<string, unknown>) => Promise<RawEnvelope>;
};

export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');

export async function createPaymentsFixture(db: 'pglite' | 'postgres'): Promise<PaymentsFixture> {
  const clock = { now: new Date('2026-01-15T12:00:00Z') };
  const t = await createTestApp({
    db,
    now: () => clock.now,
    env: { DEMO_DAYS: '21', EXTERNAL_API_KEYS: 'fin:fin-secret' },
  });
  await seedDemoAccounts(t.app.db);
  await seedDemoProfitCenters(t.app.db);
  await seedDemoFacts(t.app);
  const companyId = async (name: string) => {
    const [row] = await t.app.db.select().from(companies).where(eq(companies.company_name, name));
    if (!row) throw new Error(`no company ${name}`);
    return row.id;
  };
  await t.app.db
    .update(apps)
    .set({ profit_center_id: 1002 })
    .where(eq(apps.company_id, await companyId('Demo Games')));
  await t.app.db
    .update(apps)
    .set({ profit_center_id: 1003 })
    .where(eq(apps.company_id, await companyId('Other Media')));
  const tokens = await demoTokens(t.app);
  const signedCall: PaymentsFixture['signedCall'] = async (method, url, fields) => {
    const all = { partner_id: 'fin', timestamp: Math.floor(clock.now.getTime() / 1000), ...fields };
    const body = { ...all, sign: await signFields('fin-secret', all) };
    const res = await t.app.inject(
      method === 'GET'
        ? { method, url, query: Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)])) }
        : { method, url, payload: body },
    );
    return envelopeOf(res);
  };
  const typed = endpointCallers(t.app);
  return {
    ...t,
    clock,
    tokens,
    companyId,
    callEndpoint: typed.call,
    callEndpointFailure: typed.fail,
    endpointAnswer: typed.answer,
    signedCall,
  };
}
