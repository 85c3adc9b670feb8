import { describe, expect, it } from 'vitest';
import { adStyleLabel, countryLabel, rejectReasonLabel } from './report-labels.ts';

describe('report labels (issue 13 items 5 and 6)', () => {
  it('names every ad style of spec §4 in each language, with no mixed labels', () => {
    expect([1, 2, 3, 6].map((s) => adStyleLabel(s, 'zh'))).toEqual(['横幅', '插屏', '原生', '激励视频']);
    expect(['1', '2', '3', '6'].map((s) => adStyleLabel(s, 'en'))).toEqual([
      'Banner',
      'Interstitial',
      'Native',
      'Rewarded Video',
    ]);
    expect(adStyleLabel(9, 'zh')).toBe('9');
    expect(adStyleLabel(null, 'en')).toBe('');
  });

  it('translates the stored reject reasons into Chinese and keeps unknown ones as stored', () => {
    expect(rejectReasonLabel('Duplicate install', 'zh')).toBe('重复安装');
    expect(rejectReasonLabel('Duplicate install', 'en')).toBe('Duplicate install');
    expect(rejectReasonLabel('Something new', 'zh')).toBe('Something new');
  });

  it('names countries by ISO code in each language and passes anything else through', () => {
    expect(countryLabel('US', 'zh')).toBe('美国');
    expect(countryLabel('us', 'en')).toBe('United States');
    expect(countryLabel('DE', 'en')).toBe('Germany');
    expect(countryLabel('ZZZ', 'zh')).toBe('ZZZ');
    expect(countryLabel('', 'zh')).toBe('');
  });
});
