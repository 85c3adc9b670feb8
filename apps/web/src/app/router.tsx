/** The route tree of spec §2: public paths, then permission-built routes behind the token guard. */
import { lazy, Suspense, useEffect } from 'react';
import { lazyWithPreload } from 'react-lazy-with-preload';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { ShellSkeleton } from '@/components/content-skeleton.tsx';
import { PageSpinner } from '@/components/page-spinner.tsx';
import { ScreenErrorBoundary } from '@/components/screen-error-boundary.tsx';
import { routedPaths } from '@/lib/access.ts';
import { useAccess } from '@/lib/access-context.ts';
import { setCurrentPath, setNavigate, unsetNavigate } from '@/lib/navigation.ts';
import { findEntry, navParents } from '@/lib/route-table.ts';
import { DocumentTitle } from './document-title.tsx';
import { NoMatch, RequireAuth } from './guards.tsx';
import { screenFor } from './route-table.tsx';

const LoginPage = lazy(() => import('@/features/account/pages/login-page.tsx'));
// The frame of every screen but /login; main.tsx starts it with a signed-in landing screen, so that
// it renders in the first pass (react-lazy-with-preload: once preloaded, no suspense).
const AppLayout = lazyWithPreload(() => import('./layout/app-layout.tsx'));
/** Starts loading the signed-in frame's module (main.tsx); resolves to its component. */
export const preloadLayout = AppLayout.preload;
const HomePage = lazy(() => import('@/features/home/pages/home-page.tsx'));
const PolicyPage = lazy(() => import('@/features/policy/pages/policy-page.tsx'));
const ResetPasswordPage = lazy(() => import('@/features/account/pages/reset-password-page.tsx'));
const SignupPage = lazy(() => import('@/features/account/pages/signup-page.tsx'));
const OrganisePage = lazy(() => import('@/features/organisation/pages/organise-page.tsx'));
const NotFoundPage = lazy(() => import('@/features/errors/pages/not-found-page.tsx'));
const EmptyPage = lazy(() => import('@/features/errors/pages/empty-page.tsx'));

/** Lets the request client navigate through the router and know the page shown. */
function NavigateBridge() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  useEffect(() => setCurrentPath(`${pathname}${search}`), [pathname, search]);
  useEffect(() => {
    const fn: Parameters<typeof setNavigate>[0] = (to, opts) => navigate(to, opts);
    setNavigate(fn);
    return () => unsetNavigate(fn);
  }, [navigate]);
  return null;
}

/**
 * Until the first screen's code has arrived: the login screen's spinner on /login, the frame with a
 * content skeleton anywhere else (issue 25 item 13).
 */
function FirstPaint() {
  const { pathname } = useLocation();
  return pathname === '/login' ? <PageSpinner top={160} /> : <ShellSkeleton />;
}

const fallback = <FirstPaint />;

/** All routes. */
export function AppRoutes() {
  const { permitted } = useAccess();
  const { pathname } = useLocation();
  const routes = routedPaths(permitted).flatMap((path) => {
    const Screen = screenFor(path);
    return [path, ...(findEntry(path)?.patterns ?? [])].map((p) => (
      <Route key={p} path={p} element={<Screen />} />
    ));
  });
  // The last resort (the frame's own code or the sign-in screen's did not load); a screen's own error
  // shows inside the frame (layout/app-layout.tsx).
  return (
    <ScreenErrorBoundary resetKeys={[pathname]}>
      <Suspense fallback={fallback}>
        <NavigateBridge />
        <DocumentTitle />
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route element={<AppLayout />}>
            <Route index element={<Navigate to="/home" replace />} />
            <Route path="/home" element={<HomePage />} />
            <Route path="/resetPassword" element={<ResetPasswordPage />} />
            <Route path="/signup" element={<SignupPage />} />
            <Route path="/policy/index" element={<PolicyPage />} />
            <Route path="/organize" element={<OrganisePage />} />
            <Route path="/404" element={<NotFoundPage />} />
            <Route path="/empty" element={<EmptyPage />} />
            <Route element={<RequireAuth />}>
              {navParents.map((p) => (
                <Route key={p.path} path={p.path} element={<Navigate to={p.redirect} replace />} />
              ))}
              {routes}
              <Route path="*" element={<NoMatch />} />
            </Route>
          </Route>
        </Routes>
      </Suspense>
    </ScreenErrorBoundary>
  );
}
