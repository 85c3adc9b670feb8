/**
 * Wording a publisher notices (issue 25 item 9): the app's platform is "Platform" with "iOS", an
 * empty API key name says it is required, and the sidebar names every report with one pattern per
 * language ("… report", "…报表").
 */
import { reportScreens } from '@portal/contracts/report-registry/index.ts';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import enApps from './en/apps.json';
import enSecurity from './en/security.json';
import zhApps from './zh/apps.json';
import zhSecurity from './zh/security.json';

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
    // The menu titles are declared with the screens (contracts report-registry), not in common.json.
    expect(reportScreens).toHaveLength(6);
    for (const s of reportScreens) {
      expect(s.menuTitle.en, s.key).toMatch(/^(SDK|RTB|[A-Z][a-z]+)( [a-z]+)* report$/);
      expect(s.menuTitle.zh, s.key).toMatch(/报表$/);
      expect(i18next.t(`common:${s.key}`, { lng: 'en' })).toBe(s.menuTitle.en);
      expect(i18next.t(`common:${s.key}`, { lng: 'zh' })).toBe(s.menuTitle.zh);
    }
  });
});
