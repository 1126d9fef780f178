import { useState } from 'react';
import { Button, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Task } from '@recarga/contracts/operations';
import { isRefusal, isStationResponse } from '../model/station-response';
import { TaskDetailDialog } from './task-detail-dialog';

type Result = Task['taskDetail']['resultMap'][string];
type Row = Result & { chargeBoxId: string };

/**
 * Failures whose detail is the station's own data (its CALLERROR code and description, the payload
 * it got wrong), shown under the worded reason; the others' detail is the server's English note,
 * which the worded reason already says.
 */
const technicalDetail = new Set<Result['errorCode']>(['CALL_ERROR', 'INVALID_RESPONSE']);

/** The status tag's colour: the library's semantic presets (never a brand colour); a refusal is a warning. */
function statusColor(r: Result): string {
  if (r.status === 'pending') return 'processing';
  if (r.status === 'error') return 'error';
  if (r.status === 'interrupted') return 'warning';
  return isRefusal(r.response) ? 'warning' : 'success';
}

/**
 * Each station's answer to a task: status, the station's answer in the user's language (a file
 * name or a list version as it came), why it failed — worded by code, with the technical detail
 * below — and the details button where there are details.
 */
export function TaskResults({
  taskId,
  operationName,
  resultMap,
}: {
  taskId: number;
  operationName: string;
  resultMap: Task['taskDetail']['resultMap'];
}) {
  const { t } = useTranslation('operations');
  const [detail, setDetail] = useState<string | null>(null);
  const rows: Row[] = Object.entries(resultMap)
    .map(([chargeBoxId, r]) => ({ chargeBoxId, ...r }))
    .sort((a, b) => a.chargeBoxId.localeCompare(b.chargeBoxId));
  const response = (value: string | null) => {
    if (value === null || value === '') return '—';
    return isStationResponse(value) ? t(`responses.${value}`) : value;
  };
  const columns: TableColumnsType<Row> = [
    { key: 'station', title: t('tasks.station'), dataIndex: 'chargeBoxId' },
    {
      key: 'status',
      title: t('tasks.status'),
      render: (_, r) => <Tag color={statusColor(r)}>{t(`status.${r.status}`)}</Tag>,
    },
    { key: 'response', title: t('tasks.response'), render: (_, r) => response(r.response) },
    {
      key: 'error',
      title: t('tasks.error'),
      render: (_, r) =>
        r.errorCode || r.errorMessage ? (
          <div className="task-error">
            <Typography.Text type="danger">{r.errorCode ? t(`errors.${r.errorCode}`) : t('errors.FAILED')}</Typography.Text>
            {r.errorMessage && technicalDetail.has(r.errorCode) ? (
              <Typography.Text type="secondary" className="task-error__detail">
                {r.errorMessage}
              </Typography.Text>
            ) : null}
          </div>
        ) : (
          '—'
        ),
    },
    {
      key: 'detail',
      title: <span className="visually-hidden">{t('tasks.detail')}</span>,
      render: (_, r) =>
        r.hasDetail ? (
          <Button size="small" onClick={() => setDetail(r.chargeBoxId)} aria-label={`${t('tasks.detail')} ${r.chargeBoxId}`}>
            {t('tasks.detail')}
          </Button>
        ) : null,
    },
  ];
  return (
    <>
      <Table
        size="small"
        rowKey="chargeBoxId"
        pagination={rows.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        scroll={{ x: 'max-content' }}
        dataSource={rows}
        columns={columns}
        className="task-results"
      />
      {detail ? (
        <TaskDetailDialog taskId={taskId} chargeBoxId={detail} operationName={operationName} onClose={() => setDetail(null)} />
      ) : null}
    </>
  );
}
