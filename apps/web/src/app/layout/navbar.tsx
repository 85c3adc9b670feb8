/**
 * Top navbar (spec §2): menu, language dropdown, the notification bell (issue 27 item 4) and user
 * email and name with logout when signed in, or a login link.
 */
import { DownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Dropdown, Menu, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { LanguageSwitch } from '@/components/language-switch.tsx';
import { LinkButton } from '@/components/link-button.tsx';
import { useLogout } from '@/features/account/api/use-logout.ts';
import { NotificationBell } from '@/features/notifications/components/notification-bell.tsx';
import { useAccess } from '@/lib/access-context.ts';
import { routeTable } from '@/lib/route-table.ts';
import { useSession } from '@/lib/use-session.ts';

/** The navbar. */
export function Navbar() {
  const { t } = useTranslation('common');
  const { token, userInfo } = useSession();
  const { permitted } = useAccess();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const logout = useLogout();
  const firstReport = routeTable.find((e) => e.shortcut && e.group === 'reports' && permitted.has(e.path));

  const items = [
    { key: '/home', label: <Link to="/home">{t('nav.home')}</Link> },
    ...(firstReport
      ? [{ key: '/report', label: <Link to={firstReport.path}>{t('nav.reports')}</Link> }]
      : []),
    { key: '/policy/index', label: <Link to="/policy/index">{t('nav.policy')}</Link> },
  ];
  const selected = items.map((i) => i.key).filter((k) => pathname.startsWith(k));

  const onLogout = () => {
    logout.mutate(undefined, { onSettled: () => navigate('/login', { replace: true }) });
  };

  return (
    <div className="navbar">
      <Link to="/home" className="navbar-brand">
        {t('appName')}
      </Link>
      <Menu
        theme="dark"
        mode="horizontal"
        items={items}
        selectedKeys={selected}
        style={{ flex: 1, minWidth: 0, background: 'transparent' }}
      />
      <Space size={8}>
        <LanguageSwitch dark />
        {token && <NotificationBell />}
        {token ? (
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'info', label: <Link to="/account/index">{t('menu.accountInfo')}</Link> },
                { key: 'pwd', label: <Link to="/account/modPassword">{t('menu.changePassword')}</Link> },
                { type: 'divider' },
                {
                  key: 'logout',
                  icon: <LogoutOutlined />,
                  label: t('nav.logout'),
                  onClick: onLogout,
                  'data-testid': 'logout',
                },
              ],
            }}
          >
            <Button
              type="text"
              data-testid="user-menu"
              title={userInfo?.email}
              style={{ color: 'rgba(255,255,255,0.85)' }}
            >
              <UserOutlined />
              <span className="navbar-user">
                {userInfo?.email}
                {userInfo?.name ? ` · ${userInfo.name}` : ''}
              </span>
              <DownOutlined />
            </Button>
          </Dropdown>
        ) : (
          <LinkButton to="/login" type="primary" data-testid="nav-login">
            {t('nav.login')}
          </LinkButton>
        )}
      </Space>
    </div>
  );
}
