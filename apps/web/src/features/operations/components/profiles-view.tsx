import { useState } from 'react';
import { Button, Card, Pagination, Skeleton, Table, type TableColumnsType } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ChargingProfileListItem } from '@recarga/contracts/charging-profiles';
import { EmptyState } from '../../../components/empty-state';
import { LoadError } from '../../../components/load-error';
import { RecordCards, usePhoneCards, type RecordCardContent } from '../../../components/record-cards';
import { formatDateTime } from '../../../lib/format/date-time';
import { usePermittedRoutes } from '../../../lib/use-permitted-routes';
import { useChargingProfiles } from '../api/get-charging-profiles';

const PAGE_SIZE = 10;

/**
 * /operations/charging_profile (001 §2, §3 Charging profile list): the profiles, with create and edit
 * links by permission. On a phone (below `md`) each profile is a card: its description, then what it
 * does (purpose, kind, recurrence and validity when set, stack level) and where it is active, and Edit.
 */
export function ProfilesView() {
  const { t } = useTranslation('operations');
  const navigate = useNavigate();
  const permitted = usePermittedRoutes();
  const phone = usePhoneCards();
  const [page, setPage] = useState(1);
  const { data, isLoading, isError, refetch } = useChargingProfiles();
  const canCreate = permitted.has('/charging_profile/create');
  const canEdit = permitted.has('/charging_profile/edit/{id}');
  if (isError) return <LoadError title={t('profiles.loadError')} retryText={t('profiles.retry')} onRetry={() => void refetch()} />;
  const editLabel = (p: ChargingProfileListItem) => `${t('profiles.edit')} ${p.description}`;
  const edit = (p: ChargingProfileListItem) => void navigate(`/charging_profile/edit/${p.chargingProfilePk}`);
  const newButton = canCreate ? (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/charging_profile/create')}>
      {t('profiles.new')}
    </Button>
  ) : null;
  const empty = <EmptyState title={t('profiles.empty')} text={t('profiles.emptyHint')} />;

  if (phone) {
    const profiles = data ?? [];
    const pages = Math.max(1, Math.ceil(profiles.length / PAGE_SIZE));
    const current = Math.min(page, pages);
    const cardOf = (p: ChargingProfileListItem): RecordCardContent => ({
      testId: 'profile-record-card',
      title: p.description,
      subtitle: `ID ${p.chargingProfilePk}`,
      facts: [
        { key: 'purpose', label: t('profiles.purpose'), value: t(`profiles.purposes.${p.profilePurpose}`) },
        { key: 'kind', label: t('profiles.kind'), value: t(`profiles.kinds.${p.profileKind}`) },
        ...(p.recurrencyKind
          ? [{ key: 'recurrency', label: t('profiles.recurrency'), value: t(`profiles.recurrencies.${p.recurrencyKind}`) }]
          : []),
        ...(p.validFrom ? [{ key: 'from', label: t('profiles.validFrom'), value: formatDateTime(p.validFrom) }] : []),
        ...(p.validTo ? [{ key: 'to', label: t('profiles.validTo'), value: formatDateTime(p.validTo) }] : []),
        { key: 'stack', label: t('profiles.stackLevel'), value: String(p.stackLevel) },
        { key: 'active', label: t('profiles.active'), value: t('profiles.activeCount', { count: p.activeCount }) },
      ],
      actions: canEdit ? (
        <Button icon={<EditOutlined aria-hidden="true" />} aria-label={editLabel(p)} onClick={() => edit(p)}>
          {t('profiles.edit')}
        </Button>
      ) : undefined,
    });
    return (
      <Card title={t('views.profiles')} extra={newButton}>
        {isLoading ? (
          <Skeleton active paragraph={{ rows: 6 }} title={false} />
        ) : profiles.length === 0 ? (
          empty
        ) : (
          <RecordCards<ChargingProfileListItem>
            items={profiles.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE)}
            itemKey={(p) => p.chargingProfilePk}
            label={t('views.profiles')}
            render={cardOf}
            footer={
              profiles.length > PAGE_SIZE ? (
                <Pagination
                  size="small"
                  current={current}
                  pageSize={PAGE_SIZE}
                  total={profiles.length}
                  showSizeChanger={false}
                  onChange={setPage}
                />
              ) : null
            }
            data-testid="profile-cards"
          />
        )}
      </Card>
    );
  }

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
              <Button size="small" icon={<EditOutlined />} aria-label={editLabel(p)} onClick={() => edit(p)} />
            ),
          },
        ]
      : []),
  ];
  return (
    <Card title={t('views.profiles')} extra={newButton}>
      <Table
        rowKey="chargingProfilePk"
        loading={isLoading}
        dataSource={data ?? []}
        columns={columns}
        scroll={{ x: 'max-content' }}
        pagination={(data?.length ?? 0) > PAGE_SIZE ? { pageSize: PAGE_SIZE, showSizeChanger: false } : false}
        locale={{ emptyText: isLoading ? ' ' : empty }}
      />
    </Card>
  );
}
