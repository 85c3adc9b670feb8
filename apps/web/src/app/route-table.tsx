/** Screens of the permission-built routes (spec §2), lazily loaded so /login stays small. */
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

type Page = LazyExoticComponent<ComponentType>;

const SdkReportPage = lazy(() => import('../features/reports/pages/sdk-report-page.tsx'));
const ReportComingSoonPage = lazy(() => import('../features/reports/pages/report-coming-soon-page.tsx'));
const AccountInfoPage = lazy(() => import('../features/account/pages/account-info-page.tsx'));
const ModPasswordPage = lazy(() => import('../features/account/pages/mod-password-page.tsx'));

/** The screen of each permission-built path; paths not listed get the coming-soon screen. */
export const screenByPath: Record<string, Page> = {
  '/report/sdk': SdkReportPage,
  '/account/index': AccountInfoPage,
  '/account/modPassword': ModPasswordPage,
};

/** The screen for `path`. */
export function screenFor(path: string): Page {
  return screenByPath[path] ?? ReportComingSoonPage;
}
