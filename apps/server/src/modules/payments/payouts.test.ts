import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/notifications.ts';
import { paymentDocuments, paymentProfiles, paymentStatements, payouts } from '../../db/schema/payments.ts';
import { auditLog } from '../../db/schema/security.ts';
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
};

describe.each(testDbKinds)('payment profile, documents and payouts on %s', (db) => {
  let f: PaymentsFixture;
  let dec: { id: number; company_id: number; payable_micros: number; month: number };
  const usd = (micros: number) => (micros / 1_000_000).toFixed(2);
  beforeAll(async () => {
    f = await createPaymentsFixture(db);
    await f.call('POST', '/v1/ops/payments/close', f.tokens.ops, { month: 202512 });
    const list = await f.call('GET', '/v1/payments/statements', f.tokens.other);
    const [first] = list.data.list;
    await f.call('POST', '/v1/ops/payments/confirm', f.tokens.ops, { ids: [first.id] });
    dec = (await f.call('GET', `/v1/payments/statements/${first.id}`, f.tokens.other)).data;
  }, 180_000);
  afterAll(async () => f.close());

  it('refuses a malformed IBAN, a bad BIC and a wrong password, and stores nothing', async () => {
    const bad = await f.call('PUT', '/v1/payments/profile', f.tokens.other, {
      ...profileBody,
      details: { ...profileBody.details, iban: 'DE89370400440532013001' },
    });
    expect(bad.code).toBe(604);
    expect(bad.data.errors[0].field).toBe('details.iban');
    const badBic = await f.call('PUT', '/v1/payments/profile', f.tokens.other, {
      ...profileBody,
      details: { ...profileBody.details, swift_bic: 'NOTABIC!' },
    });
    expect(badBic.code).toBe(604);
    expect(
      (await f.call('PUT', '/v1/payments/profile', f.tokens.other, { ...profileBody, password: 'wrong' }))
        .code,
    ).toBe(606);
    expect(await f.app.db.select().from(paymentProfiles)).toEqual([]);
  });

  it('seals the profile, shows it masked, holds payouts 7 days and tells every admin', async () => {
    const saved = await f.call('PUT', '/v1/payments/profile', f.tokens.other, profileBody);
    expect(saved.code).toBe(0);
    expect(saved.data).toMatchObject({
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
    const summary = await f.call('GET', '/v1/payments/summary', f.tokens.other);
    expect(summary.data.hold_until).toBe(saved.data.hold_until);

    // A payout while the hold lasts is refused and records nothing.
    const held = await f.call('POST', '/v1/ops/payments/payouts', f.tokens.ops, {
      statement_id: dec.id,
      reference: 'WIRE-0001',
      amount: usd(dec.payable_micros),
      paid_on: '2026-01-20',
    });
    expect(held.code).toBe(10100);
    expect(await f.app.db.select().from(payouts)).toEqual([]);
  });

  it('refuses a non-PDF renamed .pdf and an oversized file, and accepts a PDF invoice', async () => {
    const upload = (content: Buffer, name = 'invoice.pdf') =>
      f.call('POST', `/v1/payments/statements/${dec.id}/invoice`, f.tokens.other, {
        file_name: name,
        content_base64: content.toString('base64'),
      });
    expect((await upload(Buffer.from('PK\u0003\u0004 not a pdf'))).code).toBe(604);
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x20);
    big.write('%PDF-1.4', 0, 'latin1');
    expect((await upload(big)).code).toBe(604);
    expect(await f.app.db.select().from(paymentDocuments)).toEqual([]);
    // Another organisation's statement is not found.
    const demoInvoice = await f.call('POST', `/v1/payments/statements/${dec.id}/invoice`, f.tokens.demo, {
      file_name: 'x.pdf',
      content_base64: PDF_BYTES.toString('base64'),
    });
    expect(demoInvoice.code).toBe(10008);
    const ok = await upload(PDF_BYTES);
    expect(ok.code).toBe(0);
    const [s] = await f.app.db.select().from(paymentStatements).where(eq(paymentStatements.id, dec.id));
    expect(s?.status).toBe('invoiced');
    const download = await f.app.inject({
      url: `/v1/payments/documents/${ok.data.id}`,
      headers: { token: f.tokens.other },
    });
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.equals(PDF_BYTES)).toBe(true);
    const foreign = await f.app.inject({
      url: `/v1/payments/documents/${ok.data.id}`,
      headers: { token: f.tokens.demo },
    });
    expect(foreign.json().code).toBe(10008);
    const ops = await f.app.inject({
      url: `/v1/payments/documents/${ok.data.id}`,
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
    const wrong = await f.call('POST', '/v1/ops/payments/payouts', f.tokens.ops, { ...body, amount: '1.00' });
    expect(wrong.code).toBe(604);
    expect(wrong.data.errors[0].field).toBe('amount');
    expect(await f.app.db.select().from(payouts)).toEqual([]);
    expect((await f.call('POST', '/v1/ops/payments/payouts', f.tokens.ops, body)).data).toEqual({
      recorded: true,
    });
    expect((await f.call('POST', '/v1/ops/payments/payouts', f.tokens.ops, body)).data).toEqual({
      recorded: false,
    });
    const reused = await f.call('POST', '/v1/ops/payments/payouts', f.tokens.ops, {
      ...body,
      amount: '2.00',
    });
    expect(reused.code).toBe(604);
    expect(reused.data.errors[0].field).toBe('reference');
    expect(await f.app.db.select().from(payouts)).toHaveLength(1);
    const history = await f.call('GET', '/v1/payments/payouts', f.tokens.other);
    expect(history.data.list).toEqual([
      expect.objectContaining({
        reference: 'WIRE-0001',
        amount_micros: dec.payable_micros,
        status: 'paid',
        method_masked: 'bank_wire Commerzbank COBADEFFXXX ••••3000',
      }),
    ]);
    expect((await f.call('GET', '/v1/payments/payouts', f.tokens.demo)).data.list).toEqual([]);
    const [s] = await f.app.db.select().from(paymentStatements).where(eq(paymentStatements.id, dec.id));
    expect(s?.status).toBe('paid');
    const summary = await f.call('GET', '/v1/payments/summary', f.tokens.other);
    expect(summary.data.balance_micros).toBe(0);
  });

  it('imports a payout CSV all or nothing, and again idempotently', async () => {
    // Demo Games' December, confirmed, with a profile whose hold is over.
    const [demoDec] = (await f.call('GET', '/v1/payments/statements', f.tokens.demo)).data.list;
    await f.call('POST', '/v1/ops/payments/confirm', f.tokens.ops, { ids: [demoDec.id] });
    await f.call('PUT', '/v1/payments/profile', f.tokens.demo, {
      ...profileBody,
      beneficiary_name: 'Demo Games',
      details: {
        method: 'cn_corporate',
        bank_name: '招商银行',
        branch: '深圳分行',
        account_number: '6225880112345678',
      },
      tax_residence: 'CN',
    });
    await f.app.db.update(paymentProfiles).set({ hold_until: null });
    const amount = usd(demoDec.payable_micros);
    const before = await f.app.db.select().from(payouts);
    const bad = await f.call('POST', '/v1/ops/payments/payouts/import', f.tokens.ops, {
      csv: `statement_id,reference,amount,paid_on\n${demoDec.id},BATCH-1,${amount},2026-01-21\n${demoDec.id},BATCH-2,abc,2026-01-21\n`,
    });
    expect(bad.code).toBe(604);
    expect(bad.data.errors.map((e: { field: string }) => e.field)).toEqual(['line 3']);
    expect(await f.app.db.select().from(payouts)).toEqual(before);
    const csv = `statement_id,reference,amount,paid_on\r\n${demoDec.id},BATCH-1,${amount},2026-01-21\r\n`;
    const good = await f.call('POST', '/v1/ops/payments/payouts/import', f.tokens.ops, { csv });
    expect(good.data).toEqual({ recorded: 1, unchanged: 0 });
    const again = await f.call('POST', '/v1/ops/payments/payouts/import', f.tokens.ops, { csv });
    expect(again.data).toEqual({ recorded: 0, unchanged: 1 });
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
    expect(list.data).toEqual([]);
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
    expect(posted).toMatchObject({ code: 0, data: { recorded: 0, unchanged: 1 } });
  });

  it('never lets an API key reach Payments', async () => {
    const key = await f.call('POST', '/v1/account/api_keys', f.tokens.other, { name: 'bi' });
    const secret = key.data.key;
    expect(typeof secret).toBe('string');
    const res = await f.app.inject({
      url: '/v1/payments/summary',
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(res.json().code).toBe(603);
  });

  it('asks an enrolled admin for a two-factor code before changing the profile', async () => {
    const started = await f.call('POST', '/v1/account/two_factor/enrol', f.tokens.other, {
      password: profileBody.password,
    });
    const secret = started.data.secret as string;
    const codeNow = () => generate({ secret, epoch: Math.floor(f.clock.now.getTime() / 1000) });
    expect(
      (await f.call('POST', '/v1/account/two_factor/confirm', f.tokens.other, { code: await codeNow() }))
        .code,
    ).toBe(0);
    const [before] = await f.app.db
      .select()
      .from(paymentProfiles)
      .where(eq(paymentProfiles.company_id, dec.company_id));
    const body = { ...profileBody, tax_id: 'DE999999999' };
    const missing = await f.call('PUT', '/v1/payments/profile', f.tokens.other, body);
    expect(missing.code).toBe(604);
    expect(missing.data.errors[0].field).toBe('code');
    expect(
      (await f.call('PUT', '/v1/payments/profile', f.tokens.other, { ...body, code: '000000' })).code,
    ).toBe(10030);
    const [unchanged] = await f.app.db
      .select()
      .from(paymentProfiles)
      .where(eq(paymentProfiles.company_id, dec.company_id));
    expect(unchanged).toEqual(before);
    f.clock.now = new Date(f.clock.now.getTime() + 30_000);
    const saved = await f.call('PUT', '/v1/payments/profile', f.tokens.other, {
      ...body,
      code: await codeNow(),
    });
    expect(saved.code).toBe(0);
    expect(saved.data.tax_id_masked).toBe('••••9999');
  });
});
