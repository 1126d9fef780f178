import { Button, Dropdown, type MenuProps } from 'antd';
import { DownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { DashboardRoute } from '@recarga/contracts/routes';
import { logout } from '../../features/auth/api/logout';
import { clearSession } from '../../lib/session';
import { useFeedback } from '../../lib/use-feedback';
import { useSession } from '../../lib/use-session';
import { hasScreenFor, linkTo } from '../route-access';
import { routeTable } from '../route-table';

/** Profile screen key; everyone may open their own profile (the route's selfParam). */
const profileKey: DashboardRoute = '/user/{id}';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '')).toUpperCase();
}

/** How long a sign-out waits for the server to revoke the session before ending it on this device anyway. */
const LOGOUT_WAIT_MS = 5_000;

export function UserMenu() {
  const { t } = useTranslation('shell');
  const { message } = useFeedback();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  if (!session) return null;
  const { user } = session;

  const signOut = async () => {
    // What the screens were still loading no longer matters: cancelled, it frees the browser's
    // connections to the server for the sign-out itself, which waits a few seconds at most.
    void queryClient.cancelQueries();
    try {
      await logout(AbortSignal.timeout(LOGOUT_WAIT_MS));
    } catch {
      // The session ends on this device even when the server could not be told.
    }
    clearSession();
    queryClient.clear();
    message.success(t('logout.success'));
    navigate('/auth/login', { replace: true });
  };

  const items: NonNullable<MenuProps['items']> = [];
  if (hasScreenFor(routeTable, profileKey)) {
    items.push({ key: 'profile', icon: <UserOutlined />, label: t('userMenu.profile') });
    items.push({ type: 'divider' });
  }
  items.push({ key: 'logout', icon: <LogoutOutlined />, label: t('userMenu.logout'), danger: true });

  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        items,
        onClick: ({ key }) => {
          if (key === 'profile') navigate(linkTo(profileKey, { id: user.id }));
          if (key === 'logout') void signOut();
        },
      }}
    >
      <Button type="text" className="user-button" aria-label={t('userMenu.label', { name: user.name })} data-testid="user-menu">
        <span className="user-button__avatar">{initials(user.name)}</span>
        <span className="user-button__name">{user.name}</span>
        <DownOutlined className="user-button__chevron" aria-hidden="true" />
      </Button>
    </Dropdown>
  );
}
