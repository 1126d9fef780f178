import { useId, type ReactNode } from 'react';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Wraps a control switched off by DASH_DISABLE_TRANSACTION_OPTIONS: the tooltip 'Campo
 * temporariamente desativado' shows on hover and on keyboard focus, and screen readers hear it.
 */
export function DisabledOption({ disabled, children, testId }: { disabled: boolean; children: ReactNode; testId?: string }) {
  const { t } = useTranslation('transactions');
  const id = useId();
  if (!disabled) return children;
  return (
    <Tooltip title={t('filters.disabled')}>
      <span className="tx-disabled-option" tabIndex={0} aria-describedby={id} data-testid={testId}>
        {children}
        <span id={id} className="visually-hidden">
          {t('filters.disabled')}
        </span>
      </span>
    </Tooltip>
  );
}
