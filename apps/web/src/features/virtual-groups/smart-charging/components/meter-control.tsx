import { useState } from 'react';
import { Alert, Button, Skeleton } from 'antd';
import { ApiOutlined, DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { MeterMeasurement } from '@recarga/contracts/meters';
import { isApiError } from '../../../../lib/api-error';
import { useMeterMeasurement } from '../api/get-meter-measurement';
import { noMeter, type MeterChoice } from '../model/smart-charging-form';
import { MeterDialog } from './meter-dialog';
import { MeterReading } from './meter-reading';

interface Props {
  /** The group the meter is for; null on the group's create form. */
  groupId: number | null;
  /** From the Form.Item. */
  value?: MeterChoice;
  onChange?: (value: MeterChoice) => void;
  id?: string;
}

/**
 * The form's meter (002 §3 meter_device): the chosen one with its live state, 'Conectar medidor'
 * opening the link dialog, and removing it (which clears the MAC address and the remote id).
 */
export function MeterControl({ groupId, value = noMeter, onChange, id }: Props) {
  const { t } = useTranslation('virtualGroups');
  const [open, setOpen] = useState(false);
  // The dialog's reading, shown until the first refresh of the chosen meter comes back.
  const [picked, setPicked] = useState<MeterMeasurement | null>(null);
  const live = useMeterMeasurement(value.device_remote_id);
  const meter = live.data ?? (picked?.device_remote_id === value.device_remote_id ? picked : null);
  const mac = value.mac_address ?? meter?.mac_address ?? null;

  return (
    <div className="sc-meter" id={id} data-testid="sc-meter">
      {value.device_remote_id ? (
        <div className="sc-meter__chosen">
          <div className="sc-meter__ids">
            <span className="vg-code" data-testid="sc-meter-id">
              {value.device_remote_id}
            </span>
            {mac ? <span className="vg-muted">{mac}</span> : null}
          </div>
          {meter ? (
            <MeterReading meter={meter} />
          ) : live.isError ? (
            <Alert
              type="error"
              showIcon
              title={isApiError(live.error) && live.error.status === 404 ? t('meter.notFound') : t('meter.fetchFailed')}
              data-testid="sc-meter-error"
            />
          ) : (
            <Skeleton active paragraph={{ rows: 1 }} title={false} />
          )}
          <div className="sc-meter__actions">
            <Button icon={<ApiOutlined aria-hidden="true" />} onClick={() => setOpen(true)} data-testid="sc-meter-change">
              {t('smart.changeMeter')}
            </Button>
            <Button
              danger
              icon={<DeleteOutlined aria-hidden="true" />}
              onClick={() => onChange?.(noMeter)}
              aria-label={t('smart.removeMeterLabel', { id: value.device_remote_id })}
              data-testid="sc-meter-remove"
            >
              {t('smart.removeMeter')}
            </Button>
          </div>
        </div>
      ) : (
        <div className="sc-meter__none">
          <span className="vg-muted">{t('smart.noMeter')}</span>
          <Button icon={<ApiOutlined aria-hidden="true" />} onClick={() => setOpen(true)} data-testid="sc-meter-open">
            {t('smart.connectMeter')}
          </Button>
        </div>
      )}
      <MeterDialog
        open={open}
        groupId={groupId}
        onClose={() => setOpen(false)}
        onDone={(choice, measurement) => {
          setPicked(measurement);
          onChange?.(choice);
          setOpen(false);
        }}
      />
    </div>
  );
}
