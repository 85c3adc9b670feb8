import { endpoints } from '@portal/contracts/endpoints.ts';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/notifications.ts';
import { paymentDocuments, paymentProfiles, paymentStatements, payouts } from '../../db/schema/payments.ts';
import { auditLog } from '../../db/schema/security.ts';
import { failureOf } from '../../test/envelope.ts';
import { errorFields } from '../../test/json-caller.ts';
import { createPaymentsFixture, type PaymentsFixture, PDF_BYTES } from '../../test/payments-fixture.ts';
import { testDbKinds } from '../../test/test-app.ts';

const IBAN = 'DE89370400440532013000';
const profileBody = {
  beneficiary_name: 'Other Media Ltd',
  details: {
    method: 'bank_wire',
    bank_name: 'Commerzbank',
    swift_bic: 'COBADEFFXXX',
    iban: 'DE89 3704 0044 0532 0130 00',
  },
  tax_residence: 'DE',
  tax_id: 'DE123456789',
  password: 'Demo12345',
} as const;

const p = endpoints.payments;
const ops = endpoints.paymentsOps;

describe.each(testDbKinds)('payment profile, documents and payouts on %s', (db) => {
  let f: PaymentsFixture;
  let dec: { id: number; company_id: number; payable_micros: number; month: number };
  /** Success data of an endpoint, parsed by its schema (json-caller.ts); `fail` its failure envelope. */
  const call: PaymentsFixture['callEndpoint'] = (...args) => f.callEndpoint(...args);
  const fail: PaymentsFixture['callEndpointFailure'] = (...args) => f.callEndpointFailure(...args);
  const usd = (micros: number) => (micros / 1_000_000).toFixed(2);
  beforeAll(async () => {
    f = await createPaymentsFixture(db);
    await call(ops.closeMonth, { body: { month: 202512 } }, f.tokens.ops);
    const [first] = (await call(p.statements, {}, f.tokens.other)).list;
    if (!first) throw new Error('no statement');
    await call(ops.confirm, { body: { ids: [first.id] } }, f.tokens.ops);
    dec = await call(p.statement, { params: { id: first.id } }, f.tokens.other);
  }, 180_000);
  afterAll(async () => f.close());

  it('refuses a malformed IBAN, a bad BIC and a wrong password, and stores nothing', async () => {
    const bad = await fail(
      p.setProfile,
      { body: { ...profileBody, details: { ...profileBody.details, iban: 'DE89370400440532013001' } } },
      f.tokens.other,
    );
    expect(bad.code).toBe(604);
    expect(errorFields(bad)[0]).toBe('details.iban');
    const badBic = await fail(
      p.setProfile,
      { body: { ...profileBody, details: { ...profileBody.details, swift_bic: 'NOTABIC!' } } },
      f.tokens.other,
    );
    expect(badBic.code).toBe(604);
    expect(
      (await fail(p.setProfile, { body: { ...profileBody, password: 'wrong' } }, f.tokens.other)).code,
    ).toBe(606);
    expect(await f.app.db.select().from(paymentProfiles)).toEqual([]);
  });

  it('seals the profile, shows it masked, holds payouts 7 days and tells every admin', async () => {
    const saved = await call(p.setProfile, { body: profileBody }, f.tokens.other);
    expect(saved).toMatchObject({
      method: 'bank_wire',
      details_masked: { bank_name: 'Commerzbank', swift_bic: 'COBADEFFXXX', iban: '••••3000' },
      tax_id_masked: '••••6789',
      hold_until: new Date(f.clock.now.getTime() + 7 * 86_400_000).toISOString(),
    });
    const [row] = await f.app.db.select().from(paymentProfiles);
    expect(JSON.stringify(row)).not.toContain(IBAN);
    expect(JSON.stringify(row)).not.toContain('DE123456789');
    const audit = await f.app.db.select().from(auditLog).where(eq(auditLog.object_type, 'payment_profile'));
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0]?.after)).not.toContain(IBAN);
    const told = await f.app.db
      .select()
      .from(notifications)
      .where(eq(notifications.kind, 'payment_profile_changed'));
    expect(told.map((n) => n.by_email)).toEqual([true]);
    const summary = await call(p.summary, {}, f.tokens.other);
    expect(summary.hold_until).toBe(saved.hold_until);

    // A payout while the hold lasts is refused and records nothing.
    const held = await fail(
      ops.recordPayout,
      {
        body: {
          statement_id: dec.id,
          reference: 'WIRE-0001',
          amount: usd(dec.payable_micros),
          paid_on: '2026-01-20',
        },
      },
      f.tokens.ops,
    );
    expect(held.code).toBe(10100);
    expect(await f.app.db.select().from(payouts)).toEqual([]);
  });

  it('refuses a non-PDF renamed .pdf and an oversized file, and accepts a PDF invoice', async () => {
    const upload = (content: Buffer, name = 'invoice.pdf') => ({
      params: { id: dec.id },
      body: { file_name: name, content_base64: content.toString('base64') },
    });
    expect(
      (await fail(p.uploadInvoice, upload(Buffer.from('PK\u0003\u0004 not a pdf')), f.tokens.other)).code,
    ).toBe(604);
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x20);
    big.write('%PDF-1.4', 0, 'latin1');
    expect((await fail(p.uploadInvoice, upload(big), f.tokens.other)).code).toBe(604);
    expect(await f.app.db.select().from(paymentDocuments)).toEqual([]);
    // Another organisation's statement is not found.
    const demoInvoice = await fail(p.uploadInvoice, upload(PDF_BYTES, 'x.pdf'), f.tokens.demo);
    expect(demoInvoice.code).toBe(10008);
    const ok = await call(p.uploadInvoice, upload(PDF_BYTES), f.tokens.other);
    const [s] = await f.app.db.select().from(paymentStatements).where(eq(paymentStatements.id, dec.id));
    expect(s?.status).toBe('invoiced');
    const download = await f.app.inject({
      url: `/v1/payments/documents/${ok.id}`,
      headers: { token: f.tokens.other },
    });
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.equals(PDF_BYTES)).toBe(true);
    const foreign = await f.app.inject({
      url: `/v1/payments/documents/${ok.id}`,
      headers: { token: f.tokens.demo },
    });
    expect(failureOf(foreign).code).toBe(10008);
    const ops = await f.app.inject({
      url: `/v1/payments/documents/${ok.id}`,
      headers: { token: f.tokens.ops },
    });
    expect(ops.rawPayload.equals(PDF_BYTES)).toBe(true);
  });

  it('records a payout once per reference; a wrong amount or a reused reference changes nothing', async () => {
    // Seven days later the hold is over (the clock is moved through the store: sessions would expire).
    await f.app.db.update(paymentProfiles).set({ hold_until: new Date(f.clock.now.getTime() - 1000) });
    const body = {
      statement_id: dec.id,
      reference: 'WIRE-0001',
      amount: usd(dec.payable_micros),
      paid_on: '2026-01-20',
    };
    const wrong = await fail(ops.recordPayout, { body: { ...body, amount: '1.00' } }, f.tokens.ops);
    expect(wrong.code).toBe(604);
    expect(errorFields(wrong)[0]).toBe('amount');
    expect(await f.app.db.select().from(payouts)).toEqual([]);
    expect(await call(ops.recordPayout, { body }, f.tokens.ops)).toEqual({ recorded: true });
    expect(await call(ops.recordPayout, { body }, f.tokens.ops)).toEqual({ recorded: false });
    const reused = await fail(ops.recordPayout, { body: { ...body, amount: '2.00' } }, f.tokens.ops);
    expect(reused.code).toBe(604);
    expect(errorFields(reused)[0]).toBe('reference');
    expect(await f.app.db.select().from(payouts)).toHaveLength(1);
    const history = await call(p.payouts, {}, f.tokens.other);
    expect(history.list).toEqual([
      expect.objectContaining({
        reference: 'WIRE-0001',
        amount_micros: dec.payable_micros,
        status: 'paid',
        method_masked: 'bank_wire Commerzbank COBADEFFXXX ••••3000',
      }),
    ]);
    expect((await call(p.payouts, {}, f.tokens.demo)).list).toEqual([]);
    // Operations see every organisation's payouts.
    expect((await call(ops.payouts, {}, f.tokens.ops)).list.map((x) => x.reference)).toEqual(['WIRE-0001']);
    const [s] = await f.app.db.select().from(paymentStatements).where(eq(paymentStatements.id, dec.id));
    expect(s?.status).toBe('paid');
    const summary = await call(p.summary, {}, f.tokens.other);
    expect(summary.balance_micros).toBe(0);
  });

  it('imports a payout CSV all or nothing, and again idempotently', async () => {
    // Demo Games' December, confirmed, with a profile whose hold is over.
    const [demoDec] = (await call(p.statements, {}, f.tokens.demo)).list;
    if (!demoDec) throw new Error('no statement');
    await call(ops.confirm, { body: { ids: [demoDec.id] } }, f.tokens.ops);
    const details = {
      method: 'cn_corporate',
      bank_name: '招商银行',
      branch: '深圳分行',
      account_number: '6225880112345678',
    } as const;
    await call(
      p.setProfile,
      { body: { ...profileBody, beneficiary_name: 'Demo Games', details, tax_residence: 'CN' } },
      f.tokens.demo,
    );
    await f.app.db.update(paymentProfiles).set({ hold_until: null });
    const amount = usd(demoDec.payable_micros);
    const before = await f.app.db.select().from(payouts);
    const bad = await fail(
      ops.importPayouts,
      {
        body: {
          csv: `statement_id,reference,amount,paid_on\n${demoDec.id},BATCH-1,${amount},2026-01-21\n${demoDec.id},BATCH-2,abc,2026-01-21\n`,
        },
      },
      f.tokens.ops,
    );
    expect(bad.code).toBe(604);
    expect(errorFields(bad)).toEqual(['line 3']);
    expect(await f.app.db.select().from(payouts)).toEqual(before);
    const csv = `statement_id,reference,amount,paid_on\r\n${demoDec.id},BATCH-1,${amount},2026-01-21\r\n`;
    expect(await call(ops.importPayouts, { body: { csv } }, f.tokens.ops)).toEqual({
      recorded: 1,
      unchanged: 0,
    });
    expect(await call(ops.importPayouts, { body: { csv } }, f.tokens.ops)).toEqual({
      recorded: 0,
      unchanged: 1,
    });
    expect(await f.app.db.select().from(payouts)).toHaveLength(before.length + 1);
  });

  it('exports the payout history as CSV and XLSX, and the statement as a PDF with CJK text embedded', async () => {
    const csv = await f.app.inject({
      url: '/v1/payments/payouts/export?format=csv',
      headers: { token: f.tokens.other, 'accept-language': 'zh-CN' },
    });
    expect(csv.body).toContain('付款日期');
    expect(csv.body).toContain('WIRE-0001');
    const xlsx = await f.app.inject({
      url: '/v1/payments/payouts/export?format=xlsx',
      headers: { token: f.tokens.other },
    });
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const pdf = await f.app.inject({
      url: `/v1/payments/statements/${dec.id}/pdf?lang=zh`,
      headers: { token: f.tokens.other },
    });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The subset of Noto Sans SC is embedded (no system font needed).
    expect(pdf.rawPayload.toString('latin1')).toMatch(/FontFile2/);
    expect(pdf.rawPayload.toString('latin1')).toMatch(/NotoSansSC/);
  });

  it('lets the finance system list due statements and post payouts by signed calls', async () => {
    expect(
      (await f.signedCall('GET', '/external_api/payments/statements', { partner_id: 'nobody' })).code,
    ).toBe(10003);
    const list = await f.signedCall('GET', '/external_api/payments/statements', {});
    expect(list.code).toBe(0);
    expect(endpoints.external.dueStatements.data.parse(list.data)).toEqual([]);
    const posted = await f.signedCall('POST', '/external_api/payments/payouts', {
      payouts: [
        {
          statement_id: dec.id,
          reference: 'WIRE-0001',
          amount: usd(dec.payable_micros),
          paid_on: '2026-01-20',
        },
      ],
    });
    expect(posted.code).toBe(0);
    expect(endpoints.external.payouts.data.parse(posted.data)).toMatchObject({ recorded: 0, unchanged: 1 });
  });

  it('never lets an API key reach Payments', async () => {
    const key = await call(endpoints.security.createApiKey, { body: { name: 'bi' } }, f.tokens.other);
    const secret = key.key;
    expect(typeof secret).toBe('string');
    const res = await f.callEndpointFailure(
      endpoints.payments.summary,
      { headers: { authorization: `Bearer ${secret}` } },
      null,
    );
    expect(res.code).toBe(603);
  });

  it('asks an enrolled admin for a two-factor code before changing the profile', async () => {
    const tf = endpoints.security;
    const { secret } = await call(
      tf.twoFactorEnrol,
      { body: { password: profileBody.password } },
      f.tokens.other,
    );
    const codeNow = () => generate({ secret, epoch: Math.floor(f.clock.now.getTime() / 1000) });
    await call(tf.twoFactorConfirm, { body: { code: await codeNow() } }, f.tokens.other);
    const [before] = await f.app.db
      .select()
      .from(paymentProfiles)
      .where(eq(paymentProfiles.company_id, dec.company_id));
    const body = { ...profileBody, tax_id: 'DE999999999' };
    const missing = await fail(p.setProfile, { body }, f.tokens.other);
    expect(missing.code).toBe(604);
    expect(errorFields(missing)[0]).toBe('code');
    expect((await fail(p.setProfile, { body: { ...body, code: '000000' } }, f.tokens.other)).code).toBe(
      10030,
    );
    const [unchanged] = await f.app.db
      .select()
      .from(paymentProfiles)
      .where(eq(paymentProfiles.company_id, dec.company_id));
    expect(unchanged).toEqual(before);
    f.clock.now = new Date(f.clock.now.getTime() + 30_000);
    const saved = await call(p.setProfile, { body: { ...body, code: await codeNow() } }, f.tokens.other);
    expect(saved.tax_id_masked).toBe('••••9999');
  });
});
