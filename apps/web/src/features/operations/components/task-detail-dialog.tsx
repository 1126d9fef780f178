import { Descriptions, Modal, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { formatDateTime } from '../../../lib/format/date-time';
import { durationText } from '../../../lib/format/duration-text';
import { useNumberFormat } from '../../../lib/format/use-number-format';
import { useTaskDetail } from '../api/get-task-detail';
import { formatOffset } from '../model/schedule-offset';

interface SchedulePeriod {
  startPeriod: number;
  limit: number;
  numberPhases?: number;
}

interface CompositeSchedule {
  connectorId: number;
  scheduleStart?: string;
  chargingSchedule: { chargingRateUnit: 'W' | 'A'; duration?: number; chargingSchedulePeriod: SchedulePeriod[] };
}

function isCompositeSchedule(data: unknown): data is CompositeSchedule {
  const d = data as Partial<CompositeSchedule> | null;
  return Boolean(d && typeof d === 'object' && d.chargingSchedule && Array.isArray(d.chargingSchedule.chargingSchedulePeriod));
}

/** A data transfer's data as text: JSON laid out on lines, anything else as it came. */
function dataText(data: unknown): string {
  if (typeof data === 'string') {
    try {
      const parsed: unknown = JSON.parse(data);
      return typeof parsed === 'object' && parsed !== null ? JSON.stringify(parsed, null, 2) : data;
    } catch {
      return data;
    }
  }
  return JSON.stringify(data, null, 2);
}

/** The periods of a composite schedule: when each starts (after the schedule's start) and its limit. */
function ScheduleView({ schedule }: { schedule: CompositeSchedule }) {
  const { t } = useTranslation('operations');
  const numbers = useNumberFormat();
  const unit = schedule.chargingSchedule.chargingRateUnit;
  const periods = schedule.chargingSchedule.chargingSchedulePeriod;
  const withPhases = periods.some((p) => p.numberPhases !== undefined);
  const start = schedule.scheduleStart && dayjs(schedule.scheduleStart).isValid() ? dayjs(schedule.scheduleStart) : null;
  return (
    <>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        className="task-detail__summary"
        items={[
          {
            key: 'connector',
            label: t('form.connectorId'),
            children: schedule.connectorId === 0 ? t('form.connectorStation') : schedule.connectorId,
          },
          { key: 'start', label: t('schedule.start'), children: formatDateTime(schedule.scheduleStart) || '—' },
          {
            key: 'duration',
            label: t('schedule.duration'),
            children: schedule.chargingSchedule.duration ? durationText(schedule.chargingSchedule.duration) : '—',
          },
          { key: 'unit', label: t('form.chargingRateUnit'), children: t(`form.units.${unit}`) },
        ]}
      />
      <Table
        size="small"
        rowKey="startPeriod"
        pagination={false}
        scroll={{ y: 360, x: 'max-content' }}
        dataSource={periods}
        locale={{ emptyText: t('schedule.noPeriods') }}
        columns={[
          { key: 'offset', title: t('schedule.periodStart'), render: (_, p) => <code>{formatOffset(p.startPeriod)}</code> },
          ...(start
            ? [
                {
                  key: 'at',
                  title: t('schedule.at'),
                  render: (_: unknown, p: SchedulePeriod) => {
                    const at = start.add(p.startPeriod, 'second');
                    return at.isSame(start, 'day') ? at.format('HH:mm') : at.format('DD/MM HH:mm');
                  },
                },
              ]
            : []),
          {
            key: 'limit',
            title: t('schedule.limit'),
            align: 'right',
            render: (_, p) => `${numbers.axis(p.limit)} ${unit}`,
          },
          ...(withPhases
            ? [
                {
                  key: 'phases',
                  title: t('schedule.phases'),
                  align: 'right' as const,
                  render: (_: unknown, p: SchedulePeriod) => p.numberPhases ?? '—',
                },
              ]
            : []),
        ]}
      />
    </>
  );
}

/** What one station answered beyond its status, in a dialog: configuration keys, a composite schedule or a data transfer's data. */
export function TaskDetailDialog({
  taskId,
  chargeBoxId,
  operationName,
  onClose,
}: {
  taskId: number;
  chargeBoxId: string;
  operationName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('operations');
  const { data, isLoading, isError } = useTaskDetail(taskId, chargeBoxId, true);
  const kind = operationName === 'get_composite_schedule' || operationName === 'data_transfer' ? operationName : 'get_configuration';

  let body: React.ReactNode;
  if (isError) body = <Typography.Text type="danger">{t('detail.loadError')}</Typography.Text>;
  else if (kind === 'get_composite_schedule')
    body = isCompositeSchedule(data?.data) ? (
      <ScheduleView schedule={data.data} />
    ) : (
      <Typography.Text type="secondary">{isLoading ? '' : t('schedule.noPeriods')}</Typography.Text>
    );
  else if (kind === 'data_transfer')
    body =
      data?.data === undefined || data.data === null ? (
        <Typography.Text type="secondary">{isLoading ? '' : t('detail.noData')}</Typography.Text>
      ) : (
        <pre className="task-detail__data">{dataText(data.data)}</pre>
      );
  else
    body = (
      <>
        <Table
          size="small"
          rowKey="key"
          loading={isLoading}
          pagination={false}
          scroll={{ y: 420, x: 'max-content' }}
          dataSource={data?.configurationKeys ?? []}
          columns={[
            { key: 'key', title: t('tasks.key'), dataIndex: 'key' },
            { key: 'value', title: t('tasks.value'), render: (_, k) => <Typography.Text code>{k.value ?? '—'}</Typography.Text> },
            { key: 'readonly', title: t('tasks.readonly'), render: (_, k) => (k.readonly ? t('detail.yes') : '') },
          ]}
        />
        {data?.unknownKeys?.length ? (
          <Typography.Paragraph type="secondary" className="task-detail__unknown">
            {t('tasks.unknownKeys', { keys: data.unknownKeys.join(', ') })}
          </Typography.Paragraph>
        ) : null}
      </>
    );

  return (
    <Modal
      open
      title={t(`detail.title.${kind}`, { station: chargeBoxId })}
      onCancel={onClose}
      footer={null}
      width={720}
      loading={isLoading}
    >
      {body}
    </Modal>
  );
}
