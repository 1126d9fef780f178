import { useState } from 'react';
import { Card, Pagination, Skeleton, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { Task } from '@recarga/contracts/operations';
import { EmptyState } from '../../../components/empty-state';
import { LoadError } from '../../../components/load-error';
import {
  RecordCardDetailsButton,
  RecordCards,
  useOpenCards,
  usePhoneCards,
  type RecordCardContent,
} from '../../../components/record-cards';
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
  const { data, isLoading, isPlaceholderData, isError, refetch } = useTasks({ page, size: PAGE_SIZE });
  // Phones get one card per command: the table would show the command and its results only.
  const phone = usePhoneCards();
  const cards = useOpenCards<number>();
  if (isError) return <LoadError title={t('tasks.loadError')} retryText={t('tasks.retry')} onRetry={() => void refetch()} />;
  const issuerOf = (task: Task) =>
    task.origin === 'QR_PAGE' || task.origin === 'SMART_CHARGING' ? t(`tasks.issuers.${task.origin}`) : task.issuer;
  const endOf = (task: Task) =>
    task.interrupted ? (
      <Tag color="warning">{t('tasks.interrupted')}</Tag>
    ) : task.endTimestamp ? (
      endTime(task.startTimestamp, task.endTimestamp)
    ) : (
      <Tag color="processing">{t('tasks.running')}</Tag>
    );
  const commandOf = (task: Task) => t(`commands.${task.taskDetail.operationName}`, task.taskDetail.operationName);
  const results = (task: Task) => (
    <TaskResults taskId={task.taskId} operationName={task.taskDetail.operationName} resultMap={task.taskDetail.resultMap} asList={phone} />
  );

  /** A command on a phone: what was sent, to which stations, by whom and when, how they answered; each station's answer below. */
  const cardOf = (task: Task): RecordCardContent => {
    const expanded = cards.isOpen(task.taskId);
    const stations = Object.keys(task.taskDetail.resultMap).sort((a, b) => a.localeCompare(b));
    return {
      testId: `task-card-${task.taskId}`,
      title: commandOf(task),
      subtitle: `${t('tasks.id')} #${task.taskId} · OCPP ${task.taskDetail.ocppVersion}`,
      tags: <TaskSummary resultMap={task.taskDetail.resultMap} />,
      facts: [
        { key: 'station', label: t('tasks.station'), value: stations.join(', ') || '—' },
        { key: 'origin', label: t('tasks.origin'), value: t(`tasks.origins.${task.origin}`) },
        { key: 'start', label: t('tasks.start'), value: when(task.startTimestamp) },
        { key: 'end', label: t('tasks.end'), value: endOf(task) },
        // A sender is an e-mail address: the card's whole width, so it is not broken mid-word.
        { key: 'issuer', label: t('tasks.issuer'), value: issuerOf(task), wide: true },
      ],
      actions: (
        <RecordCardDetailsButton
          open={expanded}
          onToggle={() => cards.toggle(task.taskId)}
          aria-label={t(expanded ? 'tasks.hideDetails' : 'tasks.showDetails', { id: task.taskId })}
          data-testid={`task-expand-${task.taskId}`}
        >
          {t('tasks.detail')}
        </RecordCardDetailsButton>
      ),
      details: expanded ? results(task) : undefined,
    };
  };

  if (phone) {
    const tasks = data?.tasks ?? [];
    return (
      <Card>
        {isLoading ? (
          <Skeleton active paragraph={{ rows: 6 }} title={false} />
        ) : tasks.length === 0 ? (
          <EmptyState title={t('tasks.empty')} text={t('tasks.emptyHint')} />
        ) : (
          <RecordCards<Task>
            items={tasks}
            itemKey={(task) => task.taskId}
            label={t('views.tasks')}
            render={cardOf}
            busy={isPlaceholderData}
            footer={
              (data?.count ?? 0) > PAGE_SIZE ? (
                <Pagination
                  size="small"
                  current={page}
                  pageSize={PAGE_SIZE}
                  total={data?.count ?? 0}
                  showSizeChanger={false}
                  onChange={setPage}
                />
              ) : null
            }
            data-testid="task-cards"
          />
        )}
      </Card>
    );
  }

  const columns: TableColumnsType<Task> = [
    { key: 'id', title: t('tasks.id'), dataIndex: 'taskId', width: 80 },
    {
      key: 'operation',
      title: t('tasks.operation'),
      render: (_, task) => (
        <span className="task-operation">
          <span>{commandOf(task)}</span>
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
      render: (_, task) => issuerOf(task),
    },
    { key: 'start', title: t('tasks.start'), render: (_, task) => when(task.startTimestamp), responsive: ['md'] },
    {
      key: 'end',
      title: t('tasks.end'),
      responsive: ['sm'],
      render: (_, task) => endOf(task),
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
          expandedRowRender: results,
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
