import { Button } from 'antd';
import { FileExcelOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { isApiError } from '../../../lib/api-error';
import { progressText } from '../../../lib/download-file';
import { useFeedback } from '../../../lib/use-feedback';
import { useFileDownload } from '../../../lib/use-file-download';
import { downloadTransactionsXlsx } from '../api/download-transactions-xlsx';
import type { TransactionFilters } from '../model/list-query';
import { DisabledOption } from './disabled-option';

/**
 * Download Excel: the filtered list as a streamed .xlsx with progress. 403 means the monthly
 * report limit was reached (upgrade notice); anything else 'Unable to download the .xlsx file.'.
 */
export function TransactionsExcelButton({ filters, disabled }: { filters: TransactionFilters; disabled: boolean }) {
  const { t } = useTranslation('transactions');
  const { message, modal } = useFeedback();
  const { busy, progress, run } = useFileDownload();

  const download = async () => {
    try {
      await run(
        (onProgress) => downloadTransactionsXlsx(filters, onProgress),
        `${t('excel.fileName')}-${dayjs().format('YYYY-MM-DD')}.xlsx`,
      );
      message.success(t('excel.done'));
    } catch (error) {
      if (isApiError(error) && error.status === 403 && error.body?.code === 'TRANSACTION_OPTION_DISABLED') {
        message.warning(t('excel.optionDisabled'));
      } else if (isApiError(error) && error.status === 403) {
        modal.warning({ title: t('excel.limitTitle'), content: t('excel.limitText'), okText: t('excel.ok') });
      } else {
        message.error(t('excel.failed'));
      }
    }
  };

  return (
    <DisabledOption disabled={disabled} testId="tx-excel-disabled">
      <Button
        icon={<FileExcelOutlined aria-hidden="true" />}
        onClick={() => void download()}
        loading={busy}
        disabled={disabled}
        data-testid="tx-excel"
        aria-live="polite"
      >
        {busy ? t('excel.downloading', { progress: progressText(progress) }) : t('excel.button')}
      </Button>
    </DisabledOption>
  );
}
