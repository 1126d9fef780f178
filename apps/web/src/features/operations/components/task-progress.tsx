import { useEffect } from 'react';
import { Alert, Card, Progress } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { liveTopics } from '@recarga/contracts/live-topics';
import { useLiveClient, useLiveMessages } from '../../../lib/live-context';
import { getRuntimeSettings } from '../../../lib/runtime-settings';
import { operationKeys } from '../api/operation-keys';
import { useTasks } from '../api/get-tasks';
import { TaskResults } from './task-results';
import { TaskSummary } from './task-summary';

/**
 * A command just sent: its task's answers as they arrive. Each answer comes on /live and makes the
 * task be read again; while it runs it is also read every few seconds, so nothing is missed when
 * the live connection is down.
 */
export function TaskProgress({ taskId, canSeeTasks }: { taskId: number; canSeeTasks: boolean }) {
  const { t } = useTranslation('operations');
  const queryClient = useQueryClient();
  const live = useLiveClient();
  const { apiKey } = getRuntimeSettings();
  const { data } = useTasks({ page: 1, size: 20 }, { enabled: canSeeTasks });
  const task = data?.tasks.find((x) => x.taskId === taskId);

  useEffect(() => {
    if (!live || !apiKey) return undefined;
    const topic = liveTopics.task(apiKey, taskId);
    live.subscribe(topic);
    return () => live.unsubscribe(topic);
  }, [live, apiKey, taskId]);

  useLiveMessages((message) => {
    if (message.parsed?.kind === 'task' && message.parsed.taskId === taskId)
      void queryClient.invalidateQueries({ queryKey: operationKeys.tasks() });
  });

  // Once every station has answered, the option data (reservations, local list versions) is read again.
  const finished = Boolean(task?.endTimestamp);
  useEffect(() => {
    if (finished) void queryClient.invalidateQueries({ queryKey: operationKeys.allOptions() });
  }, [finished, queryClient]);

  if (!canSeeTasks) return <Alert type="success" showIcon title={t('sent')} />;
  const results = task ? Object.values(task.taskDetail.resultMap) : [];
  const pending = results.filter((r) => r.status === 'pending').length;
  const failed = results.filter((r) => r.status === 'error' || r.status === 'interrupted').length;
  const percent = results.length ? Math.round(((results.length - pending) / results.length) * 100) : 0;
  return (
    <Card
      size="small"
      title={t('progress.title', { id: taskId })}
      extra={<Link to="/operations/tasks">{t('progress.openTasks')}</Link>}
      data-testid="task-progress"
    >
      <Progress
        percent={percent}
        status={task?.endTimestamp ? (failed ? 'exception' : 'success') : 'active'}
        aria-label={t('progress.title', { id: taskId })}
      />
      <p role="status" className="task-progress__status">
        <span>
          {task?.endTimestamp ? t('progress.done') : t('progress.running', { count: pending || results.length, total: results.length })}
        </span>
        {task ? <TaskSummary resultMap={task.taskDetail.resultMap} /> : null}
      </p>
      {task ? <TaskResults taskId={taskId} operationName={task.taskDetail.operationName} resultMap={task.taskDetail.resultMap} /> : null}
    </Card>
  );
}
