/**
 * antd's stylesheet cut to the components the build holds (issue 11 item 4). With `zeroRuntime` the
 * app imports antd's whole static stylesheet (`antd/dist/antd.css`, 985 KB, 76 KB brotli): it blocks
 * the first paint, is parsed on every cold load and is matched against every element, though the
 * portal uses about half of antd's components (Lighthouse: 69 of its 75 KB unused on /report/sdk).
 *
 * Every antd component names its classes' prefix in its source, `getPrefixCls('btn', …)` (or
 * `…PrefixCls = 'float-btn'`). The build step reads those prefixes from antd's modules the bundle
 * holds (used; from the probe build, so the lazy screens count) and from all of antd's modules
 * (known), and drops each selector whose `ant-*` classes all belong (longest prefix first) to known,
 * unused prefixes. Selectors without an `ant-*` class
 * (tokens on `.css-var-*`, resets), motion classes (`ant-slide-up-*`, no component's prefix) and
 * keyframes are kept, so anything the step cannot place stays.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import postcss, { type AtRule, type Rule } from 'postcss';
import type { InlineConfig, Plugin } from 'vite';
import { inProbe, type ProbeOutput, probeBuild } from './probe-build.ts';

const PREFIX = /getPrefixCls\(\s*['"]([a-z-]+)['"]|PrefixCls\s*=\s*['"]([a-z-]+)['"]/g;
const ANT_CLASS = /\.ant-([a-z0-9-]+)|\[class[*^|~]?="ant-([a-z0-9-]+)/g;

/** The class prefixes an antd module's source names (`btn`, `input-number`, `layout-sider`…). */
export function prefixesIn(source: string): string[] {
  return [...source.matchAll(PREFIX)].map((m) => (m[1] ?? m[2]) as string).filter((p) => p !== 'ant');
}

/** The known prefix `cls` (an `ant-` class without `ant-`) belongs to: the longest that starts it. */
function ownerOf(cls: string, known: string[]): string | undefined {
  return known.find((p) => cls === p || cls.startsWith(`${p}-`));
}

/**
 * `css` without the selectors whose every `ant-*` class belongs to a prefix in `known` but not in
 * `used`; rules and at-rules left empty go too. Returns the stylesheet and how many selectors went.
 */
export function trimAntdCss(
  css: string,
  used: Set<string>,
  known: Set<string>,
): { css: string; dropped: number } {
  const byLength = [...known].sort((a, b) => b.length - a.length);
  // a class recurs in many selectors: place each once
  const placed = new Map<string, boolean>();
  const unused = (cls: string) => {
    let answer = placed.get(cls);
    if (answer === undefined) {
      const owner = ownerOf(cls, byLength);
      answer = owner !== undefined && !used.has(owner);
      placed.set(cls, answer);
    }
    return answer;
  };
  let dropped = 0;
  const root = postcss.parse(css);
  root.walkRules((rule: Rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/.test((rule.parent as AtRule).name)) return;
    const kept = rule.selectors.filter((sel) => {
      const classes = [...sel.matchAll(ANT_CLASS)].map((m) => (m[1] ?? m[2]) as string);
      return classes.length === 0 || !classes.every(unused);
    });
    dropped += rule.selectors.length - kept.length;
    if (kept.length === 0) rule.remove();
    else if (kept.length < rule.selectors.length) rule.selectors = kept;
  });
  root.walkAtRules((at: AtRule) => {
    if (at.nodes && at.nodes.length === 0) at.remove();
  });
  return { css: root.toString(), dropped };
}

/** Every `.js` file under `dir`. */
function jsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.js'))
    .map((e) => path.join(e.parentPath, e.name));
}

const ANTD_MODULE = /[\\/]node_modules[\\/]antd[\\/]es[\\/]/;
const ANTD_CSS = /[\\/]node_modules[\\/]antd[\\/]dist[\\/]antd\.css$/;

/** The prefixes of antd's modules among `output`'s chunks (all of them, the lazy ones too). */
export function usedPrefixes(output: ProbeOutput['output']): Set<string> {
  const modules = new Set<string>();
  for (const out of output)
    if (out.type === 'chunk') for (const id of out.moduleIds) if (ANTD_MODULE.test(id)) modules.add(id);
  return new Set([...modules].flatMap((id) => prefixesIn(readFileSync(id.split('?')[0] as string, 'utf8'))));
}

/** The prefixes of all of antd's modules (`antd/es`). */
export function knownPrefixes(): Set<string> {
  const esDir = path.join(path.dirname(createRequire(import.meta.url).resolve('antd/package.json')), 'es');
  return new Set(jsFiles(esDir).flatMap((f) => prefixesIn(readFileSync(f, 'utf8'))));
}

/**
 * The Vite plugin: reads the used prefixes off the probe build (probe-build.ts) and trims
 * `antd/dist/antd.css` as it is loaded, before the bundler hashes it, so the file's name changes with
 * what it holds (it is cached as immutable). Build only. Throws when no prefix is found (antd's
 * layout changed: better a failed build than a bare page).
 */
export function antdCssPlugin(probeConfig: () => InlineConfig): Plugin {
  let prefixes: { used: Set<string>; known: Set<string> } | undefined;
  return {
    name: 'portal-antd-css',
    apply: 'build',
    enforce: 'pre',
    async buildStart() {
      if (inProbe()) return;
      const used = usedPrefixes((await probeBuild(probeConfig)).output);
      const known = knownPrefixes();
      if (used.size === 0 || known.size === 0) throw new Error('antd-css: no antd component prefix found');
      prefixes = { used, known };
    },
    transform(code, id) {
      if (!prefixes || !ANTD_CSS.test(id)) return null;
      const { css, dropped } = trimAntdCss(code, prefixes.used, prefixes.known);
      this.info(
        `antd.css ${code.length} → ${css.length} bytes: ${dropped} selectors of components the build does not hold`,
      );
      return { code: css, map: null };
    },
  };
}
