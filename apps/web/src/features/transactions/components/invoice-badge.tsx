import { Tooltip } from 'antd';
import { ExclamationCircleOutlined, FileDoneOutlined, FileOutlined, ClockCircleOutlined, RedoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { invoiceBadgeTone } from '../model/invoice-badge';

interface Props {
  transactionId: number;
  status: string | null;
  onRetry: (transactionPk: number) => void;
  /** Opens the invoice PDF (authorised invoices with a file). */
  onOpen?: (transactionPk: number) => void;
}

/**
 * NF badge (001 §4): red for the three error statuses (a button that opens the retry dialog),
 * grey while authorisation is processing, white when there is no invoice, normal otherwise.
 */
export function InvoiceBadge({ transactionId, status, onRetry, onOpen }: Props) {
  const { t } = useTranslation('transactions');
  const tone = invoiceBadgeTone(status);
  const text = status ? t(`invoice.status.${status}`, { defaultValue: status }) : t('invoice.none');
  if (tone === 'error') {
    return (
      <Tooltip title={t('invoice.dialog')}>
        <button
          type="button"
          className="tx-nf tx-nf--error"
          onClick={(e) => {
            e.stopPropagation();
            onRetry(transactionId);
          }}
          aria-label={t('invoice.retryLabel', { status: text })}
          data-testid={`tx-nf-${transactionId}`}
          data-tone={tone}
        >
          <ExclamationCircleOutlined aria-hidden="true" />
          <span>{text}</span>
          <RedoOutlined aria-hidden="true" className="tx-nf__retry" />
        </button>
      </Tooltip>
    );
  }
  const Icon = tone === 'processing' ? ClockCircleOutlined : tone === 'none' ? FileOutlined : FileDoneOutlined;
  if (tone === 'normal' && onOpen) {
    return (
      <button
        type="button"
        className="tx-nf tx-nf--normal tx-nf--link"
        onClick={(e) => {
          e.stopPropagation();
          onOpen(transactionId);
        }}
        aria-label={t('invoice.openLabel', { status: text })}
        data-testid={`tx-nf-${transactionId}`}
        data-tone={tone}
      >
        <Icon aria-hidden="true" />
        <span>{text}</span>
      </button>
    );
  }
  return (
    <span
      className={`tx-nf tx-nf--${tone}`}
      aria-label={t('invoice.label', { status: text })}
      data-testid={`tx-nf-${transactionId}`}
      data-tone={tone}
    >
      <Icon aria-hidden="true" />
      <span>{text}</span>
    </span>
  );
}
