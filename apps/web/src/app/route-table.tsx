/** Screens of the permission-built routes (spec §2), lazily loaded so /login stays small. */
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

type Page = LazyExoticComponent<ComponentType>;

const SdkReportPage = lazy(() => import('../features/reports/pages/sdk-report-page.tsx'));
const RtbReportPage = lazy(() => import('../features/reports/pages/rtb-report-page.tsx'));
const AffiliateReportPage = lazy(() => import('../features/reports/pages/affiliate-report-page.tsx'));
const NewAffiliateReportPage = lazy(() => import('../features/reports/pages/new-affiliate-report-page.tsx'));
const GameReportPage = lazy(() => import('../features/reports/pages/game-report-page.tsx'));
const AppReportPage = lazy(() => import('../features/reports/pages/app-report-page.tsx'));
const ReportComingSoonPage = lazy(() => import('../features/reports/pages/report-coming-soon-page.tsx'));
const AccountInfoPage = lazy(() => import('../features/account/pages/account-info-page.tsx'));
const ModPasswordPage = lazy(() => import('../features/account/pages/mod-password-page.tsx'));
const UsersPage = lazy(() => import('../features/users/pages/users-page.tsx'));
const RolesPage = lazy(() => import('../features/users/pages/roles-page.tsx'));
const AppsListPage = lazy(() => import('../features/apps/pages/apps-list-page.tsx'));
const AdslotsListPage = lazy(() => import('../features/adslots/pages/adslots-list-page.tsx'));

/** The screen of each permission-built path; paths not listed get the coming-soon screen. */
export const screenByPath: Record<string, Page> = {
  '/report/sdk': SdkReportPage,
  '/report/rtb': RtbReportPage,
  '/report/newreport': AffiliateReportPage,
  '/report/reportv2': NewAffiliateReportPage,
  '/report/game': GameReportPage,
  '/appReport/list': AppReportPage,
  '/account/index': AccountInfoPage,
  '/account/modPassword': ModPasswordPage,
  '/users': UsersPage,
  '/roles': RolesPage,
  '/apps/list': AppsListPage,
  '/adpos/list': AdslotsListPage,
};

/** The screen for `path`. */
export function screenFor(path: string): Page {
  return screenByPath[path] ?? ReportComingSoonPage;
}
