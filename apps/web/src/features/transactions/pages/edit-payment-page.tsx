import { useEffect, useState } from 'react';
import { Alert, Button, Card, DatePicker, Form, Input, Result, Skeleton, Typography } from 'antd';
import { ArrowLeftOutlined, CheckOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import type { PaymentType } from '@recarga/contracts/payments';
import { NoPermissionView } from '../../../components/no-permission-view';
import { useLeaveGuard } from '../../../components/use-leave-guard';
import { PageHeader } from '../../../components/page-header';
import { isApiError } from '../../../lib/api-error';
import { dateTimeFormat, formatDateTime } from '../../../lib/format/date-time';
import { useFeedback } from '../../../lib/use-feedback';
import { usePaymentTypes } from '../api/get-payment-types';
import { useTransaction } from '../api/get-transaction';
import { usePayTransaction } from '../api/pay-transaction';
import { defaultPaymentType, PaymentTypeSelect } from '../components/payment-type-select';
import { RevenueAmount } from '../components/revenue-amount';
import { TransactionsScope } from '../components/transactions-scope';
import { canEditPayment } from '../model/edit-payment';
import { useTransactionAccess } from '../use-transaction-access';

interface PaymentForm {
  paidAt: Dayjs;
  paymentType: PaymentType;
  externalId?: string;
}

const EXTERNAL_ID_MAX = 200;

/** /transactions/{id}/payment/edit: registers the payment of a not-paid recharge (POST transaction/{id}/pay). */
export function EditPaymentPage() {
  const { t } = useTranslation('transactions');
  const { message } = useFeedback();
  const navigate = useNavigate();
  const params = useParams();
  const id = Number(params.id);
  const access = useTransactionAccess();
  const detail = useTransaction(id, access.canApprove);
  const types = usePaymentTypes(access.canApprove);
  const pay = usePayTransaction(id);
  const [form] = Form.useForm<PaymentForm>();
  const [dirty, setDirty] = useState(false);
  const leave = useLeaveGuard(dirty);
  const tx = detail.data?.transaction;
  const editable = tx ? canEditPayment(tx) : false;

  useEffect(() => {
    if (types.data && !form.getFieldValue('paymentType')) form.setFieldValue('paymentType', defaultPaymentType(types.data));
  }, [types.data, form]);

  if (!access.canApprove) return <NoPermissionView />;

  const back = () => navigate('/transactions');

  const submit = async (values: PaymentForm) => {
    try {
      await pay.mutateAsync({
        paid_timestamp: values.paidAt.toISOString(),
        payment_type: values.paymentType,
        payment_external_id: values.externalId?.trim() || null,
      });
      message.success(t('edit.success'));
      leave.release();
      back();
    } catch (error) {
      const reason = isApiError(error) && error.status < 500 ? error.body?.message : undefined;
      message.error(reason ? `${t('edit.error')} ${reason}` : t('edit.error'));
    }
  };

  const header = (
    <PageHeader
      title={t('edit.title')}
      subtitle={Number.isInteger(id) ? t('edit.subtitle', { id }) : undefined}
      extra={
        <Button icon={<ArrowLeftOutlined aria-hidden="true" />} onClick={back}>
          {t('edit.back')}
        </Button>
      }
    />
  );

  if (detail.isLoading) {
    return (
      <TransactionsScope className="tx-edit-page">
        {header}
        <Card variant="borderless" className="section-card">
          <Skeleton active />
        </Card>
      </TransactionsScope>
    );
  }
  if (detail.isError || !tx) {
    const notFound = isApiError(detail.error) && (detail.error.status === 404 || detail.error.status === 400);
    return (
      <TransactionsScope className="tx-edit-page">
        {header}
        <Card variant="borderless" className="section-card">
          <Result
            status={notFound ? '404' : 'error'}
            title={notFound ? t('edit.notFound') : t('edit.loadError')}
            extra={<Button onClick={back}>{t('edit.back')}</Button>}
          />
        </Card>
      </TransactionsScope>
    );
  }

  return (
    <TransactionsScope className="tx-edit-page">
      {header}
      <div className="tx-edit">
        <Card variant="borderless" className="section-card tx-edit__summary" title={t('edit.summary')}>
          <dl className="tx-facts tx-facts--stacked">
            <div className="tx-fact">
              <dt>{t('edit.station')}</dt>
              <dd>
                <div className="tx-two-lines">
                  <span className="tx-two-lines__main">{tx.chargeBoxDescription || tx.chargeBoxId}</span>
                  <span className="tx-two-lines__sub">
                    {tx.chargeBoxId} · {t('columns.connector')} {tx.connectorId}
                  </span>
                </div>
              </dd>
            </div>
            <div className="tx-fact">
              <dt>{t('edit.user')}</dt>
              <dd>
                <div className="tx-two-lines">
                  <span className="tx-two-lines__main">{tx.userName || '—'}</span>
                  <code className="tx-two-lines__sub tx-code">{tx.ocppIdTag}</code>
                </div>
              </dd>
            </div>
            <div className="tx-fact">
              <dt>{t('edit.period')}</dt>
              <dd>
                {formatDateTime(tx.startTimestamp)} – {tx.stopTimestamp ? formatDateTime(tx.stopTimestamp) : t('list.running')}
                <Typography.Text type="secondary"> · {tx.durationHumanReadable}</Typography.Text>
              </dd>
            </div>
            <div className="tx-fact">
              <dt>{t('edit.energy')}</dt>
              <dd>{tx.energyHumanReadable}</dd>
            </div>
            {tx.incomeHumanReadable !== undefined ? (
              <div className="tx-fact">
                <dt>{t('edit.amount')}</dt>
                <dd>
                  <RevenueAmount row={tx} />
                </dd>
              </div>
            ) : null}
          </dl>
        </Card>
        <Card variant="borderless" className="section-card tx-edit__form" title={t('edit.form')}>
          {!editable ? <Alert type="warning" showIcon title={t('edit.alreadyPaid')} className="tx-edit__alert" /> : null}
          <Form<PaymentForm>
            form={form}
            layout="vertical"
            requiredMark
            disabled={!editable || pay.isPending}
            initialValues={{ paidAt: dayjs(), externalId: '' }}
            onFinish={(values) => void submit(values)}
            onValuesChange={() => setDirty(true)}
            data-testid="tx-edit-form"
          >
            <Form.Item
              name="paidAt"
              label={t('edit.paidAt')}
              rules={[
                { required: true, message: t('edit.paidAtRequired') },
                {
                  validator: (_rule, value: Dayjs | undefined) =>
                    value && value.isAfter(dayjs().add(1, 'minute'))
                      ? Promise.reject(new Error(t('edit.paidAtFuture')))
                      : Promise.resolve(),
                },
              ]}
            >
              <DatePicker
                showTime={{ format: 'HH:mm' }}
                format={dateTimeFormat}
                disabledDate={(d) => d.isAfter(dayjs().endOf('day'))}
                allowClear={false}
                className="tx-full-width"
                data-testid="tx-edit-paid-at"
              />
            </Form.Item>
            <Form.Item
              name="paymentType"
              label={t('edit.paymentType')}
              rules={[{ required: true, message: t('edit.paymentTypeRequired') }]}
            >
              <PaymentTypeSelect types={types.data ?? []} loading={types.isLoading} aria-label={t('edit.paymentType')} />
            </Form.Item>
            <Form.Item name="externalId" label={t('edit.externalId')} extra={t('edit.externalIdHint')}>
              <Input maxLength={EXTERNAL_ID_MAX} showCount data-testid="tx-edit-external-id" />
            </Form.Item>
            <div className="tx-edit__buttons">
              <Button onClick={back} disabled={false}>
                {t('edit.cancel')}
              </Button>
              <Button
                type="primary"
                htmlType="submit"
                icon={<CheckOutlined aria-hidden="true" />}
                loading={pay.isPending}
                data-testid="tx-edit-save"
              >
                {t('edit.save')}
              </Button>
            </div>
          </Form>
        </Card>
      </div>
    </TransactionsScope>
  );
}
