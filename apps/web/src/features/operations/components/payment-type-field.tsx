import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { roles } from '@recarga/contracts/permissions';
import { useHasRole } from '../../../lib/use-permitted-routes';
import { usePaymentTypes } from '../api/get-payment-types';

/**
 * Payment generation of a remote start (001 §4): how the recharge it makes is billed. Offered to
 * administrators (DASH_ADMIN) when their network has payment types; empty means as any recharge.
 */
export function PaymentTypeField() {
  const { t } = useTranslation('operations');
  const admin = useHasRole(roles.admin);
  const { data: types } = usePaymentTypes(admin);
  if (!admin || !types?.length) return null;
  return (
    <Form.Item name="paymentType" label={t('form.paymentType')} extra={t('form.paymentTypeHint')}>
      <Select
        allowClear
        placeholder={t('form.paymentTypeNone')}
        options={types.map((type) => ({ value: type, label: t(`paymentTypes.${type}`) }))}
      />
    </Form.Item>
  );
}
