import { useState } from 'react';
import { Alert, Button, DatePicker, Form, Input, Popover, Progress, Radio, Typography } from 'antd';
import { DownloadOutlined, DownOutlined, FilePdfOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { isApiError } from '../../../lib/api-error';
import { progressPercent, progressText } from '../../../lib/download-file';
import { useBrand } from '../../../lib/theme/brand-context';
import { useFeedback } from '../../../lib/use-feedback';
import { useFileDownload } from '../../../lib/use-file-download';
import { downloadAssessmentReport, type ReportKind } from '../api/download-assessment-report';
import type { StationFilters } from '../api/get-stations';
import { useReportPermissions } from '../api/get-report-permissions';
import { currencySymbol, moneyTextToMinor, sanitizeMoneyText, MONEY_INPUT_MAX } from '../utils/money-input';
import { useLimitNotice } from './use-limit-notice';

/** Station report defaults: the last 10 days (001 §9). */
const REPORT_DEFAULT_DAYS = 10;

interface ReportForm {
  range: [Dayjs, Dayjs];
  kind: ReportKind;
  costKwh: string;
  incomeKwh: string;
}

/**
 * Report dropdown of the station list: date range, Unified (PDF) or Individual (zip of PDFs; hidden
 * when the report-permission call answers hasDisableTransactionOption), cost and income per kWh.
 */
export function ReportPopover({ filters }: { filters: StationFilters }) {
  const { t } = useTranslation('stations');
  const brand = useBrand();
  const { message } = useFeedback();
  const limits = useLimitNotice();
  const permissions = useReportPermissions();
  const hideIndividual = permissions.data?.hasDisableTransactionOption ?? true;
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<ReportForm>();
  const { busy, progress, run } = useFileDownload();
  const [failed, setFailed] = useState(false);
  const symbol = currencySymbol(brand.currency);

  const download = async () => {
    const values = await form.validateFields();
    const kind: ReportKind = hideIndividual ? 'unified' : values.kind;
    setFailed(false);
    try {
      await run(
        (onProgress) =>
          downloadAssessmentReport(
            {
              kind,
              fromDate: values.range[0].format('YYYY-MM-DD'),
              toDate: values.range[1].format('YYYY-MM-DD'),
              costKwh: moneyTextToMinor(values.costKwh),
              incomeKwh: moneyTextToMinor(values.incomeKwh),
              filters,
            },
            onProgress,
          ),
        kind === 'unified' ? 'relatorio-unificado.pdf' : 'relatorios-estacoes.zip',
      );
      message.success(t('report.done'));
      setOpen(false);
    } catch (error) {
      if (isApiError(error) && error.status === 403) {
        setOpen(false);
        limits.reportLimit();
      } else {
        setFailed(true);
      }
    }
  };

  const percent = progressPercent(progress);
  const content = (
    <div className="report-panel" role="dialog" aria-label={t('report.title')}>
      <Typography.Title level={5} className="report-panel__title">
        {t('report.title')}
      </Typography.Title>
      <Form<ReportForm>
        form={form}
        layout="vertical"

        initialValues={{
          range: [
            dayjs()
              .subtract(REPORT_DEFAULT_DAYS - 1, 'day')
              .startOf('day'),
            dayjs().endOf('day'),
          ],
          kind: 'unified',
          costKwh: '',
          incomeKwh: '',
        }}
        onFinish={() => void download()}
      >
        <Form.Item name="range" label={t('report.period')} rules={[{ required: true, message: t('form.required') }]}>
          <DatePicker.RangePicker
            format="DD/MM/YYYY"
            allowClear={false}
            disabledDate={(d) => d.isAfter(dayjs().endOf('day'))}
            className="full-width"
            aria-label={t('report.period')}
          />
        </Form.Item>
        {!hideIndividual ? (
          <Form.Item name="kind" label={t('report.kind')}>
            <Radio.Group optionType="button" buttonStyle="solid" className="report-panel__kind">
              <Radio.Button value="unified">{t('report.unified')}</Radio.Button>
              <Radio.Button value="individual">{t('report.individual')}</Radio.Button>
            </Radio.Group>
          </Form.Item>
        ) : null}
        <div className="report-panel__row">
          <Form.Item name="costKwh" label={t('report.costKwh')} normalize={sanitizeMoneyText}>
            <Input prefix={symbol} suffix="/kWh" maxLength={MONEY_INPUT_MAX} inputMode="decimal" placeholder="0,00" />
          </Form.Item>
          <Form.Item name="incomeKwh" label={t('report.incomeKwh')} normalize={sanitizeMoneyText}>
            <Input prefix={symbol} suffix="/kWh" maxLength={MONEY_INPUT_MAX} inputMode="decimal" placeholder="0,00" />
          </Form.Item>
        </div>
        {busy ? (
          <div className="report-panel__progress" aria-live="polite">
            {percent !== null ? (
              <Progress percent={percent} size="small" />
            ) : (
              <Progress percent={100} status="active" showInfo={false} size="small" />
            )}
            <Typography.Text type="secondary">{t('report.downloading', { progress: progressText(progress) })}</Typography.Text>
          </div>
        ) : null}
        {failed && !busy ? (
          <Alert
            type="error"
            showIcon
            className="report-panel__error"
            title={t('report.failed')}
            action={
              <Button size="small" icon={<ReloadOutlined aria-hidden="true" />} onClick={() => void download()}>
                {t('report.retry')}
              </Button>
            }
          />
        ) : null}
        <Button
          type="primary"
          htmlType="submit"
          block
          icon={<DownloadOutlined aria-hidden="true" />}
          loading={busy}
          data-testid="report-download"
        >
          {t('report.download')}
        </Button>
      </Form>
    </div>
  );

  return (
    <Popover
      content={content}
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={(next) => !busy && setOpen(next)}
      arrow={false}
    >
      <Button icon={<FilePdfOutlined aria-hidden="true" />} aria-haspopup="dialog" aria-expanded={open} data-testid="report-button">
        {t('report.button')} <DownOutlined className="button-chevron" aria-hidden="true" />
      </Button>
    </Popover>
  );
}
