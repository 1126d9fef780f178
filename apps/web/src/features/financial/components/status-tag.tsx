import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FinancialTransaction } from '@recarga/contracts/financial';

type Status = FinancialTransaction['paymentStatus'];

const tones: Record<Status, string> = {
  approved: 'success',
  partial_refund: 'gold',
  refunded: 'purple',
  charged_back: 'magenta',
  in_process: 'processing',
  pending: 'warning',
  rejected: 'error',
  cancelled: 'default',
};

/** A payment status with the spec's label (000 §4: approved Pago, pending Pendente…). */
export function StatusTag({ status }: { status: Status }) {
  const { t } = useTranslation('financial');
  return (
    <Tag color={tones[status]} variant="filled" className="fin-status" data-status={status}>
      {t(`paymentStatus.${status}`)}
    </Tag>
  );
}
