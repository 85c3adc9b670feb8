import { describe, expect, it } from 'vitest';
import { APP_KEY_PLACEHOLDER, codePlatforms, integrationCode } from './integration.ts';

describe('integration code', () => {
  it('fills the app key, placement ID and SDK version into every platform and ad style', () => {
    const calls: Record<number, RegExp> = {
      1: /BannerView/,
      2: /InterstitialAd\.[lL]oad/,
      3: /NativeAd\.[lL]oad/,
      6: /RewardedAd\.[lL]oad/,
    };
    for (const platform of codePlatforms) {
      for (const [style, call] of Object.entries(calls)) {
        const code = integrationCode(platform, Number(style), {
          appKey: 'k3y0123456789abc',
          placementId: 4711,
          sdkVersion: '9.8.7',
        });
        expect(code).toMatch(call);
        expect(code).toContain('"k3y0123456789abc"');
        expect(code).toContain('"4711"');
        expect(code).toContain('9.8.7');
      }
    }
  });

  it('writes the language of each platform', () => {
    const ids = { appKey: 'k', placementId: 1, sdkVersion: '1' };
    expect(integrationCode('android', 1, ids)).toContain('implementation("');
    expect(integrationCode('ios', 1, ids)).toContain('import PortalAds');
    expect(integrationCode('unity', 1, ids)).toContain('using PortalAds;');
  });

  it('uses a placeholder while the app key is hidden, and nothing for an unknown style', () => {
    expect(integrationCode('ios', 2, { appKey: null, placementId: 5, sdkVersion: '1' })).toContain(
      `"${APP_KEY_PLACEHOLDER}"`,
    );
    expect(integrationCode('ios', 9, { appKey: 'k', placementId: 5, sdkVersion: '1' })).toBe('');
  });
});
