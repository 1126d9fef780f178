import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { OperationOptions } from '@recarga/contracts/operations';
import { shortText } from '../model/short-text';

/**
 * CancelReservation: one of the open reservations of the selected stations, each told by its id,
 * connector, tag and end ('#12 · conector 1 · 04A1B2 · até 25/11 14:00'); the station's id leads
 * when several stations are selected.
 */
export function CancelReservationFields({ options, selected }: { options: OperationOptions | undefined; selected: string[] }) {
  const { t } = useTranslation('operations');
  const several = selected.length > 1;
  const choices = selected.flatMap((chargeBoxId) =>
    (options?.reservations?.[chargeBoxId] ?? []).map((r) => {
      const parts = [
        `#${r.reservationId}`,
        ...(several ? [chargeBoxId] : []),
        r.connectorId === 0 ? t('form.reservationStation') : t('form.reservationConnector', { connector: r.connectorId }),
        shortText(r.idTag),
        t('form.reservationUntil', { until: dayjs(r.expiryDate).format('DD/MM HH:mm') }),
        ...(r.status === 'REQUESTED' ? [t('form.reservationRequested')] : []),
      ];
      return { value: r.reservationId, label: parts.join(' · ') };
    }),
  );
  return (
    <Form.Item
      name="reservationId"
      label={t('form.reservationId')}
      rules={[{ required: true, message: t('validation.required') }]}
      extra={selected.length > 0 && choices.length === 0 ? t('form.noReservations') : undefined}
    >
      <Select
        options={choices.sort((a, b) => a.value - b.value)}
        notFoundContent={selected.length === 0 ? t('form.selectStationFirst') : t('form.noReservations')}
      />
    </Form.Item>
  );
}
