import { Button } from 'antd';
import { StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TransactionRow } from '@recarga/contracts/transactions';
import { isApiError } from '../../../lib/api-error';
import { useFeedback } from '../../../lib/use-feedback';
import { usePermittedRoutes } from '../../../lib/use-permitted-routes';
import { useCloseLost } from '../api/close-lost';

/**
 * "Close as lost" (docs/decisions.md): an open recharge of an offline station, whose stop never
 * came, is closed with the energy last metered and billed for it. Offered with the remote-stop
 * permission, only while the recharge is open and its station offline; asks first, says it cannot
 * be undone.
 */
export function CloseLostButton({ row }: { row: TransactionRow }) {
  const { t } = useTranslation('transactions');
  const { message, modal } = useFeedback();
  const permitted = usePermittedRoutes();
  const close = useCloseLost(row.id);
  if (!permitted.has('/operations/remote_stop') || row.stopTimestamp !== null || row.stationOnline !== false) return null;

  const run = async () => {
    try {
      await close.mutateAsync();
      message.success(t('lost.done'));
    } catch (error) {
      const code = isApiError(error) && error.kind === 'http' ? error.body?.code : undefined;
      message.error(code === 'STATION_ONLINE' ? t('lost.online') : t('lost.failed'));
    }
  };

  const ask = () =>
    modal.confirm({
      title: t('lost.title'),
      content: t('lost.text', { station: row.chargeBoxId, energy: row.energyHumanReadable }),
      okText: t('lost.confirm'),
      okButtonProps: { danger: true, 'data-testid': 'close-lost-confirm' },
      cancelText: t('lost.keep'),
      onOk: run,
    });

  return (
    <Button danger icon={<StopOutlined aria-hidden="true" />} loading={close.isPending} onClick={ask} data-testid={`close-lost-${row.id}`}>
      {t('lost.button')}
    </Button>
  );
}
