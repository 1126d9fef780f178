import { Button } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { SelectionTotals } from '../model/selection-totals';
import { useMoney } from './use-money';

/**
 * The sticky footer of a selection (000 §2): how many rows, their total value, the completed total
 * (approved) and the pending total (in process, pending, rejected), and a link that clears it.
 */
export function SelectionFooter({ totals, onClear }: { totals: SelectionTotals; onClear: () => void }) {
  const { t } = useTranslation('financial');
  const money = useMoney();
  if (totals.count === 0) return null;
  const figure = (pick: 'total' | 'completed' | 'pending') => totals.byCurrency.map((c) => money.format(c[pick], c.currency)).join(' · ');
  return (
    <section className="fin-footer" aria-label={t('selection.label')} data-testid="fin-selection">
      <div className="fin-footer__count" aria-live="polite">
        <strong data-testid="fin-selection-count">
          {t(totals.count === 1 ? 'selection.selectedOne' : 'selection.selectedMany', { n: totals.count })}
        </strong>
        <Button
          type="link"
          size="small"
          icon={<CloseOutlined aria-hidden="true" />}
          onClick={onClear}
          className="fin-footer__clear"
          data-testid="fin-selection-clear"
        >
          {t('selection.clear')}
        </Button>
      </div>
      <dl className="fin-footer__figures">
        <div className="fin-footer__figure">
          <dt>{t('selection.total')}</dt>
          <dd data-testid="fin-selection-total">{figure('total')}</dd>
        </div>
        <div className="fin-footer__figure fin-footer__figure--completed">
          <dt>{t('selection.completed')}</dt>
          <dd data-testid="fin-selection-completed">{figure('completed')}</dd>
        </div>
        <div className="fin-footer__figure fin-footer__figure--pending">
          <dt>{t('selection.pending')}</dt>
          <dd data-testid="fin-selection-pending">{figure('pending')}</dd>
        </div>
      </dl>
    </section>
  );
}
