/**
 * /account/security (issue 16 §2, §4; issue 22 item 11): two-factor sign-in, the caller's active
 * sessions and their sign-in activity.
 */
import { Space } from 'antd';
import { ensureSecurityCatalogue } from '@/lib/security-catalogue.ts';
import { SecurityEventsCard } from '../components/security-events-card.tsx';
import { SessionsCard } from '../components/sessions-card.tsx';
import { TwoFactorCard } from '../components/two-factor-card.tsx';

ensureSecurityCatalogue();

/** The account security screen. */
export default function SecurityPage() {
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }} data-testid="security-page">
      <TwoFactorCard />
      <SessionsCard />
      <SecurityEventsCard />
    </Space>
  );
}
