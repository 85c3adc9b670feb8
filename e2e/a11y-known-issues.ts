/**
 * Serious/critical axe findings in screens this suite does not own, waiting for their owners. Each entry
 * names the rule, the element (by the data-testid it sits in) and the fix. The a11y journey reports these
 * as warnings and fails on anything else, so a new violation still breaks the build. Delete an entry
 * once its fix lands.
 */
export type KnownIssue = { rule: string; testid: RegExp; owner: string; fix: string };

export const knownIssues: KnownIssue[] = [
  {
    rule: 'label',
    testid: /^filter-(app|country|channel|geo|pkg_name)$/,
    owner: 'features/reports (report filters)',
    fix: 'the Form.Item label does not point at the Select input: give the Select an id equal to the label htmlFor, or aria-label={label}',
  },
  {
    rule: 'aria-required-attr',
    testid: /^resize-/,
    owner: 'features/reports/components/resizable-title.tsx',
    fix: 'a focusable role="separator" needs aria-valuenow before the first resize: use the measured width, e.g. aria-valuenow={Math.round(width ?? measured)}',
  },
  {
    rule: 'label',
    testid: /^(filter-status|filter-ad-style|status-\d+)$/,
    owner: 'features/apps, features/adslots, features/users (list filters and row status selects)',
    fix: 'pass aria-label to the Select (e.g. the column title "Status" / "Ad style")',
  },
  {
    rule: 'label',
    testid: /^role-\d+$/,
    owner: 'features/users (roles page)',
    fix: 'pass aria-label to the role Select (e.g. "Role of <name>")',
  },
];
