import { captchaData } from '@portal/contracts/account.ts';
import { type ReportListData, reportListData } from '@portal/contracts/reports.ts';
import { describe, expect, it } from 'vitest';
import { contractReply } from './contract-reply.ts';

describe('contractReply', () => {
  it('answers the envelope with the data the schema parsed', () => {
    expect(contractReply(captchaData, { captcha_id: 'c1', b64s: 'data:,' })).toEqual({
      code: 0,
      msg: 'ok',
      data: { captcha_id: 'c1', b64s: 'data:,' },
    });
    expect(contractReply(captchaData, { captcha_id: 'c1', b64s: 'data:,' }, 200).code).toBe(200);
  });

  it('throws when a mock drifts: a wrong type, a missing field, or a field the contract does not have', () => {
    const wrongType = { captcha_id: 1, b64s: 'data:,' } as unknown as { captcha_id: string; b64s: string };
    expect(() => contractReply(captchaData, wrongType)).toThrow(/captcha_id/);
    const missing = { list: [], total: {} } as unknown as ReportListData;
    expect(() => contractReply(reportListData, missing)).toThrow(/count/);
    const extra = { captcha_id: 'c1', b64s: 'data:,', image: 'x' };
    expect(() => contractReply(captchaData, extra)).toThrow(/data\.image/);
  });
});
