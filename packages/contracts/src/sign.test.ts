import { describe, expect, it } from 'vitest';
import { canonicalize, signFields } from './sign.ts';

const KEY = 'portal-dev-sign-key';

describe('signing (api-contract §3 test vectors)', () => {
  it('vector 1: drops empty and null, keeps unicode', async () => {
    const fields = {
      timestamp: 1767225600,
      plat_type: 4,
      company_name: 'Acme Games 有限公司',
      is_publisher: 1,
      note: '',
      extra: null,
    };
    expect(canonicalize(fields)).toBe(
      'company_name=Acme Games 有限公司&is_publisher=1&plat_type=4&timestamp=1767225600',
    );
    expect(await signFields(KEY, fields)).toBe(
      '1217B4D235DF41AD3A9913059F041CC32C43304200A12E6D359DC16D568E4401',
    );
  });

  it('vector 2: arrays as JSON, sign field ignored', async () => {
    const fields = {
      account_id: 12,
      user_id: 34,
      role_ids: [68],
      timestamp: 1767225600,
      plat_type: 4,
      sign: 'x',
    };
    expect(canonicalize(fields)).toBe(
      'account_id=12&plat_type=4&role_ids=[68]&timestamp=1767225600&user_id=34',
    );
    expect(await signFields(KEY, fields)).toBe(
      'CCBE543C82BA2C1F39F2FA798D2A8A5028342753A825E893016B722F68AC7C4E',
    );
  });

  it('a changed field changes the signature', async () => {
    const a = await signFields(KEY, { user_id: 34, timestamp: 1 });
    const b = await signFields(KEY, { user_id: 35, timestamp: 1 });
    expect(a).not.toBe(b);
  });
});
