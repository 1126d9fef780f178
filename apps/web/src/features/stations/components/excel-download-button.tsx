import { Button } from 'antd';
import { FileExcelOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { isApiError } from '../../../lib/api-error';
import { progressText } from '../../../lib/download-file';
import { useFeedback } from '../../../lib/use-feedback';
import { useFileDownload } from '../../../lib/use-file-download';
import { downloadStationsXlsx } from '../api/download-stations-xlsx';
import type { StationFilters } from '../api/get-stations';
import { useLimitNotice } from './use-limit-notice';

/** Download Excel: the filtered station list as a streamed .xlsx, with progress. */
export function ExcelDownloadButton({ filters }: { filters: StationFilters }) {
  const { t } = useTranslation('stations');
  const { message } = useFeedback();
  const limits = useLimitNotice();
  const { busy, progress, run } = useFileDownload();

  const download = async () => {
    try {
      await run((onProgress) => downloadStationsXlsx(filters, onProgress), `estacoes-${dayjs().format('YYYY-MM-DD')}.xlsx`);
      message.success(t('excel.done'));
    } catch (error) {
      if (isApiError(error) && error.status === 403) limits.reportLimit();
      else message.error(t('excel.failed'));
    }
  };

  return (
    <Button
      icon={<FileExcelOutlined aria-hidden="true" />}
      onClick={() => void download()}
      loading={busy}
      data-testid="excel-button"
      aria-live="polite"
    >
      {busy ? t('excel.downloading', { progress: progressText(progress) }) : t('excel.button')}
    </Button>
  );
}
