import { useRef, useState } from 'react';
import { Alert, Button, Dropdown, Progress } from 'antd';
import { DownOutlined, FileExcelOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FINANCIAL_REPORT_FILE, financialTabs, type FinancialTab } from '@recarga/contracts/financial-constants';
import { isApiError } from '../../../lib/api-error';
import { saveBlob } from '../../../lib/download-file';
import { useNumberFormat } from '../../../lib/format/use-number-format';
import { useFeedback } from '../../../lib/use-feedback';
import { downloadFinancialXlsx } from '../api/download-financial-xlsx';
import { exportPercent, rowsReceived, type ExportProgress } from '../model/export-progress';
import type { FinancialQueryParams } from '../model/list-settings';

type State =
  | { kind: 'idle' }
  | { kind: 'running'; tab: FinancialTab; progress: ExportProgress | null }
  | { kind: 'failed'; tab: FinancialTab; reason: 'failed' | 'limit' | 'forbidden' };

function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * The Excel download menu (000 §2, §7): the filtered list of a tab as a streamed .xlsx, saved as
 * the fixed report name. While it streams, a panel shows the rows announced (X-Total-Rows) against
 * what has arrived; a failure shows the spec's message with a retry (a 403 says why instead).
 */
export function useExcelDownload(query: FinancialQueryParams) {
  const { t } = useTranslation('financial');
  const { message } = useFeedback();
  const fmt = useNumberFormat();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const abort = useRef<AbortController | null>(null);

  const start = async (tab: FinancialTab) => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setState({ kind: 'running', tab, progress: null });
    try {
      const blob = await downloadFinancialXlsx(tab, query, (progress) => setState({ kind: 'running', tab, progress }), controller.signal);
      saveBlob(blob, FINANCIAL_REPORT_FILE);
      setState({ kind: 'idle' });
      message.success(t('excel.done'));
    } catch (error) {
      if (controller.signal.aborted) return;
      const reason = isApiError(error) && error.status === 403 ? (error.body?.code === 'REPORT_LIMIT' ? 'limit' : 'forbidden') : 'failed';
      setState({ kind: 'failed', tab, reason });
    } finally {
      if (abort.current === controller) abort.current = null;
    }
  };

  const cancel = () => {
    abort.current?.abort();
    abort.current = null;
    setState({ kind: 'idle' });
  };

  const button = (
    <Dropdown
      trigger={['click']}
      disabled={state.kind === 'running'}
      menu={{
        items: financialTabs.map((tab) => ({ key: tab, label: t(`excel.${tab}`), icon: <FileExcelOutlined aria-hidden="true" /> })),
        onClick: ({ key }) => void start(key as FinancialTab),
      }}
    >
      <Button
        icon={<FileExcelOutlined aria-hidden="true" />}
        loading={state.kind === 'running'}
        aria-haspopup="menu"
        data-testid="fin-excel"
      >
        {t('excel.button')} <DownOutlined aria-hidden="true" className="button-chevron" />
      </Button>
    </Dropdown>
  );

  let panel = null;
  if (state.kind === 'running') {
    const p = state.progress;
    const percent = p ? exportPercent(p) : null;
    const received = p ? rowsReceived(p) : null;
    panel = (
      <div className="fin-export" role="status" aria-live="polite" data-testid="fin-excel-progress">
        <FileExcelOutlined aria-hidden="true" className="fin-export__icon" />
        <div className="fin-export__body">
          <strong>{t('excel.downloading', { list: t(`excel.${state.tab}`) })}</strong>
          <Progress
            percent={percent ?? 100}
            status="active"
            strokeColor="var(--brand-primary)"
            showInfo={percent !== null}
            size="small"
            aria-label={t('excel.progressLabel')}
            data-testid="fin-excel-bar"
          />
          <span className="fin-export__text" data-testid="fin-excel-text">
            {p === null
              ? t('excel.preparing')
              : p.rows !== null && received !== null
                ? t('excel.rows', { received: fmt.integer(received), rows: fmt.integer(p.rows), size: sizeText(p.loaded) })
                : t('excel.bytes', { size: sizeText(p.loaded) })}
          </span>
        </div>
        <Button size="small" onClick={cancel}>
          {t('excel.cancel')}
        </Button>
      </div>
    );
  } else if (state.kind === 'failed') {
    const retryable = state.reason === 'failed';
    panel = (
      <Alert
        type={retryable ? 'error' : 'warning'}
        showIcon
        className="fin-export-error"
        title={retryable ? t('messages.reportFailed') : t(`excel.${state.reason}`)}
        closable={{ onClose: () => setState({ kind: 'idle' }), 'aria-label': t('excel.close') }}
        action={
          retryable ? (
            <Button size="small" onClick={() => void start(state.tab)} data-testid="fin-excel-retry">
              {t('excel.retry')}
            </Button>
          ) : undefined
        }
        data-testid="fin-excel-error"
      />
    );
  }

  return { button, panel };
}
