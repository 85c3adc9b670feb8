/** The page frame of every screen except /login: navbar, sidebar (signed in), watermark. */
import { MenuOutlined } from '@ant-design/icons';
import { Button, Layout, Watermark } from 'antd';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { ContentSkeleton } from '@/components/content-skeleton.tsx';
import { ScreenErrorBoundary } from '@/components/screen-error-boundary.tsx';
import { useSession } from '@/lib/use-session.ts';
import { Navbar } from './navbar.tsx';
import { Sidebar, useSidebarItems } from './sidebar.tsx';

/**
 * `text` as the watermark may draw it: a change reaches antd's Watermark one animation frame later.
 * antd redraws at most once a frame and drops any later change of the same frame for good, so a user
 * info answering within the frame of the first paint (a `?t=` sign-in) left the product name, in the
 * first language, over the page until a reload (issue 14 item 7).
 */
function useFrameSettled(text: string): string {
  const [shown, setShown] = useState(text);
  useEffect(() => {
    if (shown === text) return;
    const id = requestAnimationFrame(() => setShown(text));
    return () => cancelAnimationFrame(id);
  }, [text, shown]);
  return shown;
}

/** antd Sider's `lg` breakpoint: below it the sidebar folds away (collapsedWidth 0). */
const NARROW = '(max-width: 991.98px)';

/**
 * Whether the sidebar starts folded: on a narrow screen it is folded from the first render, instead
 * of rendering open and being folded by the breakpoint a moment later, which animated both open
 * submenus shut while a phone was still busy with the first screen (issue 11).
 */
function startsFolded(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(NARROW).matches;
}

/** Layout with the watermark: the user's email, or the product name when signed out. */
export default function AppLayout() {
  const { t } = useTranslation('common');
  const { token, userInfo } = useSession();
  const items = useSidebarItems();
  const mark = token && userInfo?.email ? userInfo.email : t('appName');
  const drawn = useFrameSettled(mark);
  const [folded, setFolded] = useState(startsFolded);
  const { pathname } = useLocation();
  const hasSider = Boolean(token) && items.length > 0;
  return (
    <Watermark content={drawn} font={{ color: 'rgba(0,0,0,0.06)' }} gap={[120, 120]}>
      <Layout style={{ minHeight: '100vh' }} data-testid="app-layout" data-watermark={mark}>
        <Layout.Header className="app-header">
          {token && (
            // Below the `lg` breakpoint only (styles.css). antd's own trigger for a folded sider
            // floats over the top left of the page, on a phone over the report card's head. Its place
            // is kept from the first paint, hidden until the menu has answered, so the navbar does not
            // move when it does.
            <Button
              type="text"
              className="sider-toggle"
              icon={<MenuOutlined />}
              aria-label={t(folded ? 'nav.openMenu' : 'nav.closeMenu')}
              aria-expanded={!folded}
              aria-controls="app-sider"
              data-testid="sidebar-toggle"
              style={{ color: 'rgba(255,255,255,0.85)', visibility: hasSider ? undefined : 'hidden' }}
              onClick={() => setFolded((f) => !f)}
            />
          )}
          <Navbar />
        </Layout.Header>
        <Layout>
          {hasSider && (
            <Layout.Sider
              id="app-sider"
              width={240}
              theme="light"
              breakpoint="lg"
              collapsedWidth={0}
              collapsed={folded}
              onCollapse={setFolded}
              trigger={null}
            >
              <Sidebar items={items} folded={folded} />
            </Layout.Sider>
          )}
          <Layout.Content className="app-content">
            {/* A screen that cannot be drawn says so inside the frame; another screen starts over. */}
            <ScreenErrorBoundary resetKeys={[pathname]}>
              <Suspense fallback={<ContentSkeleton />}>
                <Outlet />
              </Suspense>
            </ScreenErrorBoundary>
          </Layout.Content>
        </Layout>
      </Layout>
    </Watermark>
  );
}
