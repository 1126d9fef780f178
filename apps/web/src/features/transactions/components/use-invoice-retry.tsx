import { ExclamationCircleFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../lib/use-feedback';
import { useResendInvoice } from '../api/resend-invoice';

/**
 * The invoice retry of a red NF badge: the spec's dialog, then POST nfe/resend; on success the
 * list reloads.
 */
export function useInvoiceRetry() {
  const { t } = useTranslation('transactions');
  const { modal, message } = useFeedback();
  const resend = useResendInvoice();
  return (transactionPk: number) => {
    modal.confirm({
      title: t('invoice.dialogTitle'),
      icon: <ExclamationCircleFilled />,
      content: t('invoice.dialog'),
      okText: t('invoice.retry'),
      cancelText: t('invoice.cancel'),
      okButtonProps: { 'data-testid': 'tx-invoice-retry-ok' },
      onOk: async () => {
        try {
          await resend.mutateAsync(transactionPk);
          message.success(t('invoice.resent'));
        } catch {
          message.error(t('invoice.resendError'));
        }
      },
    });
  };
}
