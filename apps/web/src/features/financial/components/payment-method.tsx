import type { ComponentType } from 'react';
import { BankOutlined, CreditCardOutlined, DashboardOutlined, GiftOutlined, QrcodeOutlined, WalletOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PaymentType } from '@recarga/contracts/payments';

const icons: Partial<Record<PaymentType, ComponentType<{ 'aria-hidden'?: boolean | 'true' }>>> = {
  MERCADO_PAGO_PIX: QrcodeOutlined,
  PAGOS_TERPEL: BankOutlined,
  TICKET_LOG: BankOutlined,
  WALLET: WalletOutlined,
  MANUAL_DASHBOARD: DashboardOutlined,
  VOUCHER: GiftOutlined,
};

/** A payment method with its icon. */
export function PaymentMethod({ type }: { type: PaymentType }) {
  const { t } = useTranslation('financial');
  const Icon = icons[type] ?? CreditCardOutlined;
  return (
    <span className="fin-method">
      <Icon aria-hidden="true" />
      <span>{t(`paymentTypes.${type}`, { defaultValue: type })}</span>
    </span>
  );
}
