/**
 * Time zones (issue 13 item 9): IANA names as the runtime's Intl knows them. Used by the account's
 * reporting zone and by report schedules.
 */

/** Whether `tz` is an IANA time zone name this runtime knows. */
export function isTimeZone(tz: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(tz)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}
