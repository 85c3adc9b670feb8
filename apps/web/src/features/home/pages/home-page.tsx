/** /home: a welcome and links to the reports the user may open (the marketing page comes later). */
import { AppstoreOutlined, BarChartOutlined, RightOutlined } from '@ant-design/icons';
import { CompanyStatus } from '@portal/contracts/constants.ts';
import { Alert, Button, Card, Col, Empty, Row, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAccess } from '../../../lib/access-context.ts';
import { navCatalogue } from '../../../lib/nav-catalogue.ts';
import { useSession } from '../../../lib/use-session.ts';

/** Home screen. */
export default function HomePage() {
  const { t } = useTranslation('home');
  const { token, userInfo, companyStatus } = useSession();
  const { permitted, loading } = useAccess();
  const links = navCatalogue.filter((e) => e.group !== 'admin' && permitted.has(e.path));
  const name = userInfo?.name || userInfo?.user_name || userInfo?.email;

  return (
    <div className="home">
      <section className="home-hero">
        <Typography.Title level={2} style={{ color: '#fff', marginTop: 0 }}>
          {token && name ? t('welcomeUser', { name }) : t('welcome')}
        </Typography.Title>
        <Typography.Paragraph style={{ color: 'rgba(255,255,255,0.85)', fontSize: 16, maxWidth: 720 }}>
          {t('intro')}
        </Typography.Paragraph>
        {!token && (
          <>
            <Typography.Paragraph style={{ color: 'rgba(255,255,255,0.85)' }}>
              {t('signInPrompt')}
            </Typography.Paragraph>
            <Link to="/login">
              <Button size="large" data-testid="home-login">
                {t('signIn')}
              </Button>
            </Link>
          </>
        )}
      </section>

      {token && companyStatus === CompanyStatus.PENDING && (
        <Alert type="info" showIcon title={t('pending')} style={{ marginBottom: 16 }} />
      )}
      {token && companyStatus === CompanyStatus.NONE && (
        <Alert
          type="warning"
          showIcon
          title={t('noOrganisation')}
          action={<Link to="/organize">{t('goOrganize')}</Link>}
          style={{ marginBottom: 16 }}
        />
      )}

      {token && (
        <Card title={t('reportsTitle')}>
          <Spin spinning={loading}>
            {links.length === 0 && !loading ? (
              <Empty description={t('noReports')} />
            ) : (
              <Row gutter={[16, 16]}>
                {links.map((l) => (
                  <Col key={l.path} xs={24} sm={12} lg={8}>
                    <Link to={l.path} data-testid={`home-link-${l.path}`}>
                      <Card hoverable size="small">
                        <div className="home-link">
                          {l.group === 'apps' ? <AppstoreOutlined /> : <BarChartOutlined />}
                          <span className="home-link-title">{t(`common:${l.titleKey}`)}</span>
                          <RightOutlined />
                        </div>
                      </Card>
                    </Link>
                  </Col>
                ))}
              </Row>
            )}
          </Spin>
        </Card>
      )}
    </div>
  );
}
