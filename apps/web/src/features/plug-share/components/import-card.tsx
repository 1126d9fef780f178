import { useId, useState } from 'react';
import { Alert, Button, Card, Progress, Select, Statistic, Switch, Typography, Upload } from 'antd';
import {
  CloudUploadOutlined,
  DeleteOutlined,
  FileTextOutlined,
  InboxOutlined,
  InfoCircleOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PLUG_SHARE_MAX_FILE, type PlugShareImportResponse } from '@recarga/contracts/stats';
import type { Tenant } from '@recarga/contracts/tenants';
import { isApiError } from '../../../lib/api-error';
import { progressPercent } from '../../../lib/download-file';
import { useFeedback } from '../../../lib/use-feedback';
import { useLanguageTag } from '../../../lib/use-language-tag';
import { useImportPlugShare } from '../api/import-plug-share';
import { fileProblem, formatBytes, importErrorRows, type FileProblem, type ImportErrorRow } from '../model/plug-share-file';
import { ImportErrorsTable } from './import-errors-table';

type Outcome =
  | { kind: 'done'; result: PlugShareImportResponse; replace: boolean }
  | { kind: 'invalid'; rows: ImportErrorRow[] }
  | { kind: 'failed'; message: string };

interface ImportCardProps {
  tenants: Tenant[];
  tenantPk: number | null;
  onTenantChange: (tenantPk: number) => void;
  /** Points the tenant holds now (for the replace confirmation); null while unknown. */
  currentCount: number | null;
}

/** Tenant, merge or replace, the file (click or drop), the upload and its outcome. */
export function ImportCard({ tenants, tenantPk, onTenantChange, currentCount }: ImportCardProps) {
  const { t } = useTranslation('plugShare');
  const { modal } = useFeedback();
  const locale = useLanguageTag();
  const ids = { tenant: useId(), replace: useId(), replaceHelp: useId(), drop: useId() };
  const [replace, setReplace] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [refused, setRefused] = useState<{ name: string; problem: FileProblem } | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const importer = useImportPlugShare();
  const tenant = tenants.find((x) => x.tenant_pk === tenantPk);
  const tenantName = tenant?.name ?? '';
  const busy = importer.isPending;

  const choose = (chosen: File) => {
    const problem = fileProblem(chosen);
    setOutcome(null);
    if (problem) {
      setRefused({ name: chosen.name, problem });
      setFile(null);
    } else {
      setRefused(null);
      setFile(chosen);
    }
  };

  const send = async () => {
    if (!file || tenantPk === null) return;
    setOutcome(null);
    setProgress(0);
    try {
      const result = await importer.mutateAsync({
        file,
        tenantPk,
        replace,
        onProgress: (p) => setProgress(progressPercent(p)),
      });
      setOutcome({ kind: 'done', result, replace });
    } catch (error) {
      if (isApiError(error) && error.body?.code === 'PLUG_SHARE_INVALID') {
        setOutcome({ kind: 'invalid', rows: importErrorRows(error.body.fields ?? {}) });
      } else if (isApiError(error) && error.body?.fields?.tenantPk) {
        setOutcome({ kind: 'failed', message: t('import.unknownTenant') });
      } else if (isApiError(error) && error.kind === 'network') {
        setOutcome({ kind: 'failed', message: t('import.network') });
      } else if (isApiError(error) && error.status === 403) {
        setOutcome({ kind: 'failed', message: t('import.forbidden') });
      } else {
        const serverText = isApiError(error) ? error.body?.message : undefined;
        setOutcome({ kind: 'failed', message: serverText ? t('import.failedWith', { message: serverText }) : t('import.failed') });
      }
    } finally {
      setProgress(null);
    }
  };

  const start = () => {
    if (!replace) return void send();
    modal.confirm({
      title: t('replace.confirmTitle', { tenant: tenantName }),
      content: currentCount === null ? t('replace.confirmBodyUnknown') : t('replace.confirmBody', { count: currentCount }),
      okText: t('replace.confirmOk'),
      cancelText: t('replace.confirmCancel'),
      okButtonProps: { danger: true },
      onOk: () => void send(),
    });
  };

  const refusedText = (r: { name: string; problem: FileProblem }) =>
    t(`fileProblems.${r.problem}`, { name: r.name, max: formatBytes(PLUG_SHARE_MAX_FILE, locale) });

  return (
    <Card variant="borderless" className="section-card ps-import" title={t('import.title')}>
      {tenants.length > 1 ? (
        <div className="ps-field">
          <label htmlFor={ids.tenant} className="ps-field__label">
            {t('import.tenant')}
          </label>
          <Select
            id={ids.tenant}
            className="ps-field__control"
            value={tenantPk ?? undefined}
            onChange={(value: number) => {
              onTenantChange(value);
              setOutcome(null);
            }}
            options={tenants.map((x) => ({ value: x.tenant_pk, label: x.name }))}
            showSearch={{ optionFilterProp: 'label' }}
            disabled={busy}
            data-testid="plug-share-tenant"
          />
        </div>
      ) : null}

      <div className="ps-replace">
        <Switch
          id={ids.replace}
          checked={replace}
          onChange={setReplace}
          disabled={busy}
          aria-describedby={ids.replaceHelp}
          data-testid="plug-share-replace"
        />
        <div>
          <label htmlFor={ids.replace} className="ps-replace__label">
            {t('replace.label')}
          </label>
          <Typography.Paragraph type="secondary" id={ids.replaceHelp} className="ps-replace__help">
            {replace ? t('replace.onHelp', { tenant: tenantName }) : t('replace.offHelp')}
          </Typography.Paragraph>
        </div>
      </div>

      <Upload.Dragger
        accept=".csv,text/csv"
        multiple={false}
        showUploadList={false}
        disabled={busy}
        beforeUpload={(chosen) => {
          choose(chosen);
          return Upload.LIST_IGNORE;
        }}
        className="ps-drop"
        aria-describedby={ids.drop}
        data-testid="plug-share-drop"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined aria-hidden="true" />
        </p>
        <p className="ant-upload-text">{t('drop.title')}</p>
        <p className="ant-upload-hint" id={ids.drop}>
          {t('drop.hint', { max: formatBytes(PLUG_SHARE_MAX_FILE, locale) })}
        </p>
      </Upload.Dragger>

      {refused ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          className="ps-block"
          title={refusedText(refused)}
          data-testid="plug-share-refused"
          closable={{ 'aria-label': t('close'), onClose: () => setRefused(null) }}
        />
      ) : null}

      {file ? (
        <div className="ps-file" data-testid="plug-share-file">
          <FileTextOutlined className="ps-file__icon" aria-hidden="true" />
          <div className="ps-file__main">
            <span className="ps-file__name">{file.name}</span>
            <span className="ps-file__size">{formatBytes(file.size, locale)}</span>
          </div>
          <Button
            type="text"
            icon={<DeleteOutlined aria-hidden="true" />}
            onClick={() => {
              setFile(null);
              setOutcome(null);
            }}
            disabled={busy}
            aria-label={t('drop.remove', { name: file.name })}
          />
        </div>
      ) : null}

      {busy ? (
        <div className="ps-progress" role="status" aria-live="polite" data-testid="plug-share-progress">
          <Progress percent={progress ?? 100} status="active" size="small" showInfo={progress !== null && progress < 100} />
          <Typography.Text type="secondary">
            {progress !== null && progress < 100 ? t('import.uploading', { percent: progress }) : t('import.processing')}
          </Typography.Text>
        </div>
      ) : null}

      <div className="ps-actions">
        <Button
          type="primary"
          size="large"
          icon={<CloudUploadOutlined aria-hidden="true" />}
          disabled={!file || tenantPk === null}
          loading={busy}
          onClick={start}
          data-testid="plug-share-submit"
        >
          {replace ? t('import.submitReplace') : t('import.submit')}
        </Button>
        {!file && !busy ? <Typography.Text type="secondary">{t('import.chooseFirst')}</Typography.Text> : null}
      </div>

      <div aria-live="polite" className="ps-outcome">
        {outcome?.kind === 'done' ? (
          <div className="ps-result" data-testid="plug-share-result">
            <Alert
              type="success"
              showIcon
              title={t('result.title', { count: outcome.result.rows, tenant: tenantName })}
              description={outcome.replace ? t('result.replaced') : t('result.merged')}
            />
            <div className="ps-stats">
              <Statistic title={t('result.created')} value={outcome.result.created} data-testid="plug-share-created" />
              <Statistic title={t('result.updated')} value={outcome.result.updated} data-testid="plug-share-updated" />
              <Statistic title={t('result.removed')} value={outcome.result.removed} data-testid="plug-share-removed" />
              <Statistic title={t('result.rows')} value={outcome.result.rows} data-testid="plug-share-rows" />
            </div>
          </div>
        ) : null}
        {outcome?.kind === 'invalid' ? (
          <div className="ps-block" data-testid="plug-share-invalid">
            <Alert
              type="error"
              showIcon
              title={t('errors.title', { count: outcome.rows.length })}
              description={t('errors.nothingImported')}
            />
            <ImportErrorsTable rows={outcome.rows} />
          </div>
        ) : null}
        {outcome?.kind === 'failed' ? (
          <Alert
            type="error"
            showIcon
            className="ps-block"
            title={outcome.message}
            data-testid="plug-share-failed"
            action={
              <Button icon={<ReloadOutlined aria-hidden="true" />} onClick={() => void send()} disabled={!file}>
                {t('import.retry')}
              </Button>
            }
          />
        ) : null}
      </div>

      <div className="ps-note">
        <InfoCircleOutlined aria-hidden="true" />
        <Typography.Text type="secondary">{t('import.readOnlyNote')}</Typography.Text>
      </div>
    </Card>
  );
}
