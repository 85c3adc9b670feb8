/**
 * The browser tab's title names the screen in the UI language (issue 25 item 12):
 * "SDK report · Publisher Portal" / "SDK 报表 · 发布商平台". Signed-in screens take their sidebar
 * title from the route table; the public screens have their own; anything else is the product name.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { findEntry } from '@/lib/route-table.ts';

/** Title keys (namespace:key) of the screens outside the route table. */
const publicTitles: Record<string, string> = {
  '/login': 'account:login.title',
  '/signup': 'account:signup.title',
  '/resetPassword': 'account:reset.title',
  '/home': 'common:nav.home',
  '/policy/index': 'common:nav.policy',
};

/** The tab title of `pathname`: `<screen> · <product>`, or the product alone. */
export function titleKeyOf(pathname: string): string | undefined {
  const entry = findEntry(pathname);
  return entry ? `common:${entry.titleKey}` : publicTitles[pathname];
}

/** Keeps `document.title` on the current screen and language; renders nothing. */
export function DocumentTitle() {
  const { t } = useTranslation(['common', 'account']);
  const { pathname } = useLocation();
  const key = titleKeyOf(pathname);
  const product = t('common:appName');
  const screen = key ? t(key) : '';
  // `t` changes with the language, so the title follows a switch without a navigation.
  useEffect(() => {
    document.title = screen && screen !== key ? `${screen} · ${product}` : product;
  }, [screen, key, product]);
  return null;
}
