import { useState } from 'react';
import { Alert, Button, Card, Select, Skeleton } from 'antd';
import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LOG_NOT_AVAILABLE } from '@recarga/contracts/logs';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { useTenants } from '../../../lib/api/get-tenants';
import { foldedSearch } from '../../../lib/select-search';
import { useFeedback } from '../../../lib/use-feedback';
import { useFileDownload } from '../../../lib/use-file-download';
import { downloadLog } from '../api/download-log';
import { useLogText } from '../api/get-log-text';
import { LogPanel } from '../components/log-panel';
import '../logs.css';

/**
 * /log (001 §2 Logs): a tenant of the caller's scope (the first preselected), today's log coloured
 * by level, a notice when there is none ('Not available'), refresh and download of the day.
 */
export function LogPage() {
  const { t } = useTranslation('logs');
  const { message } = useFeedback();
  const tenants = useTenants();
  const [chosen, setChosen] = useState<string | undefined>();
  const tenant = chosen ?? tenants.data?.[0]?.name;
  const log = useLogText(tenant);
  const download = useFileDownload();

  const onDownload = async () => {
    if (!tenant) return;
    try {
      await download.run((onProgress) => downloadLog(tenant, onProgress), `log-${tenant}.txt`);
    } catch {
      void message.error(t('downloadFailed'));
    }
  };

  const failed = tenants.isError || log.isError;
  const retry = () => void (tenants.isError ? tenants.refetch() : log.refetch());

  return (
    <div className="log-page">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Card className="section-card" variant="borderless">
        <div className="log-page__toolbar">
          <div className="log-page__tenant">
            <label htmlFor="log-tenant">{t('tenant')}</label>
            <Select
              id="log-tenant"
              value={tenant}
              onChange={(name: string) => setChosen(name)}
              options={(tenants.data ?? []).map((x) => ({ value: x.name, label: x.name }))}
              showSearch={foldedSearch('label')}
              loading={tenants.isLoading}
              disabled={!tenants.data?.length}
              placeholder={t('tenantPlaceholder')}
            />
          </div>
          <div className="log-page__actions">
            <Button
              data-testid="log-refresh"
              icon={<ReloadOutlined />}
              onClick={() => void log.refetch()}
              loading={log.isFetching}
              disabled={!tenant}
            >
              {t('refresh')}
            </Button>
            <Button
              data-testid="log-download"
              type="primary"
              icon={<DownloadOutlined />}
              onClick={() => void onDownload()}
              loading={download.busy}
              disabled={!tenant}
            >
              {t('download')}
            </Button>
          </div>
        </div>
        {failed ? (
          <LoadError title={t('listsFailed')} retryText={t('retry')} onRetry={retry} />
        ) : tenants.isLoading || log.isLoading ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : log.data === undefined ? null : log.data.trim() === LOG_NOT_AVAILABLE ? (
          <Alert className="log-page__notice" type="info" showIcon title={t('notAvailable')} description={t('notAvailableHint')} />
        ) : (
          <LogPanel text={log.data} label={t('panelLabel', { tenant })} />
        )}
      </Card>
    </div>
  );
}
