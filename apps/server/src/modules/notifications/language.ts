/**
 * Each user's UI language (table `user_languages`), the language of the mails sent to them (issue 27
 * item 4): recorded at sign-in from `Accept-Language` (sessions/sign-in.ts) and when the user switches
 * language (`PUT /api/v1/user/language`). Unknown: zh, the portal's default (spec §1).
 */
import type { Lang } from '@portal/contracts/codes.ts';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { userLanguages } from '../../db/schema/notifications.ts';

/** Records `lang` as the UI language of `userId`. */
export async function setUserLanguage(db: Executor, userId: number, lang: Lang, now: Date): Promise<void> {
  await db
    .insert(userLanguages)
    .values({ user_id: userId, lang, updated_at: now })
    .onConflictDoUpdate({ target: userLanguages.user_id, set: { lang, updated_at: now } });
}

/** The UI language of `userId` (zh when unknown). */
export async function userLanguage(db: Executor, userId: number): Promise<Lang> {
  const [row] = await db
    .select({ lang: userLanguages.lang })
    .from(userLanguages)
    .where(eq(userLanguages.user_id, userId))
    .limit(1);
  return row?.lang === 'en' ? 'en' : 'zh';
}
