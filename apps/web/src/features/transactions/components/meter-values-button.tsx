import { Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TransactionRow } from '@recarga/contracts/transactions';
import { isApiError } from '../../../lib/api-error';
import { progressText } from '../../../lib/download-file';
import { useFeedback } from '../../../lib/use-feedback';
import { useFileDownload } from '../../../lib/use-file-download';
import { downloadMeterValuesXlsx } from '../api/download-transactions-xlsx';
import { exceedsMeterValuesLimit } from '../model/meter-values-limit';

/** Meter-values .xlsx of one recharge; refused in the browser when it lasted more than 5 hours. */
export function MeterValuesButton({ row }: { row: TransactionRow }) {
  const { t } = useTranslation('transactions');
  const { message, modal } = useFeedback();
  const { busy, progress, run } = useFileDownload();

  const download = async () => {
    if (exceedsMeterValuesLimit(row.startTimestamp, row.stopTimestamp)) {
      message.error(t('detail.fileTooLarge'));
      return;
    }
    try {
      await run((onProgress) => downloadMeterValuesXlsx(row.id, onProgress), `medicoes-recarga-${row.id}.xlsx`);
    } catch (error) {
      if (isApiError(error) && error.status === 413) {
        message.error(t('detail.fileTooLarge'));
      } else if (isApiError(error) && error.status === 403) {
        modal.warning({ title: t('excel.limitTitle'), content: t('excel.limitText'), okText: t('excel.ok') });
      } else {
        message.error(t('detail.meterValuesFailed'));
      }
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
