import { useEffect, useState } from 'react';
import { Alert, Button, DatePicker, Form, Modal, Typography } from 'antd';
import { CheckCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import type { PaymentType } from '@recarga/contracts/payments';
import type { TransactionRow } from '@recarga/contracts/transactions';
import { dateTimeFormat } from '../../../lib/format/date-time';
import { formatMinorUnits } from '../../../lib/format/money';
import { useBrand } from '../../../lib/theme/brand-context';
import { useFeedback } from '../../../lib/use-feedback';
import { useConfirmPayments } from '../api/confirm-payments';
import { usePaymentTypes } from '../api/get-payment-types';
import { defaultPaymentType, PaymentTypeSelect } from './payment-type-select';

const RELOAD_DELAY_MS = 1000;

interface Props {
  selected: TransactionRow[];
  onDone: () => void;
}

interface ApproveForm {
  paidAt: Dayjs;
  paymentType: PaymentType;
}

/**
 * Approve Transactions (001 §2, §4): needs a selection ('Must select at least one transaction to
 * perform action!'); the dialog takes the paid time and payment type, then POST
 * transaction/confirm_payments; on success the list reloads after 1 second.
 */
export function ApproveTransactions({ selected, onDone }: Props) {
  const { t } = useTranslation('transactions');
  const { message } = useFeedback();
  const brand = useBrand();
  const [open, setOpen] = useState(false);
  const [openedAt, setOpenedAt] = useState(() => dayjs());
  const [form] = Form.useForm<ApproveForm>();
  const types = usePaymentTypes(open);
  const confirm = useConfirmPayments();
  const withIncome = selected.filter((row) => typeof row.income === 'number');
  const total = withIncome.reduce((sum, row) => sum + (row.income ?? 0), 0);
  const currency = selected[0]?.currency;
  const sameCurrency = selected.every((row) => row.currency === currency);

  const start = () => {
    if (selected.length === 0) {
      message.warning(t('approve.mustSelect'));
      return;
    }
    setOpenedAt(dayjs());
    setOpen(true);
  };

  useEffect(() => {
    if (open && types.data && !form.getFieldValue('paymentType')) form.setFieldValue('paymentType', defaultPaymentType(types.data));
  }, [open, types.data, form]);

  const submit = async (values: ApproveForm) => {
    try {
      await confirm.mutateAsync({
        transaction_pks: selected.map((row) => row.id),
        paid_timestamp: values.paidAt.toISOString(),
        payment_type: values.paymentType,
      });
      setOpen(false);
      message.success(t('approve.success'));
      setTimeout(() => {
        onDone();
        void confirm.reload();
      }, RELOAD_DELAY_MS);
    } catch {
      message.error(t('approve.error'));
    }
  };

  const totalText =
    withIncome.length === selected.length && sameCurrency && currency
      ? formatMinorUnits(total, { currency, locale: brand.moneyLocale })
      : null;

  return (
    <>
      <Button type="primary" icon={<CheckCircleOutlined aria-hidden="true" />} onClick={start} data-testid="tx-approve">
        {t('approve.button')}
      </Button>
      <Modal
        open={open}
        title={selected.length === 1 ? t('approve.titleOne', { n: 1 }) : t('approve.titleMany', { n: selected.length })}
        okText={t('approve.confirm')}
        cancelText={t('approve.cancel')}
        onCancel={() => setOpen(false)}
        onOk={() => form.submit()}
        confirmLoading={confirm.isPending}
        okButtonProps={{ disabled: !types.data?.length, 'data-testid': 'tx-approve-ok' }}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('approve.intro')}</Typography.Paragraph>
        {totalText ? (
          <Alert
            className="tx-approve__total"
            type="info"
            showIcon={false}
            title={
              <span>
                {t('approve.total')}: <strong>{totalText}</strong>
              </span>
            }
          />
        ) : null}
        <Form<ApproveForm>
          form={form}
          layout="vertical"
          onFinish={(v) => void submit(v)}

          initialValues={{ paidAt: openedAt, paymentType: defaultPaymentType(types.data ?? []) }}
        >
          <Form.Item name="paidAt" label={t('approve.paidAt')} rules={[{ required: true }]}>
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format={dateTimeFormat}
              disabledDate={(d) => d.isAfter(dayjs().endOf('day'))}
              allowClear={false}
              className="tx-full-width"
            />
          </Form.Item>
          <Form.Item name="paymentType" label={t('approve.paymentType')} rules={[{ required: true }]}>
            <PaymentTypeSelect types={types.data ?? []} loading={types.isLoading} aria-label={t('approve.paymentType')} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
