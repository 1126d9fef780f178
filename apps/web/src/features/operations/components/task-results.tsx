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
 * below — and the details button where there are details. `asList`: one block per station instead of
 * a table (inside a phone's card, where a table of five columns would scroll sideways).
 */
export function TaskResults({
  taskId,
  operationName,
  resultMap,
  asList = false,
}: {
  taskId: number;
  operationName: string;
  resultMap: Task['taskDetail']['resultMap'];
  asList?: boolean;
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
  const statusTag = (r: Row) => <Tag color={statusColor(r)}>{t(`status.${r.status}`)}</Tag>;
  const errorOf = (r: Row) =>
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
    );
  const detailButton = (r: Row) =>
    r.hasDetail ? (
      <Button size="small" onClick={() => setDetail(r.chargeBoxId)} aria-label={`${t('tasks.detail')} ${r.chargeBoxId}`}>
        {t('tasks.detail')}
      </Button>
    ) : null;
  const dialog = detail ? (
    <TaskDetailDialog taskId={taskId} chargeBoxId={detail} operationName={operationName} onClose={() => setDetail(null)} />
  ) : null;

  if (asList) {
    return (
      <>
        <ul className="task-results-list" aria-label={t('tasks.results')}>
          {rows.map((r) => (
            <li key={r.chargeBoxId} className="task-results-list__item" data-testid={`task-result-${r.chargeBoxId}`}>
              <div className="task-results-list__head">
                <span className="task-results-list__station">{r.chargeBoxId}</span>
                {statusTag(r)}
              </div>
              <dl className="task-results-list__facts">
                <div>
                  <dt>{t('tasks.response')}</dt>
                  <dd>{response(r.response)}</dd>
                </div>
                {r.errorCode || r.errorMessage ? (
                  <div>
                    <dt>{t('tasks.error')}</dt>
                    <dd>{errorOf(r)}</dd>
                  </div>
                ) : null}
              </dl>
              {detailButton(r)}
            </li>
          ))}
        </ul>
        {dialog}
      </>
    );
  }

  const columns: TableColumnsType<Row> = [
    { key: 'station', title: t('tasks.station'), dataIndex: 'chargeBoxId' },
    {
      key: 'status',
      title: t('tasks.status'),
      render: (_, r) => statusTag(r),
    },
    { key: 'response', title: t('tasks.response'), render: (_, r) => response(r.response) },
    {
      key: 'error',
      title: t('tasks.error'),
      render: (_, r) => errorOf(r),
    },
    {
      key: 'detail',
      title: <span className="visually-hidden">{t('tasks.detail')}</span>,
      render: (_, r) => detailButton(r),
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
      {dialog}
    </>
  );
}
