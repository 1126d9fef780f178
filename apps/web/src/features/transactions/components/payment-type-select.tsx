import { Select } from 'antd';
import { BankOutlined, CreditCardOutlined, DashboardOutlined, GiftOutlined, QrcodeOutlined, WalletOutlined } from '@ant-design/icons';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentType } from '@recarga/contracts/payments';

const icons: Partial<Record<PaymentType, ComponentType<{ 'aria-hidden'?: boolean | 'true' }>>> = {
  MERCADO_PAGO_PRO: CreditCardOutlined,
  MERCADO_PAGO_CARD: CreditCardOutlined,
  PAGBANK_CARD: CreditCardOutlined,
  SANDBOX_CARD: CreditCardOutlined,
  PAGOS_TERPEL: BankOutlined,
  MERCADO_PAGO_PIX: QrcodeOutlined,
  WALLET: WalletOutlined,
  MANUAL_DASHBOARD: DashboardOutlined,
  VOUCHER: GiftOutlined,
  TICKET_LOG: BankOutlined,
};

/** A payment type with its icon (001 §3 "shown with icons"). */
export function PaymentTypeLabel({ type }: { type: string }) {
  const { t } = useTranslation('transactions');
  const Icon = icons[type as PaymentType] ?? CreditCardOutlined;
  return (
    <span className="tx-payment-type">
      <Icon aria-hidden="true" />
      <span>{t(`paymentTypes.${type}`, { defaultValue: type })}</span>
    </span>
  );
}

interface Props {
  id?: string;
  value?: PaymentType;
  onChange?: (value: PaymentType) => void;
  types: PaymentType[];
  loading?: boolean;
  'aria-label'?: string;
}

/** Payment type choice from `GET payment/types` (the tenant's list). */
export function PaymentTypeSelect({ id, value, onChange, types, loading, 'aria-label': ariaLabel }: Props) {
  return (
    <Select<PaymentType>
      id={id}
      value={value}
      onChange={onChange}
      loading={loading}
      aria-label={ariaLabel}
      options={types.map((type) => ({ value: type, label: <PaymentTypeLabel type={type} /> }))}
      data-testid="tx-payment-type"
    />
  );
}

/** MANUAL_DASHBOARD when the tenant offers it (manual confirmation, 001 §4), else the first type. */
export function defaultPaymentType(types: PaymentType[]): PaymentType | undefined {
  return types.includes('MANUAL_DASHBOARD') ? 'MANUAL_DASHBOARD' : types[0];
}
