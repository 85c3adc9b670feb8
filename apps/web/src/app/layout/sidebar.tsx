/**
 * Sidebar (spec §2): the user's menu tree (lib/access.ts `menuInForce`) under the spec's titles (menu
 * keys are common:menu.*), with the icons the route table (lib/route-table.ts) names.
 */
import {
  AccountBookOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  FundOutlined,
  NotificationOutlined,
  SafetyCertificateOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { MenuItem } from '@portal/contracts/account.ts';
import { Menu, type MenuProps } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useAccess } from '@/lib/access-context.ts';
import { findEntry, type IconName, iconOf } from '@/lib/route-table.ts';

type Item = Required<MenuProps>['items'][number];

const icons: Record<IconName, ReactNode> = {
  reports: <BarChartOutlined />,
  appReport: <FundOutlined />,
  apps: <AppstoreOutlined />,
  adSlots: <NotificationOutlined />,
  payments: <AccountBookOutlined />,
  monthClose: <AuditOutlined />,
  account: <UserOutlined />,
  users: <TeamOutlined />,
  roles: <SafetyCertificateOutlined />,
};

/** The icon of the table entry or parent at `path`, if it names one. */
function iconFor(path: string): ReactNode {
  const name = iconOf(path);
  return name ? icons[name] : undefined;
}

/** Sidebar items of the menu in force; [] when signed out. */
export function useSidebarItems(): Item[] {
  const { t } = useTranslation('common');
  const { menu } = useAccess();
  const toItem = (m: MenuItem): Item =>
    m.children
      ? { key: m.path, icon: iconFor(m.path), label: t(m.key), children: m.children.map(toItem) }
      : {
          key: m.path,
          icon: iconFor(m.path),
          label: (
            <Link to={m.path} data-testid={`nav-${m.path}`}>
              {t(m.key)}
            </Link>
          ),
        };
  return menu.map(toItem);
}

/** Submenus open when the sidebar shows. */
const OPEN_AT_START = ['/report', '/account'];

/**
 * The sidebar menu. Its open submenus are kept here while the sidebar is `folded` (a narrow screen)
 * and shown again when it unfolds; folded, none is open (antd would show them as pop-ups).
 */
export function Sidebar({ items, folded = false }: { items: Item[]; folded?: boolean }) {
  const { pathname } = useLocation();
  const current = findEntry(pathname)?.path ?? pathname;
  const [openKeys, setOpenKeys] = useState(OPEN_AT_START);
  return (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={[current]}
      openKeys={folded ? [] : openKeys}
      onOpenChange={(keys) => {
        if (!folded) setOpenKeys(keys);
      }}
      style={{ height: '100%', borderInlineEnd: 0 }}
    />
  );
}
