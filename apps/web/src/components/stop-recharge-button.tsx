import { useEffect, useState } from 'react';
import { Button, Typography } from 'antd';
import { StopOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CommandAccepted, TaskListResponse } from '@recarga/contracts/operations';
import { apiClient } from '../lib/api-client';
import { formatDateTime } from '../lib/format/date-time';
import { useFeedback } from '../lib/use-feedback';
import { usePermittedRoutes } from '../lib/use-permitted-routes';
import './stop-recharge.css';

/** What the confirmation names: which recharge, where, whose. */
export interface RunningRecharge {
  id: number;
  chargeBoxId: string;
  connectorId: number;
  ocppIdTag: string;
  userName: string | null;
  startTimestamp: string;
  /** Set once the recharge has ended (absent: running). */
  stopTimestamp?: string | null;
  /** False while its station is offline (absent: online). */
  stationOnline?: boolean;
}

type Outcome = 'sending' | 'accepted' | 'rejected' | 'failed' | 'sent';

/** The stop's task as the task history answers it, read until every station answered. */
function useStopTask(taskId: number | null, canSeeTasks: boolean) {
  return useQuery({
    queryKey: ['operations', 'tasks', 'stop', taskId],
    enabled: taskId !== null && canSeeTasks,
    queryFn: () => apiClient.request<TaskListResponse>({ method: 'GET', path: 'operations/tasks/', query: { page: 1, size: 20 } }),
    select: (data) => data.tasks.find((x) => x.taskId === taskId),
    refetchInterval: (query) => {
      const task = query.state.data?.tasks.find((x) => x.taskId === taskId);
      return task?.endTimestamp ? false : 1000;
    },
  });
}

/**
 * Stops one running recharge (POST transaction/{id}/stop): the remote stop goes to that recharge's
 * own station only. Asks first, naming the driver, tag, station, connector and start; then shows
 * the station's answer from the command's task. Shown only with the remote-stop permission (the
 * server checks it too). `onSettled` runs once the station has answered, so the caller reads its
 * recharge again.
 *
 * Callers render it for every recharge, running or not: it draws nothing for an ended recharge or
 * an offline station, unless a stop was sent from it. A station answers the stop and sends its
 * StopTransaction at once, so the recharge often reads as ended (a live update) before the task
 * does; unmounted at that moment, the button took the station's answer with it (no toast, no
 * words in the detail).
 */
export function StopRechargeButton({
  recharge,
  onSettled,
  compact = false,
}: {
  recharge: RunningRecharge;
  onSettled?: () => void;
  /** In a table cell: a small button, and the station's answer as a toast instead of a notice. */
  compact?: boolean;
}) {
  const { t } = useTranslation('transactions');
  const { message, modal } = useFeedback();
  const permitted = usePermittedRoutes();
  const canSeeTasks = permitted.has('/operations/tasks');
  const [taskId, setTaskId] = useState<number | null>(null);
  const stop = useMutation({
    mutationFn: () => apiClient.request<CommandAccepted>({ method: 'POST', path: `transaction/${recharge.id}/stop/` }),
    onSuccess: (accepted) => setTaskId(accepted.taskId),
  });
  const task = useStopTask(taskId, canSeeTasks);
  const result = task.data ? Object.values(task.data.taskDetail.resultMap)[0] : undefined;
  const finished = Boolean(task.data?.endTimestamp);

  let outcome: Outcome | null = null;
  if (stop.isPending) outcome = 'sending';
  else if (stop.isError) outcome = 'failed';
  else if (taskId !== null && !canSeeTasks) outcome = 'sent';
  else if (taskId !== null && !finished) outcome = 'sending';
  else if (finished && result?.status === 'answered') outcome = result.response === 'Accepted' ? 'accepted' : 'rejected';
  else if (finished) outcome = 'failed';

  const reason = result?.errorCode
    ? t(`stop.reasons.${result.errorCode}`, { defaultValue: t('stop.reasons.OTHER') })
    : t('stop.reasons.OTHER');
  const words = outcome === 'failed' ? t('stop.failed', { reason }) : outcome ? t(`stop.${outcome}`) : '';
  useEffect(() => {
    if (outcome === 'accepted' || outcome === 'rejected' || outcome === 'failed' || outcome === 'sent') {
      onSettled?.();
      if (compact) {
        if (outcome === 'accepted' || outcome === 'sent') message.success(words);
        else message.error(words);
      }
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per outcome
  }, [outcome]);

  const stoppable = !recharge.stopTimestamp && recharge.stationOnline !== false;
  if (!permitted.has('/operations/remote_stop') || (outcome === null && !stoppable)) return null;

  const ask = () =>
    modal.confirm({
      title: t('stop.title'),
      content: t('stop.text', {
        who: recharge.userName ?? t('stop.noDriver'),
        tag: recharge.ocppIdTag,
        station: recharge.chargeBoxId,
        connector: recharge.connectorId,
        since: formatDateTime(recharge.startTimestamp),
      }),
      okText: t('stop.confirm'),
      okButtonProps: { danger: true, 'data-testid': 'stop-recharge-confirm' },
      cancelText: t('stop.keep'),
      onOk: () => {
        setTaskId(null);
        stop.mutate();
      },
    });

  const offered = stoppable && (outcome === null || outcome === 'failed' || outcome === 'rejected');
  // Ended while its stop was out: no button, only the station's answer (in a list, its toast alone).
  if (!stoppable && compact) return null;
  return (
    <div className="stop-recharge" data-testid={`stop-recharge-${recharge.id}`}>
      {offered || (compact && stoppable) ? (
        <Button
          danger
          size={compact ? 'small' : 'middle'}
          icon={<StopOutlined aria-hidden="true" />}
          onClick={ask}
          loading={outcome === 'sending'}
          disabled={!offered}
          data-testid={`stop-recharge-button-${recharge.id}`}
        >
          {outcome === null || outcome === 'sending' ? t('stop.button') : t('stop.retry')}
        </Button>
      ) : null}
      {outcome !== null && !compact ? (
        <Typography.Text
          role="status"
          type={outcome === 'accepted' || outcome === 'sent' ? 'success' : outcome === 'sending' ? 'secondary' : 'danger'}
          data-testid={`stop-recharge-result-${recharge.id}`}
          data-outcome={outcome}
          className="stop-recharge__result"
        >
          {words}
        </Typography.Text>
      ) : null}
    </div>
  );
}
