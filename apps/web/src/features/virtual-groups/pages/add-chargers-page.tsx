import { useState } from 'react';
import { Alert, Button, Card, Skeleton } from 'antd';
import { ArrowLeftOutlined, PlusOutlined } from '@ant-design/icons';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { roles } from '@recarga/contracts/permissions';
import type { ChargerRow, VirtualGroupDetail } from '@recarga/contracts/virtual-groups';
import { NoPermissionView } from '../../../components/no-permission-view';
import { PageHeader } from '../../../components/page-header';
import { useLeaveGuard } from '../../../components/use-leave-guard';
import { isApiError } from '../../../lib/api-error';
import { useFeedback } from '../../../lib/use-feedback';
import { useHasRole } from '../../../lib/use-permitted-routes';
import { useAddGroupChargers } from '../api/add-group-chargers';
import { useVirtualGroup } from '../api/get-virtual-group';
import { ChargerChoiceTable, type ChargerLock } from '../components/charger-choice-table';
import { HeldChargersNotice } from '../components/held-chargers-notice';
import type { ChosenCharger } from '../model/group-draft';
import { groupIdOf } from '../model/group-id';
import '../virtual-groups.css';

/**
 * /virtual-groups/edit/{id}/chargeboxes (002 §2): adds chargers to a group. Members of this group
 * and of others are shown, not tickable; needs DASH_VIRTUAL_GROUP_EDIT_CHARGEBOXES (§6).
 */
export function AddChargersPage() {
  const { t } = useTranslation('virtualGroups');
  const id = groupIdOf(useParams().id);
  const group = useVirtualGroup(id);
  const allowed = useHasRole(roles.virtualGroupEditChargeboxes);
  if (id === null) return <Navigate to="/not-found" replace />;
  if (!allowed) return <NoPermissionView />;
  return (
    <>
      <PageHeader
        title={t('add.title')}
        subtitle={group.data ? t('add.subtitle', { name: group.data.name }) : undefined}
        extra={
          <Link to={`/virtual-groups/view/${id}?tab=chargers`}>
            <Button icon={<ArrowLeftOutlined aria-hidden="true" />}>{t('form.back')}</Button>
          </Link>
        }
      />
      {group.isError ? (
        <Alert
          type="error"
          showIcon
          title={isApiError(group.error) && group.error.status === 404 ? t('form.notFound') : t('form.loadError')}
          action={<Button onClick={() => void group.refetch()}>{t('form.retry')}</Button>}
        />
      ) : group.data ? (
        <AddChargers group={group.data} />
      ) : (
        <Card variant="borderless" className="section-card">
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      )}
    </>
  );
}

function AddChargers({ group }: { group: VirtualGroupDetail }) {
  const { t } = useTranslation('virtualGroups');
  const { message } = useFeedback();
  const navigate = useNavigate();
  const id = group.virtual_group_id;
  const [chosen, setChosen] = useState(() => new Map<number, ChosenCharger>());
  const [refused, setRefused] = useState<string | null>(null);
  const leave = useLeaveGuard(chosen.size > 0);
  const add = useAddGroupChargers(id);
  const back = `/virtual-groups/view/${id}?tab=chargers`;

  const lockOf = (row: ChargerRow): ChargerLock | null => {
    if (row.virtual_group_id === id) return { reason: t('picker.inThisGroup'), ticked: true };
    if (row.virtual_group_id !== null) return { reason: t('picker.inGroup', { name: row.virtual_group_name ?? '' }), ticked: false };
    return null;
  };

  const submit = async () => {
    setRefused(null);
    try {
      await add.mutateAsync([...chosen.keys()]);
      message.success(t('add.added'));
      leave.release();
      navigate(back);
    } catch (error) {
      message.error(t('add.failed'));
      setRefused((isApiError(error) && error.body?.fields?.charge_boxs) || null);
    }
  };

  return (
    <Card variant="borderless" className="section-card">
      {refused ? (
        <Alert
          type="error"
          showIcon
          className="vg-load-error"
          title={t('add.failed')}
          description={<HeldChargersNotice text={refused} />}
          closable={{ onClose: () => setRefused(null) }}
          data-testid="vg-add-refused"
        />
      ) : null}
      <ChargerChoiceTable tenantId={group.tenant_id} chosen={chosen} onChange={setChosen} lockOf={lockOf} />
      <div className="form-footer vg-picker-footer">
        <span className="form-footer__hint" aria-live="polite" data-testid="vg-selected-count">
          {t('picker.selected', { count: chosen.size })}
        </span>
        <div className="form-footer__buttons">
          <Button onClick={() => navigate(back)}>{t('add.cancel')}</Button>
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden="true" />}
            disabled={chosen.size === 0}
            loading={add.isPending}
            onClick={() => void submit()}
            data-testid="vg-add-submit"
          >
            {t('add.submit')}
          </Button>
        </div>
      </div>
    </Card>
  );
}
