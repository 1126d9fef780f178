import { useState } from 'react';
import { Card, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { EventTag } from '../../../components/event-tag';
import { LoadError } from '../../../components/load-error';
import { formatDateTime } from '../../../lib/format/date-time';
import { useGroupEvents, type GroupEvent } from '../api/get-group-events';
import { GROUP_PAGE_SIZE } from '../model/limits';
import { SmartEventTag, SmartEventText } from '../smart-charging/components/smart-event-text';

/** Events of the group's chargers and of its load manager, newest first, 10 a page (002 §9). */
export function EventsTab({ groupId }: { groupId: number }) {
  const { t } = useTranslation('virtualGroups');
  const [page, setPage] = useState(0);
  const { data, isLoading, isError, refetch } = useGroupEvents(groupId, page, GROUP_PAGE_SIZE);

  const columns: TableColumnsType<GroupEvent> = [
    {
      key: 'type',
      title: t('events.type'),
      render: (_, e) => (e.source === 'SMART_CHARGING' && e.kind ? <SmartEventTag kind={e.kind} /> : <EventTag type={e.type} />),
    },
    {
      key: 'what',
      title: t('events.what'),
      render: (_, e) =>
        e.source === 'SMART_CHARGING' && e.kind ? (
          <SmartEventText kind={e.kind} detail={e.detail} />
        ) : (
          <span>
            <span className="vg-code">{e.charge_box_code}</span> ·{' '}
            {e.connector_id ? t('events.connector', { id: e.connector_id }) : t('events.station')}
          </span>
        ),
    },
    {
      key: 'when',
      title: t('events.when'),
      render: (_, e) => (
        <time className="vg-number" dateTime={e.timestamp}>
          {formatDateTime(e.timestamp)}
        </time>
      ),
    },
  ];

  return (
    <Card variant="borderless" className="section-card">
      <div className="vg-tab-bar">
        <span className="text text--secondary" aria-live="polite">
          {data ? t('events.count', { count: data.totalElements }) : '\u00a0'}
        </span>
      </div>
      {isError ? (
        <LoadError className="vg-load-error" title={t('events.loadError')} retryText={t('events.retry')} onRetry={() => void refetch()} />
      ) : null}
      <Table<GroupEvent>
        rowKey={(e) => `${e.timestamp}-${e.source}-${e.charge_box_code ?? ''}-${e.type}-${e.connector_id ?? 0}`}
        columns={columns}
        dataSource={data?.content ?? []}
        loading={isLoading}
        locale={{ emptyText: isLoading ? ' ' : <EmptyState title={t('events.empty')} /> }}
        pagination={{
          current: page + 1,
          pageSize: GROUP_PAGE_SIZE,
          total: data?.totalElements ?? 0,
          showSizeChanger: false,
          showLessItems: true,
          hideOnSinglePage: true,
          onChange: (next) => setPage(next - 1),
        }}
        data-testid="vg-events"
      />
    </Card>
  );
}
