/**
 * The 10 sections of the privacy policy (spec §2), in menu order. Their texts live in
 * locales/<lang>/policy.json under `sections.<id>`; a section's `blocks` are paragraphs (strings) and
 * bulleted lists (arrays of strings).
 */
export const policySections = [
  'collected',
  'usage',
  'sharing',
  'transfer',
  'security',
  'rights',
  'children',
  'contact',
  'changes',
  'others',
] as const;

export type PolicySectionId = (typeof policySections)[number];

/** A paragraph, or the items of a bulleted list. */
export type PolicyBlock = string | string[];

/** The element id of a section (also its anchor: /policy/index#policy-rights). */
export function sectionAnchor(id: PolicySectionId): string {
  return `policy-${id}`;
}

/** Where privacy requests go; VITE_PRIVACY_EMAIL at build time sets the operator's real address. */
export const privacyEmail: string = import.meta.env.VITE_PRIVACY_EMAIL || 'privacy@publisher-portal.example';
