/**
 * Reading an app-ads.txt file (IAB Tech Lab ads.txt 1.0.3 §3, which app-ads.txt 1.0 takes as is) and
 * judging it against the network's expected line (contracts app-ads.ts). Pure.
 *
 * - Lines end at LF or CRLF; `#` starts a comment to the end of the line; blank lines are skipped.
 * - A record is `domain, publisher account ID, relationship[, certification authority ID]`, fields
 *   trimmed; anything after `;` is an extension and ignored. Fewer than 3 fields: malformed (counted,
 *   skipped).
 * - A variable is `NAME=value` (CONTACT, SUBDOMAIN, INVENTORYPARTNERDOMAIN, OWNERDOMAIN,
 *   MANAGERDOMAIN, …); names are case-insensitive. `subdomain=` entries are kept: they point crawlers
 *   to other files for those subdomains' own inventory, and do not change what the root file declares.
 * - Domains and the relationship compare case-insensitively, the account ID exactly (ads.txt: it is
 *   the advertising system's own identifier), the certification authority ID case-insensitively.
 */
import type { AppAdsStatus } from '@portal/contracts/app-ads.ts';

export type AdsRecord = { domain: string; accountId: string; relationship: string; certId: string | null };

export type ParsedAdsTxt = {
  records: AdsRecord[];
  /** Variable name (upper case) → values in file order. */
  variables: Map<string, string[]>;
  /** Lines that are neither blank, comment, record nor variable. */
  malformed: number;
};

/** Parses the text of an ads.txt-format file (a BOM is ignored). */
export function parseAdsTxt(text: string): ParsedAdsTxt {
  const records: AdsRecord[] = [];
  const variables = new Map<string, string[]>();
  let malformed = 0;
  for (const raw of text.replace(/^\uFEFF/, '').split(/\r?\n|\r/)) {
    const line = (raw.split('#', 1)[0] ?? '').trim();
    if (!line) continue;
    const variable = /^([A-Za-z][A-Za-z0-9_-]*)\s*=\s*(.*)$/.exec(line);
    if (variable && !line.includes(',')) {
      const name = (variable[1] ?? '').toUpperCase();
      variables.set(name, [...(variables.get(name) ?? []), (variable[2] ?? '').trim()]);
      continue;
    }
    const fields = (line.split(';', 1)[0] ?? '').split(',').map((f) => f.trim());
    const [domain = '', accountId = '', relationship = '', certId] = fields;
    if (fields.length < 3 || !domain || !accountId || !relationship) {
      malformed++;
      continue;
    }
    records.push({
      domain: domain.toLowerCase(),
      accountId,
      relationship: relationship.toUpperCase(),
      certId: certId || null,
    });
  }
  return { records, variables, malformed };
}

export type Expected = { domain: string; accountId: string; certId: string };

/** The status of a parsed file against the expected line, with a short English reason. */
export function judgeAdsTxt(
  parsed: ParsedAdsTxt,
  expected: Expected,
): { status: AppAdsStatus; detail: string } {
  const ours = parsed.records.filter((r) => r.domain === expected.domain.toLowerCase());
  if (!ours.length) {
    const extra = parsed.malformed ? `, ${parsed.malformed} malformed lines` : '';
    return {
      status: 'line_missing',
      detail: `no record for ${expected.domain} among ${parsed.records.length} records${extra}`,
    };
  }
  const right = (r: AdsRecord) =>
    r.accountId === expected.accountId &&
    r.relationship === 'DIRECT' &&
    (r.certId === null || r.certId.toLowerCase() === expected.certId.toLowerCase());
  if (ours.some(right)) return { status: 'found', detail: 'line found' };
  const withAccount = ours.find((r) => r.accountId === expected.accountId);
  if (!withAccount) return { status: 'line_wrong', detail: `account ID is not ${expected.accountId}` };
  if (withAccount.relationship !== 'DIRECT')
    return {
      status: 'line_wrong',
      detail: `relationship is ${withAccount.relationship.slice(0, 20)}, not DIRECT`,
    };
  return { status: 'line_wrong', detail: `certification authority ID is not ${expected.certId}` };
}
