import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Task } from '@recarga/contracts/operations';

/** How many stations of a task answered, failed and are still awaited, as tags in the status colours (zeros left out). */
export function TaskSummary({ resultMap }: { resultMap: Task['taskDetail']['resultMap'] }) {
  const { t } = useTranslation('operations');
  const results = Object.values(resultMap);
  const answered = results.filter((r) => r.status === 'answered').length;
  const failed = results.filter((r) => r.status === 'error' || r.status === 'interrupted').length;
  const waiting = results.length - answered - failed;
  return (
    <span className="task-summary">
      {answered ? <Tag color="success">{t('tasks.answered', { count: answered })}</Tag> : null}
      {failed ? <Tag color="error">{t('tasks.failed', { count: failed })}</Tag> : null}
      {waiting ? <Tag color="processing">{t('tasks.waiting', { count: waiting })}</Tag> : null}
    </span>
  );
}
