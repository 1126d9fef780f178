import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { GuestOnly } from './guards/guest-only';
import { RequireAuth } from './guards/require-auth';
import { RequirePermission } from './guards/require-permission';
import { RootLayout } from './layout/root-layout';
import { routeTable, type AppRoute } from './route-table';
import type { RouteHandle } from './route-handle';
import { loadTexts } from '../lib/i18n';

// Each frame loads with the first screen that needs it: the sign-in pages do not carry the shell.
const AuthLayout = lazy(() =>
  loadTexts(
    ['auth'],
    import('../features/auth/components/auth-layout').then((m) => ({ default: m.AuthLayout })),
  ),
);
const PublicLayout = lazy(() => import('./layout/public-layout').then((m) => ({ default: m.PublicLayout })));
const ShellLayout = lazy(() => import('./layout/shell-layout').then((m) => ({ default: m.ShellLayout })));

function Deferred({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageLoader />}>{children}</Suspense>;
}

function toRoute(route: AppRoute, guarded: boolean): RouteObject {
  const Screen = route.component;
  const screen = guarded ? (
    <RequirePermission permission={route.permission} selfParam={route.selfParam}>
      <Screen />
    </RequirePermission>
  ) : (
    <Screen />
  );
  const handle: RouteHandle = { titleKey: route.titleKey };
  return route.path === '/' ? { index: true, element: screen, handle } : { path: route.path, element: screen, handle };
}

function routesFor(access: AppRoute['access']): RouteObject[] {
  return routeTable.filter((r) => r.access === access).map((r) => toRoute(r, access === 'private'));
}

/** Builds the router from the route table. */
export function createAppRouter() {
  const unknownPath: RouteHandle = { titleKey: 'titles.notFound', unknownPath: true };
  return createBrowserRouter([
    {
      element: <RootLayout />,
      children: [
        {
          element: <GuestOnly />,
          children: [
            {
              element: (
                <Deferred>
                  <AuthLayout />
                </Deferred>
              ),
              children: routesFor('guest'),
            },
          ],
        },
        {
          element: (
            <Deferred>
              <PublicLayout />
            </Deferred>
          ),
          children: routesFor('public'),
        },
        {
          path: '/',
          // Signed out: the login, keeping the address to come back to; an unknown address goes to
          // the public not-found page instead.
          element: <RequireAuth />,
          children: [
            {
              element: (
                <Deferred>
                  <ShellLayout />
                </Deferred>
              ),
              // Signed in, an unknown address goes to /not-found too (000: "Unknown paths redirect to /not-found").
              children: [...routesFor('private'), { path: '*', element: <Navigate to="/not-found" replace />, handle: unknownPath }],
            },
          ],
        },
      ],
    },
  ]);
}
