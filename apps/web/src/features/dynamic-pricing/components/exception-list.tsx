import { Button } from 'antd';
import { CalendarOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PricingDetail } from '@recarga/contracts/dynamic-pricing';
import { exceptionsOf } from '../model/detail-list';
import { exceptionDatesText } from '../model/exception-dates';
import type { PriceFormat } from './use-price-format';

interface Props {
  list: PricingDetail[];
  format: PriceFormat;
  onAdd: () => void;
  onEdit: (exception: PricingDetail) => void;
  onDelete: (exception: PricingDetail) => void;
  /** A save is under way: the buttons wait. */
  busy: boolean;
}

/** The side panel of exceptions (002 §2): each day or period with its prices, edit and delete; and the add button. */
export function ExceptionList({ list, format, onAdd, onEdit, onDelete, busy }: Props) {
  const { t } = useTranslation('dynamicPricing');
  const exceptions = exceptionsOf(list);
  const priceLine = (e: PricingDetail) =>
    [
      e.kwhPrice !== null ? t('profile.exceptionKwh', { price: format.money(e.kwhPrice) }) : null,
      e.durationPrice !== null ? t('profile.exceptionTime', { price: format.money(e.durationPrice) }) : null,
      e.servicePrice ? t('profile.exceptionStart', { price: format.money(e.servicePrice) }) : null,
    ]
      .filter(Boolean)
      .join(' · ');

  return (
    <section className="pricing-panel exceptions" aria-labelledby="exceptions-title">
      <div className="pricing-panel__head">
        <h3 id="exceptions-title" className="pricing-panel__title">
          {t('profile.exceptions')}
        </h3>
        <Button icon={<PlusOutlined aria-hidden="true" />} onClick={onAdd} disabled={busy} data-testid="exception-add">
          {t('profile.addException')}
        </Button>
      </div>
      {exceptions.length ? (
        <ul className="exceptions__list">
          {exceptions.map((e) => {
            const dates = exceptionDatesText(e.startDate, e.endDate);
            return (
              <li key={e.dynamicPricingDetailUuid} className="exception-item" data-testid={`exception-${e.startDate}`}>
                <CalendarOutlined className="exception-item__icon" aria-hidden="true" />
                <div className="exception-item__text">
                  <span className="exception-item__dates">{dates}</span>
                  <span className="exception-item__prices">{priceLine(e)}</span>
                </div>
                <div className="exception-item__actions">
                  <Button
                    type="text"
                    icon={<EditOutlined aria-hidden="true" />}
                    aria-label={t('profile.editException', { date: dates })}
                    disabled={busy}
                    onClick={() => onEdit(e)}
                  />
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined aria-hidden="true" />}
                    aria-label={t('profile.deleteException', { date: dates })}
                    disabled={busy}
                    onClick={() => onDelete(e)}
                  />
                </div>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="exceptions__empty">{t('profile.noExceptions')}</p>
      )}
    </section>
  );
}
