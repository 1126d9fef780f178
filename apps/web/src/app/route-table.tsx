import { lazy, type ComponentType } from 'react';
import { HomeOutlined } from '@ant-design/icons';
import type { RouteRule } from './route-access';

const LoginPage = lazy(() => import('../features/auth/pages/login-page').then((m) => ({ default: m.LoginPage })));
const RegisterPage = lazy(() => import('../features/auth/pages/register-page').then((m) => ({ default: m.RegisterPage })));
const RecoverPage = lazy(() => import('../features/auth/pages/recover-page').then((m) => ({ default: m.RecoverPage })));
const RecoverChangePage = lazy(() => import('../features/auth/pages/recover-change-page').then((m) => ({ default: m.RecoverChangePage })));
const TermsOfUsePage = lazy(() => import('../features/legal/pages/terms-of-use-page').then((m) => ({ default: m.TermsOfUsePage })));
const PrivacyPolicyPage = lazy(() => import('../features/legal/pages/privacy-policy-page').then((m) => ({ default: m.PrivacyPolicyPage })));
const NotFoundPage = lazy(() => import('../features/not-found/pages/not-found-page').then((m) => ({ default: m.NotFoundPage })));
const HomePage = lazy(() => import('../features/home/pages/home-page').then((m) => ({ default: m.HomePage })));

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
