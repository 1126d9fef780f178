import { useState } from 'react';
import { Card, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { Task } from '@recarga/contracts/operations';
import { EmptyState } from '../../../components/empty-state';
import { LoadError } from '../../../components/load-error';
import { formatDateTime } from '../../../lib/format/date-time';
import { useTasks } from '../api/get-tasks';
import { TaskResults } from './task-results';
import { TaskSummary } from './task-summary';

const PAGE_SIZE = 10;
const when = (iso: string | null) => (iso ? formatDateTime(iso) : '—');
/** The end of a task: its time alone when it ended the day it started (most do, within seconds). */
const endTime = (start: string, end: string) => (dayjs(end).isSame(dayjs(start), 'day') ? dayjs(end).format('HH:mm') : formatDateTime(end));

/** /operations/tasks (001 §3 Task): the command history with each station's answer. */
export function TasksView() {
  const { t } = useTranslation('operations');
  const [page, setPage] = useState(1);
  const { data, isLoading, isError, refetch } = useTasks({ page, size: PAGE_SIZE });
  if (isError) return <LoadError title={t('tasks.loadError')} retryText={t('tasks.retry')} onRetry={() => void refetch()} />;
  const columns: TableColumnsType<Task> = [
    { key: 'id', title: t('tasks.id'), dataIndex: 'taskId', width: 80 },
    {
      key: 'operation',
      title: t('tasks.operation'),
      render: (_, task) => (
        <span className="task-operation">
          <span>{t(`commands.${task.taskDetail.operationName}`, task.taskDetail.operationName)}</span>
          <Typography.Text type="secondary" className="task-operation__version">
            OCPP {task.taskDetail.ocppVersion}
          </Typography.Text>
        </span>
      ),
    },
    { key: 'origin', title: t('tasks.origin'), render: (_, task) => t(`tasks.origins.${task.origin}`), responsive: ['lg'] },
    {
      key: 'issuer',
      title: t('tasks.issuer'),
      responsive: ['lg'],
      // The platform's own senders (the public QR page, the load manager) are named in the user's language, not by their code.
      render: (_, task) =>
        task.origin === 'QR_PAGE' || task.origin === 'SMART_CHARGING' ? t(`tasks.issuers.${task.origin}`) : task.issuer,
    },
    { key: 'start', title: t('tasks.start'), render: (_, task) => when(task.startTimestamp), responsive: ['md'] },
    {
      key: 'end',
      title: t('tasks.end'),
      responsive: ['sm'],
      render: (_, task) =>
        task.interrupted ? (
          <Tag color="warning">{t('tasks.interrupted')}</Tag>
        ) : task.endTimestamp ? (
          endTime(task.startTimestamp, task.endTimestamp)
        ) : (
          <Tag color="processing">{t('tasks.running')}</Tag>
        ),
    },
    { key: 'results', title: t('tasks.results'), render: (_, task) => <TaskSummary resultMap={task.taskDetail.resultMap} /> },
  ];
  return (
    <Card>
      <Table
        rowKey="taskId"
        loading={isLoading}
        dataSource={data?.tasks ?? []}
        columns={columns}
        scroll={{ x: 'max-content' }}
        expandable={{
          expandedRowRender: (task) => (
            <TaskResults taskId={task.taskId} operationName={task.taskDetail.operationName} resultMap={task.taskDetail.resultMap} />
          ),
        }}
        locale={{ emptyText: isLoading ? ' ' : <EmptyState title={t('tasks.empty')} text={t('tasks.emptyHint')} /> }}
        pagination={
          (data?.count ?? 0) > PAGE_SIZE
            ? { current: page, pageSize: PAGE_SIZE, total: data?.count ?? 0, showSizeChanger: false, onChange: setPage }
            : false
        }
      />
    </Card>
  );
}
