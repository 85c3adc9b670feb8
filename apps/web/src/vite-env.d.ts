/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Web signing key of api-contract §3 (not a secret; integrity and anti-replay only). */
  readonly VITE_PORTAL_SIGN_KEY?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
