/**
 * The coloured status badge of the list pages (apps, ad slots, users): one tone per meaning, so
 * "active" is green and "under review" gold on every page. The label comes from the caller.
 */
import { Tag } from 'antd';

export type StatusTone = 'success' | 'warning' | 'error' | 'neutral';

const color: Record<StatusTone, string> = {
  success: 'success',
  warning: 'warning',
  error: 'error',
  neutral: 'default',
};

/** A status label on its tone's colour; `testId` lands on the badge itself. */
export function StatusBadge({ tone, label, testId }: { tone: StatusTone; label: string; testId?: string }) {
  return (
    <Tag color={color[tone]} data-testid={testId} style={{ marginInlineEnd: 0 }}>
      {label}
    </Tag>
  );
}
