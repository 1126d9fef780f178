import { Button } from 'antd';
import { EllipsisOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { paginationSlots } from '../model/pagination-slots';

interface Props {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
  disabled?: boolean;
}

/** The list's pager: up to 7 slots, one sibling each side of the current page, ellipses between. */
export function TransactionPager({ page, pageSize, total, onChange, disabled }: Props) {
  const { t } = useTranslation('transactions');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const slots = paginationSlots(page, pages);
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  if (total === 0) return null;
  return (
    <nav className="tx-pager" aria-label={t('pagination.label')} data-testid="tx-pager">
      <span className="tx-pager__range" aria-live="polite">
        {t('pagination.range', { from, to, total })}
      </span>
      <ul className="tx-pager__list">
        <li>
          <Button
            type="text"
            icon={<LeftOutlined aria-hidden="true" />}
            aria-label={t('pagination.previous')}
            disabled={disabled || page <= 1}
            onClick={() => onChange(page - 1)}
          />
        </li>
        {slots.map((slot) =>
          typeof slot === 'number' ? (
            <li key={slot}>
              <Button
                type={slot === page ? 'primary' : 'text'}
                className="tx-pager__page"
                aria-current={slot === page ? 'page' : undefined}
                aria-label={slot === page ? t('pagination.current', { page: slot }) : t('pagination.page', { page: slot })}
                disabled={disabled && slot !== page}
                onClick={() => slot !== page && onChange(slot)}
                data-testid={`tx-page-${slot}`}
              >
                {slot}
              </Button>
            </li>
          ) : (
            <li
              key={slot}
              className="tx-pager__ellipsis"
              aria-label={t(slot === 'start-ellipsis' ? 'pagination.ellipsisStart' : 'pagination.ellipsisEnd')}
            >
              <EllipsisOutlined aria-hidden="true" />
            </li>
          ),
        )}
        <li>
          <Button
            type="text"
            icon={<RightOutlined aria-hidden="true" />}
            aria-label={t('pagination.next')}
            disabled={disabled || page >= pages}
            onClick={() => onChange(page + 1)}
          />
        </li>
      </ul>
    </nav>
  );
}
