/**
 * Relative links of the repository's Markdown (README.md and docs/**), checked the way a reader of a
 * fresh clone follows them (issue 24 item 6, issue 25 item 16):
 * - the target path, relative to the file, exists inside the repository (a link leaving it, such as
 *   `../shared/…`, does not resolve in a clone) and is not ignored by git (`data/`, `dist/` …);
 * - a `#fragment` names a heading of the target Markdown file (GitHub's anchor of it) or an explicit
 *   `<a id>`/`<a name>`.
 * Links with a scheme (`https:`, `mailto:` …) are not followed. Code (fenced blocks, `inline`) is skipped.
 *
 * `node scripts/doc-links.mjs` prints every broken link and exits 1 when there is one; the vitest file
 * beside it (doc-links.test.ts) runs the same check in `npm test`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** README.md and every Markdown file under docs/, as absolute paths. */
export function documentationFiles(base = root) {
  const files = [path.join(base, 'README.md')];
  const walk = (dir) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.md')) files.push(full);
    }
  };
  walk(path.join(base, 'docs'));
  return files;
}

/** Markdown text with fenced code blocks blanked (line count kept) and inline code removed. */
function withoutCode(text) {
  let fence = null;
  return text
    .split('\n')
    .map((line) => {
      const open = line.match(/^\s*(`{3,}|~{3,})/);
      if (fence) {
        if (open && open[1][0] === fence[0] && open[1].length >= fence.length) fence = null;
        return '';
      }
      if (open) {
        fence = open[1];
        return '';
      }
      return line.replace(/(`+)[^`]*?\1/g, '');
    })
    .join('\n');
}

/**
 * GitHub's anchor of a heading text (github-slugger): inline code and link markup reduced to their
 * text, lower case, every character that is not a letter, mark, digit, `_`, `-` or space dropped,
 * spaces turned into `-`.
 */
export function slugOf(heading) {
  return heading
    .replace(/`([^`]*)`/g, '$1')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors a Markdown text offers: its headings' slugs (repeats numbered -1, -2 …) and `<a id|name>`. */
export function anchorsOf(markdown) {
  const anchors = new Set();
  const seen = new Map();
  let fence = null;
  for (const line of markdown.split('\n')) {
    const open = line.match(/^\s*(`{3,}|~{3,})/);
    if (fence) {
      if (open && open[1][0] === fence[0] && open[1].length >= fence.length) fence = null;
      continue;
    }
    if (open) {
      fence = open[1];
      continue;
    }
    const heading = line.match(/^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/);
    if (heading) {
      const slug = slugOf(heading[1]);
      const n = seen.get(slug) ?? 0;
      seen.set(slug, n + 1);
      anchors.add(n === 0 ? slug : `${slug}-${n}`);
    }
    for (const m of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(m[1]);
  }
  return anchors;
}

/** Every link target of a Markdown text with its 1-based line: inline `[t](x)`, images, `[t]: x` definitions. */
export function linksOf(markdown) {
  const links = [];
  withoutCode(markdown)
    .split('\n')
    .forEach((line, i) => {
      for (const m of line.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
        links.push({ target: m[1], line: i + 1 });
      }
      const def = line.match(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(\s|$)/);
      if (def) links.push({ target: def[1], line: i + 1 });
    });
  return links;
}

function ignoredByGit(base, file) {
  const r = spawnSync('git', ['check-ignore', '-q', path.relative(base, file)], { cwd: base });
  return r.status === 0;
}

/**
 * Broken relative links of `files` (absolute paths under `base`): `{ file, line, target, reason }`,
 * file relative to `base`. Empty when every link resolves.
 */
export function brokenLinks(files, base = root) {
  const broken = [];
  const anchorCache = new Map();
  const anchorsIn = (file) => {
    if (!anchorCache.has(file)) anchorCache.set(file, anchorsOf(readFileSync(file, 'utf8')));
    return anchorCache.get(file);
  };
  for (const file of files) {
    for (const { target, line } of linksOf(readFileSync(file, 'utf8'))) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue;
      const [rawPath, fragment] = target.split('#', 2);
      const report = (reason) => broken.push({ file: path.relative(base, file), line, target, reason });
      const resolved = rawPath ? path.resolve(path.dirname(file), decodeURIComponent(rawPath)) : file;
      const inside = path.relative(base, resolved);
      if (inside.startsWith('..') || path.isAbsolute(inside)) {
        report('leaves the repository: it does not resolve in a clone');
        continue;
      }
      if (!existsSync(resolved)) {
        report('no such file');
        continue;
      }
      if (rawPath && ignoredByGit(base, resolved)) {
        report('ignored by git: absent from a clone');
        continue;
      }
      if (fragment !== undefined) {
        if (statSync(resolved).isDirectory() || !resolved.endsWith('.md')) {
          report('an anchor on a file that is not Markdown');
        } else if (!anchorsIn(resolved).has(decodeURIComponent(fragment))) {
          report(`no heading with the anchor #${fragment}`);
        }
      }
    }
  }
  return broken;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const broken = brokenLinks(documentationFiles());
  for (const b of broken) console.error(`${b.file}:${b.line}: ${b.target}: ${b.reason}`);
  if (broken.length > 0) process.exit(1);
  console.log('✓ every relative link of README.md and docs/ resolves');
}
