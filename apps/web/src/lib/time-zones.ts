/**
 * IANA time zones for pickers (account report zone, report schedules; issue 13 items 8–9): every zone
 * the browser knows, or UTC and the browser's own where `Intl.supportedValuesOf` is missing.
 */

/** The browser's zone (UTC when it cannot tell). */
export const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Every zone name the browser knows, sorted as Intl gives them. */
export function timeZones(): string[] {
  const all = (Intl as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.('timeZone');
  return all && all.length > 0 ? all : ['UTC', browserZone()];
}
