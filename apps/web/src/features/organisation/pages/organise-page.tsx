/**
 * /organize (spec §2 Organize, §4 Create/Join organisation): a signed-in user without an organisation
 * creates one (company name) or joins one (Super Email or Account ID, and a reason). Afterwards the
 * session is refreshed under the rotated token and the user goes home, where a join shows as pending.
 */
import '../i18n.ts';
import { CompanyStatus } from '@portal/contracts/constants.ts';
import type { BindAccountData } from '@portal/contracts/organisation.ts';
import { Button, Card, Result, Spin, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { succeed } from '@/lib/notify.ts';
import { setCompanyStatus, setUserInfo } from '@/lib/session.ts';
import { useSession } from '@/lib/use-session.ts';
import { fetchFreshUserInfo } from '../api/organise.ts';
import { CreateOrganisationForm } from '../components/create-form.tsx';
import { JoinOrganisationForm } from '../components/join-form.tsx';

/** Organize screen. */
export default function OrganisePage() {
  const { t } = useTranslation('organisation');
  const navigate = useNavigate();
  const { token, userInfo } = useSession();

  if (!token) {
    return (
      <Card data-testid="organize">
        <Result
          status="info"
          title={t('signInFirst')}
          extra={
            <Link to="/login?redirect=%2Forganize">
              <Button type="primary">{t('signIn')}</Button>
            </Link>
          }
        />
      </Card>
    );
  }
  if (!userInfo) return <Spin size="large" style={{ display: 'block', margin: '120px auto' }} />;

  if (userInfo.company_id !== null) {
    const pending = userInfo.status === 3 || userInfo.company_status === CompanyStatus.PENDING;
    return (
      <Card data-testid="organize">
        <Result
          status={pending ? 'info' : 'success'}
          title={pending ? t('alreadyPending') : t('alreadyMember', { name: userInfo.company_name ?? '' })}
          extra={
            <Link to="/home">
              <Button type="primary">{t('goHome')}</Button>
            </Link>
          }
        />
      </Card>
    );
  }

  /** After either flow: refresh the session under the new token, then home (spec: home and reload). */
  const done = async (bound: BindAccountData, message: string) => {
    setCompanyStatus(bound.is_first_join ? CompanyStatus.ACTIVE : CompanyStatus.PENDING);
    try {
      setUserInfo(await fetchFreshUserInfo());
    } finally {
      succeed(message, 3);
      navigate('/home', { replace: true });
    }
  };

  return (
    <Card data-testid="organize" title={t('title')} style={{ maxWidth: 640, margin: '0 auto' }}>
      <p style={{ marginTop: 0, color: 'rgba(0, 0, 0, 0.55)' }}>{t('intro', { email: userInfo.email })}</p>
      <Tabs
        items={[
          {
            key: 'create',
            label: <span data-testid="tab-create">{t('create.tab')}</span>,
            children: (
              <CreateOrganisationForm userId={userInfo.user_id} onDone={(b) => done(b, t('create.done'))} />
            ),
          },
          {
            key: 'join',
            label: <span data-testid="tab-join">{t('join.tab')}</span>,
            children: (
              <JoinOrganisationForm userId={userInfo.user_id} onDone={(b) => done(b, t('join.done'))} />
            ),
          },
        ]}
      />
    </Card>
  );
}
