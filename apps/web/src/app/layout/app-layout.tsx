/** The page frame of every screen except /login: navbar, sidebar (signed in), watermark. */
import { Layout, Spin, Watermark } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useSession } from '../../lib/use-session.ts';
import { Navbar } from './navbar.tsx';
import { Sidebar, useSidebarItems } from './sidebar.tsx';

/** Layout with the watermark: the user's email, or the product name when signed out. */
export default function AppLayout() {
  const { t } = useTranslation('common');
  const { token, userInfo } = useSession();
  const items = useSidebarItems();
  const mark = token && userInfo?.email ? userInfo.email : t('appName');
  return (
    <Watermark content={mark} font={{ color: 'rgba(0,0,0,0.06)' }} gap={[120, 120]}>
      <Layout style={{ minHeight: '100vh' }} data-testid="app-layout" data-watermark={mark}>
        <Layout.Header className="app-header">
          <Navbar />
        </Layout.Header>
        <Layout>
          {token && items.length > 0 && (
            <Layout.Sider width={240} theme="light" breakpoint="lg" collapsedWidth={0}>
              <Sidebar items={items} />
            </Layout.Sider>
          )}
          <Layout.Content className="app-content">
            <Suspense fallback={<Spin size="large" style={{ display: 'block', margin: '120px auto' }} />}>
              <Outlet />
            </Suspense>
          </Layout.Content>
        </Layout>
      </Layout>
    </Watermark>
  );
}
