/** /account/security (issue 16 §2, §4): two-factor sign-in and the caller's active sessions. */
import { Space } from 'antd';
import { ensureSecurityCatalogue } from '@/lib/security-catalogue.ts';
import { SessionsCard } from '../components/sessions-card.tsx';
import { TwoFactorCard } from '../components/two-factor-card.tsx';

ensureSecurityCatalogue();

/** The account security screen. */
export default function SecurityPage() {
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }} data-testid="security-page">
      <TwoFactorCard />
      <SessionsCard />
    </Space>
  );
}
