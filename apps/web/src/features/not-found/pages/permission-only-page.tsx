import { Button } from 'antd';
import { ArrowRightOutlined, KeyOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';

/**
 * The four addresses of the route table that are permission keys only (000 §1, 001 §1): each lets a
 * button or a search act on another screen, and has no screen of its own. Opened by their
 * address (a bookmark, a permission list read as links), they say what the permission does and take
 * the user to the screen where it acts, instead of 'Página não encontrada'. The route guard has
 * already checked the permission: without it the user sees the no-permission view.
 */
const where = [
  { prefix: '/stations/delete/', key: 'stationDelete', to: '/stations' },
  { prefix: '/ocpptags/delete/', key: 'tagDelete', to: '/ocpptags' },
  { prefix: '/cancel-idle-payment', key: 'cancelIdle', to: '/transactions' },
  { prefix: '/users_data/tenant_parent/cpf', key: 'documentSearch', to: '/vouchers' },
] as const;

export function PermissionOnlyPage() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const place = where.find((w) => pathname.startsWith(w.prefix)) ?? where[0];
  return (
    <div className="no-permission" data-testid="permission-only">
      <KeyOutlined className="no-permission__icon" aria-hidden="true" />
      <h1 className="no-permission__title">{t(`permissionOnly.${place.key}.title`)}</h1>
      <p className="no-permission__text">{t(`permissionOnly.${place.key}.text`)}</p>
      <Button type="primary" size="large" icon={<ArrowRightOutlined aria-hidden="true" />} onClick={() => void navigate(place.to)}>
        {t(`permissionOnly.${place.key}.go`)}
      </Button>
    </div>
  );
}
