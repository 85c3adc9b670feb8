/**
 * The probe build (issue 11 item 4): the same Vite config with the bundler's own splitting, nothing
 * written, run once per build process before the real build. It says what tree-shaking keeps, which
 * two build steps need before the real build decides anything: the chunk groups (chunk-groups.ts)
 * and the antd stylesheet cut (antd-css.ts). `PORTAL_CHUNK_PROBE` is set while it runs, so those
 * steps (and compression) stand aside inside it.
 */
import type { InlineConfig, Rolldown } from 'vite';

export type ProbeOutput = { output: (Rolldown.OutputChunk | Rolldown.OutputAsset)[] };

let running: Promise<ProbeOutput> | undefined;

/** True inside the probe build. */
export function inProbe(): boolean {
  return Boolean(process.env.PORTAL_CHUNK_PROBE);
}

/** The probe's output, built on the first call from `config()` and shared by later calls. */
export function probeBuild(config: () => InlineConfig): Promise<ProbeOutput> {
  running ??= (async () => {
    const { build } = await import('vite');
    process.env.PORTAL_CHUNK_PROBE = '1';
    try {
      return (await build({ ...config(), logLevel: 'silent', build: { write: false } })) as ProbeOutput;
    } finally {
      delete process.env.PORTAL_CHUNK_PROBE;
    }
  })();
  return running;
}
