/** The caller's language from `Accept-Language` (api-contract §1; issue 25 item 15). */
import { describe, expect, it } from 'vitest';
import { codeMessage, langFromHeader } from './codes.ts';

describe('langFromHeader', () => {
  it('answers an English caller in English, whatever the header looks like', () => {
    for (const h of ['en', 'EN', 'en-US,en;q=0.9', 'en_US', 'fr, en;q=0.8', 'zh;q=0.2, en', '*, en;q=0.5'])
      expect(langFromHeader(h), h).toBe('en');
    expect(codeMessage(0, langFromHeader('fr, en;q=0.8'))).toBe('Success');
  });
  it('answers Chinese by default and to a Chinese caller', () => {
    for (const h of [undefined, null, '', 'zh-CN', 'zh-CN,en;q=0.9', 'fr', '*', 'en;q=0, zh', 'english'])
      expect(langFromHeader(h), String(h)).toBe('zh');
  });
});
