/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Web signing key of api-contract §3 (not a secret; integrity and anti-replay only). */
  readonly VITE_PORTAL_SIGN_KEY?: string;
  /** Success stories on /home, a JSON array (see features/home/lib/success-stories.ts); none when unset. */
  readonly VITE_SUCCESS_STORIES?: string;
  /** The privacy contact shown in the privacy policy (default privacy@publisher-portal.example). */
  readonly VITE_PRIVACY_EMAIL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
