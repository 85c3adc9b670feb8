/**
 * Every change made from a list page (status change, delete, role change) ends the same way: a
 * success message in the current language, or nothing more when it failed (the request client has
 * already shown why).
 */
import { succeed } from '@/lib/notify.ts';

/** Runs `change`; on success shows `done` and resolves true, on failure resolves false. */
export async function runChange(change: () => Promise<unknown>, done: string): Promise<boolean> {
  try {
    await change();
  } catch {
    return false;
  }
  succeed(done);
  return true;
}
