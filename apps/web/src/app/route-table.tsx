import { lazy, type ComponentType } from 'react';
import { loadTexts } from '../lib/i18n';
import type { MenuIconName } from './layout/menu-icons';
import type { RouteRule } from './route-access';

const LoginPage = lazy(() =>
  loadTexts(
    ['auth'],
    import('../features/auth/pages/login-page').then((m) => ({ default: m.LoginPage })),
  ),
);
const RegisterPage = lazy(() =>
  loadTexts(
    ['auth'],
    import('../features/auth/pages/register-page').then((m) => ({ default: m.RegisterPage })),
  ),
);
const RecoverPage = lazy(() =>
  loadTexts(
    ['auth'],
    import('../features/auth/pages/recover-page').then((m) => ({ default: m.RecoverPage })),
  ),
);
const RecoverChangePage = lazy(() =>
  loadTexts(
    ['auth'],
    import('../features/auth/pages/recover-change-page').then((m) => ({ default: m.RecoverChangePage })),
  ),
);
const TermsOfUsePage = lazy(() =>
  loadTexts(
    ['legal'],
    import('../features/legal/pages/terms-of-use-page').then((m) => ({ default: m.TermsOfUsePage })),
  ),
);
const PrivacyPolicyPage = lazy(() =>
  loadTexts(
    ['legal'],
    import('../features/legal/pages/privacy-policy-page').then((m) => ({ default: m.PrivacyPolicyPage })),
  ),
);
const NotFoundPage = lazy(() => import('../features/not-found/pages/not-found-page').then((m) => ({ default: m.NotFoundPage })));
const PermissionOnlyPage = lazy(() =>
  import('../features/not-found/pages/permission-only-page').then((m) => ({ default: m.PermissionOnlyPage })),
);
const QrPage = lazy(() =>
  loadTexts(
    ['qrcode'],
    import('../features/qrcode/pages/qr-page').then((m) => ({ default: m.QrPage })),
  ),
);
const ThreeDsPage = lazy(() =>
  loadTexts(
    ['bridge'],
    import('../features/bridge/pages/three-ds-page').then((m) => ({ default: m.ThreeDsPage })),
  ),
);
const HomePage = lazy(() =>
  loadTexts(
    ['home', 'map'],
    import('../features/home/pages/home-page').then((m) => ({ default: m.HomePage })),
  ),
);
const StationsPage = lazy(() =>
  loadTexts(
    ['stations', 'plugShare', 'qrcode', 'map'],
    import('../features/stations/pages/stations-page').then((m) => ({ default: m.StationsPage })),
  ),
);
const StationFormPage = lazy(() =>
  loadTexts(
    ['stations', 'plugShare', 'qrcode', 'map'],
    import('../features/stations/pages/station-form-page').then((m) => ({ default: m.StationFormPage })),
  ),
);
const PlugSharePage = lazy(() =>
  loadTexts(
    ['plugShare'],
    import('../features/plug-share/pages/plug-share-page').then((m) => ({ default: m.PlugSharePage })),
  ),
);
const StationGroupsPage = lazy(() =>
  loadTexts(
    ['stationGroups', 'map'],
    import('../features/station-groups/pages/station-groups-page').then((m) => ({ default: m.StationGroupsPage })),
  ),
);
const StationGroupFormPage = lazy(() =>
  loadTexts(
    ['stationGroups', 'map'],
    import('../features/station-groups/pages/station-group-form-page').then((m) => ({ default: m.StationGroupFormPage })),
  ),
);
const UsersPage = lazy(() =>
  loadTexts(
    ['users'],
    import('../features/users/pages/users-page').then((m) => ({ default: m.UsersPage })),
  ),
);
const UserFormPage = lazy(() =>
  loadTexts(
    ['users'],
    import('../features/users/pages/user-form-page').then((m) => ({ default: m.UserFormPage })),
  ),
);
const TagsPage = lazy(() =>
  loadTexts(
    ['tags'],
    import('../features/tags/pages/tags-page').then((m) => ({ default: m.TagsPage })),
  ),
);
const TagFormPage = lazy(() =>
  loadTexts(
    ['tags'],
    import('../features/tags/pages/tag-form-page').then((m) => ({ default: m.TagFormPage })),
  ),
);
const UnknownTagsPage = lazy(() =>
  loadTexts(
    ['tags'],
    import('../features/tags/pages/unknown-tags-page').then((m) => ({ default: m.UnknownTagsPage })),
  ),
);
const TransactionsPage = lazy(() =>
  loadTexts(
    ['transactions'],
    import('../features/transactions/pages/transactions-page').then((m) => ({ default: m.TransactionsPage })),
  ),
);
const EditPaymentPage = lazy(() =>
  loadTexts(
    ['transactions'],
    import('../features/transactions/pages/edit-payment-page').then((m) => ({ default: m.EditPaymentPage })),
  ),
);
const IndicatorsPage = lazy(() =>
  loadTexts(
    ['indicators'],
    import('../features/indicators/pages/indicators-page').then((m) => ({ default: m.IndicatorsPage })),
  ),
);
const OperationsPage = lazy(() =>
  loadTexts(
    ['operations'],
    import('../features/operations/pages/operations-page').then((m) => ({ default: m.OperationsPage })),
  ),
);
const ChargingProfileFormPage = lazy(() =>
  loadTexts(
    ['operations'],
    import('../features/operations/pages/charging-profile-form-page').then((m) => ({ default: m.ChargingProfileFormPage })),
  ),
);
const PricingProfilesPage = lazy(() =>
  loadTexts(
    ['dynamicPricing'],
    import('../features/dynamic-pricing/pages/pricing-profiles-page').then((m) => ({ default: m.PricingProfilesPage })),
  ),
);
const PricingProfilePage = lazy(() =>
  loadTexts(
    ['dynamicPricing'],
    import('../features/dynamic-pricing/pages/pricing-profile-page').then((m) => ({ default: m.PricingProfilePage })),
  ),
);
const PricingDayPage = lazy(() =>
  loadTexts(
    ['dynamicPricing'],
    import('../features/dynamic-pricing/pages/pricing-day-page').then((m) => ({ default: m.PricingDayPage })),
  ),
);
const PricingExceptionPage = lazy(() =>
  loadTexts(
    ['dynamicPricing'],
    import('../features/dynamic-pricing/pages/pricing-exception-page').then((m) => ({ default: m.PricingExceptionPage })),
  ),
);
const VirtualGroupsPage = lazy(() =>
  loadTexts(
    ['virtualGroups'],
    import('../features/virtual-groups/pages/virtual-groups-page').then((m) => ({ default: m.VirtualGroupsPage })),
  ),
);
const VirtualGroupCreatePage = lazy(() =>
  loadTexts(
    ['virtualGroups'],
    import('../features/virtual-groups/pages/virtual-group-create-page').then((m) => ({ default: m.VirtualGroupCreatePage })),
  ),
);
const ChargerPickerPage = lazy(() =>
  loadTexts(
    ['virtualGroups'],
    import('../features/virtual-groups/pages/charger-picker-page').then((m) => ({ default: m.ChargerPickerPage })),
  ),
);
const VirtualGroupViewPage = lazy(() =>
  loadTexts(
    ['virtualGroups'],
    import('../features/virtual-groups/pages/virtual-group-view-page').then((m) => ({ default: m.VirtualGroupViewPage })),
  ),
);
const VirtualGroupEditPage = lazy(() =>
  loadTexts(
    ['virtualGroups'],
    import('../features/virtual-groups/pages/virtual-group-edit-page').then((m) => ({ default: m.VirtualGroupEditPage })),
  ),
);
const AddChargersPage = lazy(() =>
  loadTexts(
    ['virtualGroups'],
    import('../features/virtual-groups/pages/add-chargers-page').then((m) => ({ default: m.AddChargersPage })),
  ),
);
const FinancialPage = lazy(() =>
  loadTexts(
    ['financial'],
    import('../features/financial/pages/financial-page').then((m) => ({ default: m.FinancialPage })),
  ),
);
const AlertsPage = lazy(() =>
  loadTexts(
    ['alerts'],
    import('../features/alerts/pages/alerts-page').then((m) => ({ default: m.AlertsPage })),
  ),
);
const LogPage = lazy(() =>
  loadTexts(
    ['logs'],
    import('../features/logs/pages/log-page').then((m) => ({ default: m.LogPage })),
  ),
);
const SupportPage = lazy(() =>
  loadTexts(
    ['support'],
    import('../features/support/pages/support-page').then((m) => ({ default: m.SupportPage })),
  ),
);
const PushPage = lazy(() =>
  loadTexts(
    ['push'],
    import('../features/push/pages/push-page').then((m) => ({ default: m.PushPage })),
  ),
);
const ContactPage = lazy(() =>
  loadTexts(
    ['contact'],
    import('../features/contact/pages/contact-page').then((m) => ({ default: m.ContactPage })),
  ),
);
const VouchersPage = lazy(() =>
  loadTexts(
    ['vouchers'],
    import('../features/vouchers/pages/vouchers-page').then((m) => ({ default: m.VouchersPage })),
  ),
);
const VoucherCreatePage = lazy(() =>
  loadTexts(
    ['vouchers'],
    import('../features/vouchers/pages/voucher-create-page').then((m) => ({ default: m.VoucherCreatePage })),
  ),
);
const VoucherEditPage = lazy(() =>
  loadTexts(
    ['vouchers'],
    import('../features/vouchers/pages/voucher-edit-page').then((m) => ({ default: m.VoucherEditPage })),
  ),
);
const VoucherUsersPage = lazy(() =>
  loadTexts(
    ['vouchers'],
    import('../features/vouchers/pages/voucher-users-page').then((m) => ({ default: m.VoucherUsersPage })),
  ),
);
const ConfigPage = lazy(() =>
  loadTexts(
    ['config'],
    import('../features/config/pages/config-page').then((m) => ({ default: m.ConfigPage })),
  ),
);
const AdminPage = lazy(() =>
  loadTexts(
    ['admin', 'config'],
    import('../features/admin/pages/admin-page').then((m) => ({ default: m.AdminPage })),
  ),
);
const VoucherPage = lazy(() =>
  loadTexts(
    ['vouchers'],
    import('../features/vouchers/pages/voucher-page').then((m) => ({ default: m.VoucherPage })),
  ),
);

export interface AppRoute extends RouteRule {
  component: ComponentType;
  /** The page's name in the `shell` namespace: the document title reads 'Page — Brand'. */
  titleKey: string;
  /** Sidebar entry; `icon` names one of layout/menu-icons.tsx. */
  menu?: { order: number; labelKey: string; icon: MenuIconName };
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
    titleKey: 'titles.home',
    access: 'private',
    permission: '/',
    component: HomePage,
    menu: { order: 10, labelKey: 'menu.home', icon: 'home' },
  },
  {
    path: '/stations',
    titleKey: 'titles.stations',
    access: 'private',
    permission: '/stations',
    component: StationsPage,
    menu: { order: 20, labelKey: 'menu.stations', icon: 'stations' },
  },
  {
    path: '/stations/create',
    titleKey: 'titles.stationCreate',
    access: 'private',
    permission: '/stations/create',
    component: StationFormPage,
  },
  {
    path: '/stations/edit/:id',
    titleKey: 'titles.stationEdit',
    access: 'private',
    permission: '/stations/edit/{id}',
    component: StationFormPage,
  },
  // Third-party points import: the same permission as the server's import call.
  {
    path: '/stations/plug-share',
    titleKey: 'titles.plugShare',
    access: 'private',
    permission: '/stations/create',
    component: PlugSharePage,
  },
  {
    path: '/station_groups',
    titleKey: 'titles.stationGroups',
    access: 'private',
    permission: '/station_groups',
    component: StationGroupsPage,
    menu: { order: 30, labelKey: 'menu.stationGroups', icon: 'stationGroups' },
  },
  {
    path: '/station_groups/create',
    titleKey: 'titles.stationGroupCreate',
    access: 'private',
    permission: '/station_groups/create',
    component: StationGroupFormPage,
  },
  {
    path: '/station_groups/edit/:id',
    titleKey: 'titles.stationGroupEdit',
    access: 'private',
    permission: '/station_groups/edit/{id}',
    component: StationGroupFormPage,
  },
  {
    path: '/users',
    titleKey: 'titles.users',
    access: 'private',
    permission: '/users',
    component: UsersPage,
    menu: { order: 40, labelKey: 'menu.users', icon: 'users' },
  },
  { path: '/users/create', titleKey: 'titles.userCreate', access: 'private', permission: '/users/create', component: UserFormPage },
  // Everyone opens their own profile (header 'View profile'); other users need /user/{id}.
  { path: '/user/:id', titleKey: 'titles.user', access: 'private', permission: '/user/{id}', selfParam: 'id', component: UserFormPage },
  {
    path: '/ocpptags',
    titleKey: 'titles.tags',
    access: 'private',
    permission: '/ocpptags',
    component: TagsPage,
    menu: { order: 50, labelKey: 'menu.tags', icon: 'tags' },
  },
  { path: '/ocpptags/create', titleKey: 'titles.tagCreate', access: 'private', permission: '/ocpptags/create', component: TagFormPage },
  { path: '/ocpptags/edit/:id', titleKey: 'titles.tagEdit', access: 'private', permission: '/ocpptags/edit/{id}', component: TagFormPage },
  {
    path: '/operations',
    titleKey: 'titles.operations',
    access: 'private',
    permission: '/operations',
    component: OperationsPage,
    menu: { order: 55, labelKey: 'menu.operations', icon: 'operations' },
  },
  // /operations/v15, /v16, /tasks, /charging_profile and /operations/<command>: the view and command
  // permissions are checked by the page (which toggles and commands it offers) and by the server.
  { path: '/operations/:view', titleKey: 'titles.operations', access: 'private', permission: '/operations', component: OperationsPage },
  {
    path: '/charging_profile/create',
    titleKey: 'titles.chargingProfileCreate',
    access: 'private',
    permission: '/charging_profile/create',
    component: ChargingProfileFormPage,
  },
  {
    path: '/charging_profile/edit/:id',
    titleKey: 'titles.chargingProfileEdit',
    access: 'private',
    permission: '/charging_profile/edit/{id}',
    component: ChargingProfileFormPage,
  },
  {
    path: '/transactions',
    titleKey: 'titles.transactions',
    access: 'private',
    permission: '/transactions',
    component: TransactionsPage,
    menu: { order: 60, labelKey: 'menu.transactions', icon: 'transactions' },
  },
  {
    path: '/transactions/:id/payment/edit',
    titleKey: 'titles.paymentEdit',
    access: 'private',
    permission: '/transactions/{id}/payment/edit',
    component: EditPaymentPage,
  },
  // Gated by DASH_CVE_PRO_MONETIZATION_CONFIG (or the Terpel theme) in permittedRoutes (000 §6).
  {
    path: '/financial',
    titleKey: 'titles.financial',
    access: 'private',
    permission: '/financial',
    component: FinancialPage,
    menu: { order: 65, labelKey: 'menu.financial', icon: 'financial' },
  },
  {
    path: '/dynamic-pricing',
    titleKey: 'titles.dynamicPricing',
    access: 'private',
    permission: '/dynamic-pricing',
    component: PricingProfilesPage,
    menu: { order: 70, labelKey: 'menu.dynamicPricing', icon: 'dynamicPricing' },
  },
  // The profile, its exception form and each weekday's editor: the list's permission (002 §2).
  {
    path: '/dynamic-pricing/:id',
    titleKey: 'titles.pricingProfile',
    access: 'private',
    permission: '/dynamic-pricing',
    component: PricingProfilePage,
  },
  {
    path: '/dynamic-pricing/:id/exception',
    titleKey: 'titles.pricingException',
    access: 'private',
    permission: '/dynamic-pricing',
    component: PricingExceptionPage,
  },
  {
    path: '/dynamic-pricing/:id/:weekday',
    titleKey: 'titles.pricingDay',
    access: 'private',
    permission: '/dynamic-pricing',
    component: PricingDayPage,
  },
  {
    path: '/virtual-groups',
    titleKey: 'titles.virtualGroups',
    access: 'private',
    permission: '/virtual-groups',
    component: VirtualGroupsPage,
    menu: { order: 75, labelKey: 'menu.virtualGroups', icon: 'virtualGroups' },
  },
  {
    path: '/virtual-groups/create',
    titleKey: 'titles.virtualGroupCreate',
    access: 'private',
    permission: '/virtual-groups',
    component: VirtualGroupCreatePage,
  },
  {
    path: '/virtual-groups/chargeboxes/select',
    titleKey: 'titles.virtualGroupChargers',
    access: 'private',
    permission: '/virtual-groups',
    component: ChargerPickerPage,
  },
  {
    path: '/virtual-groups/view/:id',
    titleKey: 'titles.virtualGroup',
    access: 'private',
    permission: '/virtual-groups',
    component: VirtualGroupViewPage,
  },
  {
    path: '/virtual-groups/edit/:id',
    titleKey: 'titles.virtualGroupEdit',
    access: 'private',
    permission: '/virtual-groups',
    component: VirtualGroupEditPage,
  },
  {
    path: '/virtual-groups/edit/:id/chargeboxes',
    titleKey: 'titles.virtualGroupAddChargers',
    access: 'private',
    permission: '/virtual-groups',
    component: AddChargersPage,
  },
  // Vouchers (002 §2): gated by DASH_CVE_PRO_CREATE_VOUCHER (or the Terpel theme) in permittedRoutes;
  // every screen needs '/vouchers', the key every voucher call checks on the server.
  {
    path: '/vouchers',
    titleKey: 'titles.vouchers',
    access: 'private',
    permission: '/vouchers',
    component: VouchersPage,
    menu: { order: 68, labelKey: 'menu.vouchers', icon: 'vouchers' },
  },
  {
    path: '/vouchers/create',
    titleKey: 'titles.vouchersCreate',
    access: 'private',
    permission: '/vouchers',
    component: VoucherCreatePage,
  },
  {
    path: '/vouchers/create/select_users',
    titleKey: 'titles.vouchersSelectUsers',
    access: 'private',
    permission: '/vouchers',
    component: VoucherUsersPage,
  },
  {
    path: '/vouchers/edit/:id/select_users',
    titleKey: 'titles.vouchersSelectUsers',
    access: 'private',
    permission: '/vouchers',
    component: VoucherUsersPage,
  },
  { path: '/voucher/:id', titleKey: 'titles.vouchersDetail', access: 'private', permission: '/vouchers', component: VoucherPage },
  { path: '/voucher/:id/edit', titleKey: 'titles.vouchersEdit', access: 'private', permission: '/vouchers', component: VoucherEditPage },
  {
    path: '/indicators',
    titleKey: 'titles.indicators',
    access: 'private',
    permission: '/indicators',
    component: IndicatorsPage,
    menu: { order: 80, labelKey: 'menu.indicators', icon: 'indicators' },
  },
  {
    path: '/alerts',
    titleKey: 'titles.alerts',
    access: 'private',
    permission: '/alerts',
    component: AlertsPage,
    menu: { order: 90, labelKey: 'menu.alerts', icon: 'alerts' },
  },
  // The operational log (001 §2): '/log' is kept by permittedRoutes only with the load-balance,
  // monetization and voucher roles together (or the Terpel theme), 002 §6.
  {
    path: '/log',
    titleKey: 'titles.logs',
    access: 'private',
    permission: '/log',
    component: LogPage,
    menu: { order: 95, labelKey: 'menu.logs', icon: 'log' },
  },
  {
    path: '/support',
    titleKey: 'titles.support',
    access: 'private',
    permission: '/support',
    component: SupportPage,
    menu: { order: 100, labelKey: 'menu.support', icon: 'support' },
  },
  {
    path: '/push_notification',
    titleKey: 'titles.push',
    access: 'private',
    permission: '/push_notification',
    component: PushPage,
    menu: { order: 110, labelKey: 'menu.push', icon: 'pushNotification' },
  },
  // A network's own settings and the administrators' network screen (issue 21 item 8). /admin also
  // needs the DASH_ADMIN role: the page shows the no-permission view without it, and every /admin
  // call checks both on the server.
  {
    path: '/config',
    titleKey: 'titles.config',
    access: 'private',
    permission: '/config',
    component: ConfigPage,
    menu: { order: 120, labelKey: 'menu.config', icon: 'config' },
  },
  {
    path: '/admin',
    titleKey: 'titles.admin',
    access: 'private',
    permission: '/admin',
    component: AdminPage,
    menu: { order: 130, labelKey: 'menu.admin', icon: 'admin' },
  },
  // Permission keys without a screen (000 §1): opened by address, they say where they act (docs/decisions.md).
  {
    path: '/stations/delete/:id',
    titleKey: 'titles.permissionOnly',
    access: 'private',
    permission: '/stations/delete/{id}',
    component: PermissionOnlyPage,
  },
  {
    path: '/ocpptags/delete/:id',
    titleKey: 'titles.permissionOnly',
    access: 'private',
    permission: '/ocpptags/delete/{id}',
    component: PermissionOnlyPage,
  },
  {
    path: '/cancel-idle-payment',
    titleKey: 'titles.permissionOnly',
    access: 'private',
    permission: '/cancel-idle-payment',
    component: PermissionOnlyPage,
  },
  {
    path: '/users_data/tenant_parent/cpf',
    titleKey: 'titles.permissionOnly',
    access: 'private',
    permission: '/users_data/tenant_parent/cpf',
    component: PermissionOnlyPage,
  },
  // Sign-in screens (a signed-in visitor is sent to /).
  { path: '/auth/login', titleKey: 'titles.login', access: 'guest', permission: null, component: LoginPage },
  { path: '/auth/register', titleKey: 'titles.register', access: 'guest', permission: null, component: RegisterPage },
  { path: '/auth/recover', titleKey: 'titles.recover', access: 'guest', permission: null, component: RecoverPage },
  { path: '/auth/recover/change', titleKey: 'titles.recoverChange', access: 'guest', permission: null, component: RecoverChangePage },
  // Public pages.
  { path: '/terms-of-use', titleKey: 'titles.terms', access: 'public', permission: null, component: TermsOfUsePage },
  { path: '/privacy-policy', titleKey: 'titles.privacy', access: 'public', permission: null, component: PrivacyPolicyPage },
  { path: '/not-found', titleKey: 'titles.notFound', access: 'public', permission: null, component: NotFoundPage },
  // The public QR start/stop page of a connector and the card-payment bridge (001 §2, §6).
  { path: '/qrcode/start/:chargeBoxId/:connectorId', titleKey: 'titles.qrcode', access: 'public', permission: null, component: QrPage },
  { path: '/three-ds-authentication', titleKey: 'titles.bridge', access: 'public', permission: null, component: ThreeDsPage },
  // The contact form (001 §2 Contact page): public, with the captcha; mailed to the host's network's support.
  { path: '/contact', titleKey: 'titles.contact', access: 'public', permission: null, component: ContactPage },
  // Public address (001 §2); the page itself asks for a session holding /ocpptags/unknown.
  { path: '/ocpptags/unknown', titleKey: 'titles.unknownTags', access: 'public', permission: null, component: UnknownTagsPage },
];
