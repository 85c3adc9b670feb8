/**
 * Wording a publisher notices (issue 25 item 9): the app's platform is "Platform" with "iOS", an
 * empty API key name says it is required, and the sidebar names every report with one pattern per
 * language ("… report", "…报表").
 */
import { describe, expect, it } from 'vitest';
import enApps from './en/apps.json';
import enCommon from './en/common.json';
import enSecurity from './en/security.json';
import zhApps from './zh/apps.json';
import zhCommon from './zh/common.json';
import zhSecurity from './zh/security.json';

const reportMenus = [
  'sdkReport',
  'rtbReport',
  'affiliateReport',
  'gameReport',
  'newAffiliate',
  'appReport',
] as const;

describe('wording', () => {
  it('names the platform "Platform", and iOS as Apple spells it', () => {
    expect(enApps.columns.platform).toBe('Platform');
    for (const apps of [enApps, zhApps]) expect(apps.platform['2']).toBe('iOS');
    expect(JSON.stringify(enApps)).not.toMatch(/"System"|\bIOS\b/);
  });

  it('says an empty API key name is required, apart from its length', () => {
    expect(enSecurity.apiKeys.nameRequired).toMatch(/enter a name/i);
    expect(enSecurity.apiKeys.nameRequired).not.toMatch(/60/);
    expect(zhSecurity.apiKeys.nameRequired).not.toMatch(/60/);
  });

  it('names every report in the sidebar with one pattern per language', () => {
    for (const k of reportMenus) {
      expect(enCommon.menu[k], k).toMatch(/^(SDK|RTB|[A-Z][a-z]+)( [a-z]+)* report$/);
      expect(zhCommon.menu[k], k).toMatch(/报表$/);
    }
  });
});
