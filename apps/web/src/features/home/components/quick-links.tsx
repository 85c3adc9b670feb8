/** Signed-in shortcuts at the top of /home: organisation status and links to the permitted screens. */
import { AppstoreOutlined, BarChartOutlined, RightOutlined } from '@ant-design/icons';
import { CompanyStatus } from '@portal/contracts/constants.ts';
import { Alert, Empty, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAccess } from '@/lib/access-context.ts';
import { routeTable } from '@/lib/route-table.ts';
import { useSession } from '@/lib/use-session.ts';

/** Welcome, status alerts and link cards for a signed-in user. */
export function QuickLinks() {
  const { t } = useTranslation('home');
  const { userInfo, companyStatus } = useSession();
  const { permitted, loading } = useAccess();
  const links = routeTable.filter((e) => e.shortcut && permitted.has(e.path));
  const name = userInfo?.name || userInfo?.user_name || userInfo?.email;

  return (
    <section className="home-welcome" aria-labelledby="home-title" data-testid="home-shortcuts">
      <h1 id="home-title">{name ? t('welcomeUser', { name }) : t('welcome')}</h1>
      <p className="home-welcome-intro">{t('intro')}</p>
      {companyStatus === CompanyStatus.PENDING && (
        <Alert type="info" showIcon title={t('pending')} className="home-alert" />
      )}
      {companyStatus === CompanyStatus.NONE && (
        <Alert
          type="warning"
          showIcon
          title={t('noOrganisation')}
          action={<Link to="/organize">{t('goOrganize')}</Link>}
          className="home-alert"
        />
      )}
      <h2 className="home-welcome-sub">{t('reportsTitle')}</h2>
      <Spin spinning={loading}>
        {links.length === 0 && !loading ? (
          <Empty description={t('noReports')} />
        ) : (
          <ul className="home-links">
            {links.map((l) => (
              <li key={l.path}>
                <Link to={l.path} className="home-link" data-testid={`home-link-${l.path}`}>
                  {l.group === 'apps' ? <AppstoreOutlined aria-hidden /> : <BarChartOutlined aria-hidden />}
                  <span className="home-link-title">{t(`common:${l.titleKey}`)}</span>
                  <RightOutlined aria-hidden />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Spin>
    </section>
  );
}
