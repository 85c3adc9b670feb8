/**
 * The integration panel of an ad slot (issue 27 item 1): its IDs, the SDK's version and guide (server
 * configuration SDK_VERSION, SDK_GUIDE_URL), what is still pending, and ready code per platform.
 *
 * - `GET /v1/adpos/integration` query `{ adpos_id }` → `integrationData` (session; the ad slot must
 *   be within the caller's reach like every ad slot route: 402 / 10008 otherwise).
 *
 * `app_key` is null until the app is approved (spec §2: the key stays hidden while in review); the
 * code then carries `APP_KEY_PLACEHOLDER`. The code is produced here, from one template per platform
 * and ad style, so the web and the tests read the same text.
 */
import { z } from 'zod';
import { AdStyle } from './constants.ts';

/** What still stands between the ad slot and live ads, in the order the panel lists them. */
export const pendingSteps = [
  'app_review',
  'app_rejected',
  'app_frozen',
  'placement_review',
  'placement_rejected',
  'placement_frozen',
] as const;
export type PendingStep = (typeof pendingSteps)[number];

export const integrationQuery = z.object({
  adpos_id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 31 - 1),
});

export const integrationData = z.object({
  adpos_id: z.number().int(),
  adpos_name: z.string(),
  /** 1 Banner, 2 Interstitial, 3 Native, 6 Rewarded Video. */
  ad_style: z.number().int(),
  audit_status: z.number().int(),
  app: z.object({
    id: z.number().int(),
    app_name: z.string(),
    /** 1 Android, 2 iOS. */
    platform: z.number().int(),
    audit_status: z.number().int(),
    /** Null until the app is approved. */
    app_key: z.string().nullable(),
  }),
  sdk: z.object({ version: z.string(), guide_url: z.string() }),
  /** True when nothing is pending: the slot serves live ads once the SDK runs with these IDs. */
  ready: z.boolean(),
  pending: z.array(z.enum(pendingSteps)),
  /** The organisation's test devices (they get test ads already before approval). */
  test_devices: z.number().int(),
});
export type IntegrationData = z.infer<typeof integrationData>;

export const codePlatforms = ['android', 'ios', 'unity'] as const;
export type CodePlatform = (typeof codePlatforms)[number];

/** Stands in for the app key in code while the app is in review. */
export const APP_KEY_PLACEHOLDER = 'YOUR_APP_KEY';

type Ids = { appKey: string | null; placementId: number | string; sdkVersion: string };

const styleKey: Record<number, 'banner' | 'interstitial' | 'native' | 'rewarded'> = {
  [AdStyle.BANNER]: 'banner',
  [AdStyle.INTERSTITIAL]: 'interstitial',
  [AdStyle.NATIVE]: 'native',
  [AdStyle.REWARDED_VIDEO]: 'rewarded',
};

function android(style: string, key: string, pid: string, v: string): string {
  const head = `// build.gradle: implementation("com.publisherportal:ads-sdk:${v}")
import com.publisherportal.ads.*

// Application.onCreate()
PortalAds.initialize(this, appKey = "${key}")
`;
  const body: Record<string, string> = {
    banner: `val banner = BannerView(context).apply { placementId = "${pid}" }
container.addView(banner)
banner.load()`,
    interstitial: `InterstitialAd.load(activity, placementId = "${pid}") { ad, error ->
    ad?.show(activity)
}`,
    native: `NativeAd.load(context, placementId = "${pid}") { ad, error ->
    ad?.let { nativeAdView.bind(it) }
}`,
    rewarded: `RewardedAd.load(activity, placementId = "${pid}") { ad, error ->
    ad?.show(activity) { reward -> grantReward(reward.amount) }
}`,
  };
  return `${head}\n${body[style]}\n`;
}

function ios(style: string, key: string, pid: string, v: string): string {
  const head = `// Podfile: pod 'PortalAdsSDK', '${v}'
import PortalAds

// application(_:didFinishLaunchingWithOptions:)
PortalAds.initialize(appKey: "${key}")
`;
  const body: Record<string, string> = {
    banner: `let banner = BannerView(placementId: "${pid}")
view.addSubview(banner)
banner.load()`,
    interstitial: `InterstitialAd.load(placementId: "${pid}") { ad, error in
    ad?.show(from: self)
}`,
    native: `NativeAd.load(placementId: "${pid}") { ad, error in
    if let ad = ad { nativeAdView.bind(ad) }
}`,
    rewarded: `RewardedAd.load(placementId: "${pid}") { ad, error in
    ad?.show(from: self) { reward in grantReward(reward.amount) }
}`,
  };
  return `${head}\n${body[style]}\n`;
}

function unity(style: string, key: string, pid: string, v: string): string {
  const head = `// Unity package: PortalAds ${v} (Assets > Import Package)
using PortalAds;

// once, e.g. in Awake()
PortalAdsSdk.Initialize("${key}");
`;
  const body: Record<string, string> = {
    banner: `var banner = new BannerView("${pid}", BannerPosition.Bottom);
banner.Load();`,
    interstitial: `InterstitialAd.Load("${pid}", (ad, error) => {
    ad?.Show();
});`,
    native: `NativeAd.Load("${pid}", (ad, error) => {
    if (ad != null) nativeAdView.Bind(ad);
});`,
    rewarded: `RewardedAd.Load("${pid}", (ad, error) => {
    ad?.Show(reward => GrantReward(reward.Amount));
});`,
  };
  return `${head}\n${body[style]}\n`;
}

const writers: Record<CodePlatform, (style: string, key: string, pid: string, v: string) => string> = {
  android,
  ios,
  unity,
};

/**
 * Ready code for `platform` and the slot's `adStyle` (1, 2, 3, 6; another style answers ''), with the
 * app key (or `APP_KEY_PLACEHOLDER`), the placement ID and the SDK version filled in.
 */
export function integrationCode(platform: CodePlatform, adStyle: number, ids: Ids): string {
  const style = styleKey[adStyle];
  if (!style) return '';
  // Keys and IDs are generated (hex, digits); quotes are stripped anyway so the code stays valid.
  const clean = (s: string) => s.replace(/["\\\n\r]/g, '');
  return writers[platform](
    style,
    clean(ids.appKey ?? APP_KEY_PLACEHOLDER),
    clean(String(ids.placementId)),
    clean(ids.sdkVersion),
  );
}
