import { useEffect, useState } from 'react';
import { Button, Card, Table, type TableColumnsType } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ChargerRow } from '@recarga/contracts/virtual-groups';
import { EmptyState } from '../../../components/empty-state';
import { LoadError } from '../../../components/load-error';
import { useFeedback } from '../../../lib/use-feedback';
import { useGroupChargers } from '../api/get-group-chargers';
import { useRemoveGroupCharger } from '../api/remove-group-charger';
import { GROUP_PAGE_SIZE } from '../model/limits';

interface Props {
  groupId: number;
  /** DASH_VIRTUAL_GROUP_EDIT_CHARGEBOXES: the 'Adicionar carregadores' button (002 §6). */
  canAdd: boolean;
}

/** The group's chargers, 10 a page, each with a remove button; adding goes to its own page. */
export function ChargersTab({ groupId, canAdd }: Props) {
  const { t } = useTranslation('virtualGroups');
  const { modal, message } = useFeedback();
  const navigate = useNavigate();
  const [page, setPage] = useState(0);
  const { data, isLoading, isError, refetch } = useGroupChargers(groupId, page);
  const remove = useRemoveGroupCharger(groupId);
  const addPath = `/virtual-groups/edit/${groupId}/chargeboxes`;

  // The last charger of a later page removed: show the page before.
  useEffect(() => {
    if (data && data.content.length === 0 && page > 0) setPage((p) => p - 1);
  }, [data, page]);

  const confirmRemove = (row: ChargerRow) =>
    modal.confirm({
      title: t('chargers.removeConfirm', { description: row.description || row.charge_box_code }),
      content: t('chargers.removeText'),
      okText: t('chargers.removeOk'),
      okButtonProps: { danger: true, 'data-testid': 'vg-remove-ok' } as never,
      cancelText: t('chargers.removeCancel'),
      onOk: async () => {
        try {
          await remove.mutateAsync(row.virtual_group_charge_box_id!);
          message.success(t('chargers.removed'));
        } catch {
          message.error(t('chargers.removeFailed'));
        }
      },
    });

  const columns: TableColumnsType<ChargerRow> = [
    {
      key: 'charger',
      title: t('picker.charger'),
      render: (_, row) => (
        <div className="vg-charger">
          <span className="vg-code">{row.charge_box_code}</span>
          {row.description ? <span className="vg-charger__description">{row.description}</span> : null}
        </div>
      ),
    },
    { key: 'address', title: t('picker.address'), responsive: ['md'], render: (_, row) => row.address || '—' },
    {
      key: 'online',
      title: t('picker.situation'),
      render: (_, row) => (
        <span className={row.online ? 'vg-online vg-online--on' : 'vg-online'}>
          {row.online ? t('picker.online') : t('picker.offline')}
        </span>
      ),
    },
    {
      key: 'actions',
      title: <span className="visually-hidden">{t('columns.actions')}</span>,
      width: 64,
      align: 'right',
      render: (_, row) =>
        row.virtual_group_charge_box_id !== null ? (
          <Button
            type="text"
            danger
            icon={<DeleteOutlined aria-hidden="true" />}
            aria-label={t('chargers.removeLabel', { code: row.charge_box_code })}
            title={t('chargers.remove')}
            onClick={() => confirmRemove(row)}
            data-testid="vg-remove-charger"
          />
        ) : null,
    },
  ];

  const addButton = canAdd ? (
    <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => navigate(addPath)} data-testid="vg-add-chargers">
      {t('chargers.add')}
    </Button>
  ) : null;

  return (
    <Card variant="borderless" className="section-card">
      <div className="vg-tab-bar">
        <span className="text text--secondary" aria-live="polite">
          {data ? t('chargers.count', { count: data.totalElements }) : '\u00a0'}
        </span>
        {addButton}
      </div>
      {isError ? (
        <LoadError
          className="vg-load-error"
          title={t('chargers.loadError')}
          retryText={t('chargers.retry')}
          onRetry={() => void refetch()}
        />
      ) : null}
      <Table<ChargerRow>
        rowKey="charge_box_id"
        columns={columns}
        dataSource={data?.content ?? []}
        loading={isLoading}
        locale={{
          emptyText: isLoading ? ' ' : <EmptyState title={t('chargers.empty')} text={canAdd ? t('chargers.emptyHint') : undefined} />,
        }}
        pagination={{
          current: page + 1,
          pageSize: GROUP_PAGE_SIZE,
          total: data?.totalElements ?? 0,
          showSizeChanger: false,
          showLessItems: true,
          hideOnSinglePage: true,
          onChange: (next) => setPage(next - 1),
        }}
        data-testid="vg-group-chargers"
      />
    </Card>
  );
}
