/**
 * Industry categories (spec §3 App: two levels, parent_id −1 = first level), seeded with the Google
 * Play categories on start (idempotent: fixed ids, conflicts ignored, so several instances may race).
 */
import type { Lang } from '@portal/contracts/codes.ts';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { industries } from '../../db/schema/catalogue.ts';
import { googlePlayCategories } from './google-play-categories.ts';

/** Inserts the Google Play categories that are missing. */
export async function seedIndustries(db: Db): Promise<void> {
  await db.insert(industries).values(googlePlayCategories).onConflictDoNothing();
}

/** Every category with `name` in `lang`, first level first, then by sort. */
export async function listIndustries(db: Db, lang: Lang) {
  const rows = await db.select().from(industries).orderBy(asc(industries.parent_id), asc(industries.sort));
  return rows.map((r) => ({ id: r.id, parent_id: r.parent_id, name: lang === 'en' ? r.name_en : r.name_zh }));
}

/** The category `id` if it is a second-level one; null for an unknown or first-level id (604 upstream). */
export async function leafIndustry(db: Db, id: number): Promise<{ id: number } | null> {
  const [row] = await db.select().from(industries).where(eq(industries.id, id)).limit(1);
  if (!row || row.parent_id === -1) return null;
  return { id: row.id };
}

/** id → "first / second" label in `lang` for every second-level category. */
export async function industryLabels(db: Db, lang: Lang): Promise<Map<number, string>> {
  const rows = await db.select().from(industries);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const name = (r: (typeof rows)[number]) => (lang === 'en' ? r.name_en : r.name_zh);
  const out = new Map<number, string>();
  for (const r of rows) {
    const parent = byId.get(r.parent_id);
    if (parent) out.set(r.id, `${name(parent)} / ${name(r)}`);
  }
  return out;
}
