import { useState } from 'react';
import { App, Button } from 'antd';
import { FileExcelOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { isApiError } from '../../../lib/api-error';
import { saveBlob, type DownloadProgress } from '../../../lib/download-file';
import { downloadStationsXlsx } from '../api/download-stations-xlsx';
import type { StationFilters } from '../api/get-stations';
import { progressText } from './download-progress-text';
import { useLimitNotice } from './use-limit-notice';

/** Download Excel: the filtered station list as a streamed .xlsx, with progress. */
export function ExcelDownloadButton({ filters }: { filters: StationFilters }) {
  const { t } = useTranslation('stations');
  const { message } = App.useApp();
  const limits = useLimitNotice();
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    setProgress(null);
    try {
      const file = await downloadStationsXlsx(filters, setProgress);
      saveBlob(file.blob, file.fileName ?? `estacoes-${dayjs().format('YYYY-MM-DD')}.xlsx`);
      message.success(t('excel.done'));
    } catch (error) {
      if (isApiError(error) && error.status === 403) limits.reportLimit();
      else message.error(t('excel.failed'));
    } finally {
      setBusy(false);
      setProgress(null);
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
