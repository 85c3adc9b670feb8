import { describe, expect, it } from 'vitest';
import { resources } from '@/lib/i18n.ts';

/** Dotted paths of every leaf string in a catalogue. */
function keys(obj: unknown, prefix = ''): string[] {
  if (typeof obj !== 'object' || obj === null) return [prefix];
  return Object.entries(obj).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

/**
 * Every catalogue file under locales/<lang>/, whether registered up front in lib/i18n.ts or added by a
 * lazily loaded screen (addCatalogue), so a file another feature adds is checked without listing it.
 */
const files = import.meta.glob<Record<string, unknown>>('./*/*.json', { eager: true, import: 'default' });
const catalogues: Record<'zh' | 'en', Record<string, Record<string, unknown>>> = { zh: {}, en: {} };
for (const [file, json] of Object.entries(files)) {
  const [, lang, ns] = /^\.\/(\w+)\/(.+)\.json$/.exec(file) ?? [];
  if (lang !== 'zh' && lang !== 'en') throw new Error(`catalogue outside zh/en: ${file}`);
  catalogues[lang][ns as string] = json;
}

describe('i18n catalogues', () => {
  it('have the same namespaces in zh and en', () => {
    expect(Object.keys(catalogues.en).sort()).toEqual(Object.keys(catalogues.zh).sort());
    expect(Object.keys(resources.en).sort()).toEqual(Object.keys(resources.zh).sort());
  });

  it('every catalogue registered in lib/i18n.ts is a locales file', () => {
    for (const ns of Object.keys(resources.zh)) expect(catalogues.zh[ns], ns).toBeDefined();
  });

  for (const ns of Object.keys(catalogues.zh)) {
    it(`${ns}: every key exists in both languages, with a non-empty text`, () => {
      const zh = keys(catalogues.zh[ns]).sort();
      const en = keys(catalogues.en[ns]).sort();
      expect(
        zh.filter((k) => !en.includes(k)),
        'keys missing in en',
      ).toEqual([]);
      expect(
        en.filter((k) => !zh.includes(k)),
        'keys missing in zh',
      ).toEqual([]);
      for (const lang of ['zh', 'en'] as const) {
        const flat = keys(catalogues[lang][ns]);
        const texts = flat.map((k) =>
          k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], catalogues[lang][ns]),
        );
        expect(
          texts.every((t) => typeof t === 'string' && t.length > 0),
          `${lang}/${ns} empty text`,
        ).toBe(true);
      }
    });
  }

  it('the key walker sees a key present in only one language', () => {
    const zh = keys({ a: { b: 'x', c: 'y' } });
    const en = keys({ a: { b: 'x' } });
    expect(zh.filter((k) => !en.includes(k))).toEqual(['a.c']);
  });
});
