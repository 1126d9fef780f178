import { useState } from 'react';
import { App, Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TransactionRow } from '@recarga/contracts/transactions';
import { isApiError } from '../../../lib/api-error';
import { progressText, saveBlob, type DownloadProgress } from '../../../lib/download-file';
import { downloadMeterValuesXlsx } from '../api/download-transactions-xlsx';
import { exceedsMeterValuesLimit } from '../model/meter-values-limit';

/** Meter-values .xlsx of one recharge; refused in the browser when it lasted more than 5 hours. */
export function MeterValuesButton({ row }: { row: TransactionRow }) {
  const { t } = useTranslation('transactions');
  const { message, modal } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<DownloadProgress | null>(null);

  const download = async () => {
    if (exceedsMeterValuesLimit(row.startTimestamp, row.stopTimestamp)) {
      message.error(t('detail.fileTooLarge'));
      return;
    }
    setBusy(true);
    try {
      const file = await downloadMeterValuesXlsx(row.id, setProgress);
      saveBlob(file.blob, file.fileName ?? `medicoes-recarga-${row.id}.xlsx`);
    } catch (error) {
      if (isApiError(error) && error.status === 413) {
        message.error(t('detail.fileTooLarge'));
      } else if (isApiError(error) && error.status === 403) {
        modal.warning({ title: t('excel.limitTitle'), content: t('excel.limitText'), okText: t('excel.ok') });
      } else {
        message.error(t('detail.meterValuesFailed'));
      }
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };

  return (
    <Button
      icon={<DownloadOutlined aria-hidden="true" />}
      loading={busy}
      onClick={() => void download()}
      data-testid={`tx-meter-values-${row.id}`}
    >
      {busy && progress ? `${t('detail.meterValues')} · ${progressText(progress)}` : t('detail.meterValues')}
    </Button>
  );
}
