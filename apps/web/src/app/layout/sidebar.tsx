/** Sidebar (spec §2): the permitted screens under the spec's titles, grouped. */
import { AppstoreOutlined, BarChartOutlined, FundOutlined, UserOutlined } from '@ant-design/icons';
import { Menu, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { matchPath } from '../../lib/access.ts';
import { useAccess } from '../../lib/access-context.ts';
import { accountCatalogue, type NavEntry, type NavGroup, navCatalogue } from '../../lib/nav-catalogue.ts';

type Item = Required<MenuProps>['items'][number];

const groups: { group: NavGroup; titleKey: string; icon: ReactNode; flat?: boolean }[] = [
  { group: 'reports', titleKey: 'menu.reports', icon: <BarChartOutlined /> },
  { group: 'appReport', titleKey: 'menu.appReport', icon: <FundOutlined />, flat: true },
  { group: 'apps', titleKey: 'menu.appManagement', icon: <AppstoreOutlined />, flat: true },
  { group: 'account', titleKey: 'menu.accountManagement', icon: <UserOutlined /> },
];

/** Sidebar items for the permitted entries; returns [] when nothing is permitted. */
export function useSidebarItems(): Item[] {
  const { t } = useTranslation('common');
  const { permitted } = useAccess();
  const entries = [...navCatalogue.filter((e) => permitted.has(e.path)), ...accountCatalogue];
  const leaf = (e: NavEntry, icon?: ReactNode): Item => ({
    key: e.path,
    icon,
    label: (
      <Link to={e.path} data-testid={`nav-${e.path}`}>
        {t(e.titleKey)}
      </Link>
    ),
  });
  return groups.flatMap(({ group, titleKey, icon, flat }) => {
    const inGroup = entries.filter((e) => e.group === group);
    if (inGroup.length === 0) return [];
    if (flat) return inGroup.map((e) => leaf(e, icon));
    return [{ key: group, icon, label: t(titleKey), children: inGroup.map((e) => leaf(e)) }];
  });
}

/** The sidebar menu. */
export function Sidebar({ items }: { items: Item[] }) {
  const { pathname } = useLocation();
  const all = [...navCatalogue, ...accountCatalogue];
  const current = all.find((e) => [e.path, ...(e.patterns ?? [])].some((p) => matchPath(p, pathname)));
  return (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={current ? [current.path] : []}
      defaultOpenKeys={['reports', 'account']}
      style={{ height: '100%', borderInlineEnd: 0 }}
    />
  );
}
