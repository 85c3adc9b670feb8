import { describe, expect, it } from 'vitest';
import { resources } from '../lib/i18n.ts';

/** Dotted paths of every leaf string in a catalogue. */
function keys(obj: unknown, prefix = ''): string[] {
  if (typeof obj !== 'object' || obj === null) return [prefix];
  return Object.entries(obj).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('i18n catalogues', () => {
  it('have the same namespaces in zh and en', () => {
    expect(Object.keys(resources.en).sort()).toEqual(Object.keys(resources.zh).sort());
  });

  for (const ns of Object.keys(resources.zh) as (keyof typeof resources.zh)[]) {
    it(`${ns}: every key exists in both languages, with a non-empty text`, () => {
      const zh = keys(resources.zh[ns]).sort();
      const en = keys(resources.en[ns]).sort();
      expect(
        zh.filter((k) => !en.includes(k)),
        'keys missing in en',
      ).toEqual([]);
      expect(
        en.filter((k) => !zh.includes(k)),
        'keys missing in zh',
      ).toEqual([]);
      for (const lang of ['zh', 'en'] as const) {
        const flat = keys(resources[lang][ns]);
        const texts = flat.map((k) =>
          k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], resources[lang][ns]),
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
