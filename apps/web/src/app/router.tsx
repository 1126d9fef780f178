import { Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { AuthLayout } from '../features/auth/components/auth-layout';
import { GuestOnly } from './guards/guest-only';
import { RequireAuth } from './guards/require-auth';
import { RequirePermission } from './guards/require-permission';
import { PublicLayout } from './layout/public-layout';
import { RootLayout } from './layout/root-layout';
import { ShellLayout } from './layout/shell-layout';
import { routeTable, type AppRoute } from './route-table';

function toRoute(route: AppRoute, guarded: boolean): RouteObject {
  const Screen = route.component;
  const screen = guarded ? (
    <RequirePermission permission={route.permission} selfParam={route.selfParam}>
      <Screen />
    </RequirePermission>
  ) : (
    <Screen />
  );
  return route.path === '/' ? { index: true, element: screen } : { path: route.path, element: screen };
}

function routesFor(access: AppRoute['access']): RouteObject[] {
  return routeTable.filter((r) => r.access === access).map((r) => toRoute(r, access === 'private'));
}

/** Builds the router from the route table. */
export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <RootLayout />,
      children: [
        {
          element: <GuestOnly />,
          children: [
            {
              element: (
                <Suspense fallback={<PageLoader />}>
                  <AuthLayout />
                </Suspense>
              ),
              children: routesFor('guest'),
            },
          ],
        },
        { element: <PublicLayout />, children: routesFor('public') },
        {
          path: '/',
          element: <RequireAuth />,
          children: [{ element: <ShellLayout />, children: routesFor('private') }],
        },
        { path: '*', element: <Navigate to="/not-found" replace /> },
      ],
    },
  ]);
}
