import { lazy, type ComponentType } from 'react';
import { AlertOutlined, ClusterOutlined, DollarOutlined, HomeOutlined, LineChartOutlined, ThunderboltOutlined } from '@ant-design/icons';
import type { RouteRule } from './route-access';

const LoginPage = lazy(() => import('../features/auth/pages/login-page').then((m) => ({ default: m.LoginPage })));
const RegisterPage = lazy(() => import('../features/auth/pages/register-page').then((m) => ({ default: m.RegisterPage })));
const RecoverPage = lazy(() => import('../features/auth/pages/recover-page').then((m) => ({ default: m.RecoverPage })));
const RecoverChangePage = lazy(() => import('../features/auth/pages/recover-change-page').then((m) => ({ default: m.RecoverChangePage })));
const TermsOfUsePage = lazy(() => import('../features/legal/pages/terms-of-use-page').then((m) => ({ default: m.TermsOfUsePage })));
const PrivacyPolicyPage = lazy(() => import('../features/legal/pages/privacy-policy-page').then((m) => ({ default: m.PrivacyPolicyPage })));
const NotFoundPage = lazy(() => import('../features/not-found/pages/not-found-page').then((m) => ({ default: m.NotFoundPage })));
const HomePage = lazy(() => import('../features/home/pages/home-page').then((m) => ({ default: m.HomePage })));
const StationsPage = lazy(() => import('../features/stations/pages/stations-page').then((m) => ({ default: m.StationsPage })));
const StationFormPage = lazy(() => import('../features/stations/pages/station-form-page').then((m) => ({ default: m.StationFormPage })));
const PlugSharePage = lazy(() => import('../features/plug-share/pages/plug-share-page').then((m) => ({ default: m.PlugSharePage })));
const StationGroupsPage = lazy(() =>
  import('../features/station-groups/pages/station-groups-page').then((m) => ({ default: m.StationGroupsPage })),
);
const StationGroupFormPage = lazy(() =>
  import('../features/station-groups/pages/station-group-form-page').then((m) => ({ default: m.StationGroupFormPage })),
);
const UserFormPage = lazy(() => import('../features/users/pages/user-form-page').then((m) => ({ default: m.UserFormPage })));
const TransactionsPage = lazy(() =>
  import('../features/transactions/pages/transactions-page').then((m) => ({ default: m.TransactionsPage })),
);
const EditPaymentPage = lazy(() =>
  import('../features/transactions/pages/edit-payment-page').then((m) => ({ default: m.EditPaymentPage })),
);
const IndicatorsPage = lazy(() => import('../features/indicators/pages/indicators-page').then((m) => ({ default: m.IndicatorsPage })));
const AlertsPage = lazy(() => import('../features/alerts/pages/alerts-page').then((m) => ({ default: m.AlertsPage })));

export interface AppRoute extends RouteRule {
  component: ComponentType;
  menu?: { order: number; labelKey: string; icon: ComponentType };
}

/**
 * THE route table: path, access, permission key, screen and menu entry. Router, guards and
 * sidebar all read it. Later screens add their row here (with the permission key exactly as the
 * permission list writes it, e.g. `/user/{id}` for the path `/user/:id`).
 */
export const routeTable: readonly AppRoute[] = [
  // Signed-in screens.
  {
    path: '/',
    access: 'private',
    permission: '/',
    component: HomePage,
    menu: { order: 10, labelKey: 'menu.home', icon: HomeOutlined },
  },
  {
    path: '/stations',
    access: 'private',
    permission: '/stations',
    component: StationsPage,
    menu: { order: 20, labelKey: 'menu.stations', icon: ThunderboltOutlined },
  },
  { path: '/stations/create', access: 'private', permission: '/stations/create', component: StationFormPage },
  { path: '/stations/edit/:id', access: 'private', permission: '/stations/edit/{id}', component: StationFormPage },
  // Third-party points import: the same permission as the server's import call.
  { path: '/stations/plug-share', access: 'private', permission: '/stations/create', component: PlugSharePage },
  {
    path: '/station_groups',
    access: 'private',
    permission: '/station_groups',
    component: StationGroupsPage,
    menu: { order: 30, labelKey: 'menu.stationGroups', icon: ClusterOutlined },
  },
  { path: '/station_groups/create', access: 'private', permission: '/station_groups/create', component: StationGroupFormPage },
  { path: '/station_groups/edit/:id', access: 'private', permission: '/station_groups/edit/{id}', component: StationGroupFormPage },
  { path: '/users/create', access: 'private', permission: '/users/create', component: UserFormPage },
  // Everyone opens their own profile (header 'View profile'); other users need /user/{id}.
  { path: '/user/:id', access: 'private', permission: '/user/{id}', selfParam: 'id', component: UserFormPage },
  {
    path: '/transactions',
    access: 'private',
    permission: '/transactions',
    component: TransactionsPage,
    menu: { order: 60, labelKey: 'transactions:menu', icon: DollarOutlined },
  },
  { path: '/transactions/:id/payment/edit', access: 'private', permission: '/transactions/{id}/payment/edit', component: EditPaymentPage },
  {
    path: '/indicators',
    access: 'private',
    permission: '/indicators',
    component: IndicatorsPage,
    menu: { order: 80, labelKey: 'indicators:menu', icon: LineChartOutlined },
  },
  {
    path: '/alerts',
    access: 'private',
    permission: '/alerts',
    component: AlertsPage,
    menu: { order: 90, labelKey: 'alerts:menu', icon: AlertOutlined },
  },
  // Sign-in screens (a signed-in visitor is sent to /).
  { path: '/auth/login', access: 'guest', permission: null, component: LoginPage },
  { path: '/auth/register', access: 'guest', permission: null, component: RegisterPage },
  { path: '/auth/recover', access: 'guest', permission: null, component: RecoverPage },
  { path: '/auth/recover/change', access: 'guest', permission: null, component: RecoverChangePage },
  // Public pages.
  { path: '/terms-of-use', access: 'public', permission: null, component: TermsOfUsePage },
  { path: '/privacy-policy', access: 'public', permission: null, component: PrivacyPolicyPage },
  { path: '/not-found', access: 'public', permission: null, component: NotFoundPage },
];
