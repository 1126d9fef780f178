import { useId, useRef, useState } from 'react';
import { Alert, Button, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MeterMeasurement } from '@recarga/contracts/meters';
import { isApiError } from '../../../../lib/api-error';
import { findMeterGroup } from '../api/find-meter-group';
import { getMeterMeasurement } from '../api/get-meter-measurement';
import { meterQuery, type MeterChoice } from '../model/smart-charging-form';
import { MeterReading } from './meter-reading';

type Outcome =
  | { kind: 'idle' }
  | { kind: 'taken'; groupName: string }
  | { kind: 'notFound' }
  | { kind: 'failed' }
  | { kind: 'found'; meter: MeterMeasurement };

interface Props {
  open: boolean;
  /** The group the meter is for; null on the group's create form. */
  groupId: number | null;
  onClose: () => void;
  /** 'Concluir': the meter goes into the form. */
  onDone: (meter: MeterChoice, measurement: MeterMeasurement) => void;
}

/**
 * The meter link dialog (002 §4, §8): 'Conectar' tests the meter ('Conectando' meanwhile); it is
 * already tied to another group, not found, offline, or online with its latest reading and phases.
 * 'Concluir' stores a found meter in the form.
 */
export function MeterDialog({ open, groupId, onClose, onDone }: Props) {
  const { t } = useTranslation('virtualGroups');
  const inputId = useId();
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  const [testing, setTesting] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const attempt = useRef(0);

  const reset = () => {
    attempt.current++;
    setText('');
    setMissing(false);
    setTesting(false);
    setOutcome({ kind: 'idle' });
  };

  const connect = async () => {
    const query = meterQuery(text);
    if (!query) {
      setMissing(true);
      return;
    }
    const mine = ++attempt.current;
    setTesting(true);
    setOutcome({ kind: 'idle' });
    let next: Outcome;
    try {
      const meter = await getMeterMeasurement(query);
      const holder = await findMeterGroup(meter.device_remote_id, groupId);
      next = holder ? { kind: 'taken', groupName: holder.name } : { kind: 'found', meter };
    } catch (error) {
      next = isApiError(error) && error.status === 404 ? { kind: 'notFound' } : { kind: 'failed' };
    }
    if (mine !== attempt.current) return;
    setTesting(false);
    setOutcome(next);
  };

  const found = outcome.kind === 'found' ? outcome.meter : null;
  return (
    <Modal
      open={open}
      title={t('meter.dialogTitle')}
      onCancel={onClose}
      afterClose={reset}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('meter.cancel')}
        </Button>,
        <Button
          key="done"
          type="primary"
          disabled={!found}
          onClick={() => {
            if (!found) return;
            onDone({ device_remote_id: found.device_remote_id, mac_address: found.mac_address }, found);
          }}
          data-testid="sc-meter-done"
        >
          {t('meter.finish')}
        </Button>,
      ]}
      data-testid="sc-meter-dialog"
    >
      <form
        className="sc-meter-dialog"
        onSubmit={(event) => {
          // The dialog sits in the smart-charging form's React tree: its submit is its own.
          event.preventDefault();
          event.stopPropagation();
          void connect();
        }}
      >
        <label htmlFor={inputId} className="sc-label">
          {t('meter.query')}
        </label>
        <div className="sc-meter-dialog__row">
          <Input
            id={inputId}
            value={text}
            maxLength={64}
            placeholder={t('meter.queryPlaceholder')}
            status={missing ? 'error' : undefined}
            aria-invalid={missing}
            aria-describedby={missing ? `${inputId}-error` : undefined}
            onChange={(event) => {
              setText(event.target.value);
              setMissing(false);
            }}
            data-testid="sc-meter-query"
          />
          <Button htmlType="submit" loading={testing} data-testid="sc-meter-connect">
            {testing ? t('meter.connecting') : t('meter.connect')}
          </Button>
        </div>
        {missing ? (
          <span id={`${inputId}-error`} className="text text--danger" role="alert">
            {t('meter.queryRequired')}
          </span>
        ) : null}
      </form>
      <div className="sc-meter-dialog__outcome" aria-live="polite" data-testid="sc-meter-outcome">
        {outcome.kind === 'taken' ? (
          <Alert type="warning" showIcon title={t('meter.taken')} description={t('meter.takenBy', { name: outcome.groupName })} />
        ) : outcome.kind === 'notFound' ? (
          <Alert type="error" showIcon title={t('meter.notFound')} />
        ) : outcome.kind === 'failed' ? (
          <Alert type="error" showIcon title={t('meter.fetchFailed')} />
        ) : found ? (
          <div className="sc-meter-found">
            <div className="sc-meter-found__ids">
              <span className="vg-code">{found.device_remote_id}</span>
              <span className="vg-muted">{found.mac_address}</span>
            </div>
            <MeterReading meter={found} />
          </div>
        ) : null}
      </div>
    </Modal>
  );
}
