import type { CSSProperties, ReactNode } from 'react';
import { theme } from 'antd';
import { informationColour } from '../model/tone-colours';
import '../transactions.css';

/** Root of the area's screens: exposes the revenue and brand tokens the stylesheet reads (--tx-*). */
export function TransactionsScope({ className, children }: { className?: string; children: ReactNode }) {
  const { token } = theme.useToken();
  const vars = {
    '--tx-info': informationColour(token.colorInfo, token.colorError, token.colorTextSecondary),
    '--tx-paid': token.colorSuccess,
    '--tx-paid-bg': token.colorSuccessBg,
    '--tx-unpaid': token.colorError,
    '--tx-unpaid-bg': token.colorErrorBg,
    '--tx-primary': token.colorPrimary,
    '--tx-primary-bg': token.colorPrimaryBg,
  } as CSSProperties;
  return (
    <div className={className ? `tx-page ${className}` : 'tx-page'} style={vars}>
      {children}
    </div>
  );
}
