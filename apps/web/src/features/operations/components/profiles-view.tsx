import { Button, Card, Table, type TableColumnsType } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ChargingProfileListItem } from '@recarga/contracts/charging-profiles';
import { EmptyState } from '../../../components/empty-state';
import { LoadError } from '../../../components/load-error';
import { formatDateTime } from '../../../lib/format/date-time';
import { usePermittedRoutes } from '../../../lib/use-permitted-routes';
import { useChargingProfiles } from '../api/get-charging-profiles';

/** /operations/charging_profile (001 §2, §3 Charging profile list): the profiles, with create and edit links by permission. */
export function ProfilesView() {
  const { t } = useTranslation('operations');
  const navigate = useNavigate();
  const permitted = usePermittedRoutes();
  const { data, isLoading, isError, refetch } = useChargingProfiles();
  const canCreate = permitted.has('/charging_profile/create');
  const canEdit = permitted.has('/charging_profile/edit/{id}');
  if (isError) return <LoadError title={t('profiles.loadError')} retryText={t('profiles.retry')} onRetry={() => void refetch()} />;
  const columns: TableColumnsType<ChargingProfileListItem> = [
    { key: 'pk', title: 'ID', dataIndex: 'chargingProfilePk', width: 70 },
    {
      key: 'description',
      title: t('profiles.description'),
      render: (_, p) => (canEdit ? <Link to={`/charging_profile/edit/${p.chargingProfilePk}`}>{p.description}</Link> : p.description),
    },
    { key: 'stack', title: t('profiles.stackLevel'), dataIndex: 'stackLevel', responsive: ['md'] },
    { key: 'purpose', title: t('profiles.purpose'), render: (_, p) => t(`profiles.purposes.${p.profilePurpose}`) },
    { key: 'kind', title: t('profiles.kind'), render: (_, p) => t(`profiles.kinds.${p.profileKind}`), responsive: ['md'] },
    {
      key: 'recurrency',
      title: t('profiles.recurrency'),
      render: (_, p) => (p.recurrencyKind ? t(`profiles.recurrencies.${p.recurrencyKind}`) : '—'),
      responsive: ['lg'],
    },
    { key: 'from', title: t('profiles.validFrom'), render: (_, p) => formatDateTime(p.validFrom) || '—', responsive: ['lg'] },
    { key: 'to', title: t('profiles.validTo'), render: (_, p) => formatDateTime(p.validTo) || '—', responsive: ['lg'] },
    { key: 'active', title: t('profiles.active'), render: (_, p) => t('profiles.activeCount', { count: p.activeCount }) },
    ...(canEdit
      ? [
          {
            key: 'edit',
            title: '',
            render: (_: unknown, p: ChargingProfileListItem) => (
              <Button
                size="small"
                icon={<EditOutlined />}
                aria-label={`${t('profiles.edit')} ${p.description}`}
                onClick={() => void navigate(`/charging_profile/edit/${p.chargingProfilePk}`)}
              />
            ),
          },
        ]
      : []),
  ];
  return (
    <Card
      title={t('views.profiles')}
      extra={
        canCreate ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/charging_profile/create')}>
            {t('profiles.new')}
          </Button>
        ) : null
      }
    >
      <Table
        rowKey="chargingProfilePk"
        loading={isLoading}
        dataSource={data ?? []}
        columns={columns}
        scroll={{ x: 'max-content' }}
        pagination={(data?.length ?? 0) > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        locale={{ emptyText: isLoading ? ' ' : <EmptyState title={t('profiles.empty')} text={t('profiles.emptyHint')} /> }}
      />
    </Card>
  );
}
