import { Tag } from 'antd';
import type { VoucherStatus } from '@recarga/contracts/vouchers';
import { useTranslation } from 'react-i18next';

/** antd preset colours per status (theme tokens, no hard-coded colours). */
const colours: Record<VoucherStatus, string> = {
  NOT_STARTED: 'processing',
  ACTIVE: 'success',
  EXPIRED: 'warning',
  INACTIVE: 'default',
  USED: 'purple',
};

/** 002 §4: Não iniciado / Ativo / Expirado / Inativo / Usado as a coloured tag. */
export function VoucherStatusTag({ status }: { status: VoucherStatus }) {
  const { t } = useTranslation('vouchers');
  return (
    <Tag color={colours[status]} variant="filled" data-testid="voucher-status">
      {t(`status.${status}`)}
    </Tag>
  );
}

const kindColours = { PERCENT_RECHARGE: 'cyan', MONEY_RECHARGE: 'gold', KWH_RECHARGE: 'blue' } as const;

/** 002 §4: Porcentagem / Reais / Quilowatt-hora as a coloured tag. */
export function VoucherKindTag({ kind }: { kind: keyof typeof kindColours }) {
  const { t } = useTranslation('vouchers');
  return (
    <Tag color={kindColours[kind]} variant="filled">
      {t(`kind.${kind}`)}
    </Tag>
  );
}
