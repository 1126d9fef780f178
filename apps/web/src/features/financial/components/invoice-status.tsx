import { Tag } from 'antd';
import { FileDoneOutlined, FileExclamationOutlined, FileSyncOutlined, FileOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FinancialTransaction } from '@recarga/contracts/financial';

type InvoiceStatus = NonNullable<FinancialTransaction['nfeStatus']>;

const tone = (status: InvoiceStatus) =>
  status === 'autorizado' ? 'success' : status === 'processando_autorizacao' ? 'processing' : 'error';

/** The invoice (NF) status; 'autorizado' reads 'Emitida' (000 §4). Null: no invoice. */
export function InvoiceStatus({ status }: { status: InvoiceStatus | null }) {
  const { t } = useTranslation('financial');
  if (!status)
    return (
      <span className="fin-muted">
        <FileOutlined aria-hidden="true" /> {t('invoiceStatus.none')}
      </span>
    );
  const Icon =
    status === 'autorizado' ? FileDoneOutlined : status === 'processando_autorizacao' ? FileSyncOutlined : FileExclamationOutlined;
  return (
    <Tag color={tone(status)} variant="filled" icon={<Icon aria-hidden="true" />} className="fin-invoice" data-status={status}>
      {t(`invoiceStatus.${status}`)}
    </Tag>
  );
}
