import { Button, Form, TimePicker } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { emptyPrices } from '../model/price-values';
import { PriceFields } from './price-fields';
import type { PriceFormat } from './use-price-format';

interface Props {
  format: PriceFormat;
  /** The day is off: its windows are shown but not edited (002 §4). */
  disabled: boolean;
  onListChange: () => void;
}

/** A weekday's time windows (002 §4, §5): each with its local start and end, and its prices; add and remove. */
export function DayWindows({ format, disabled, onListChange }: Props) {
  const { t } = useTranslation('dynamicPricing');
  return (
    <Form.List name="windows">
      {(fields, { add, remove }) => (
        <>
          {fields.length === 0 ? <p className="pricing-note">{t('day.noWindows')}</p> : null}
          {fields.map((field, index) => (
            <fieldset key={field.key} className="window-block" data-testid={`window-${index}`}>
              <legend className="window-block__title">{t('day.window', { n: index + 1 })}</legend>
              <Button
                className="window-block__remove"
                type="text"
                danger
                icon={<DeleteOutlined aria-hidden="true" />}
                disabled={disabled}
                onClick={() => {
                  remove(field.name);
                  onListChange();
                }}
                aria-label={t('day.removeWindow', { n: index + 1 })}
                data-testid={`window-${index}-remove`}
              >
                {t('day.remove')}
              </Button>
              <div className="window-block__times">
                <Form.Item name={[field.name, 'startTime']} label={t('day.start')} required className="window-block__time">
                  <TimePicker format="HH:mm" needConfirm={false} disabled={disabled} className="full-width" placeholder="--:--" />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'endTime']}
                  label={t('day.end')}
                  required
                  extra={t('day.midnightHint')}
                  className="window-block__time"
                >
                  <TimePicker format="HH:mm" needConfirm={false} disabled={disabled} className="full-width" placeholder="--:--" />
                </Form.Item>
              </div>
              <PriceFields
                name={[field.name]}
                path={['windows', field.name]}
                format={format}
                disabled={disabled}
                testId={`window-${index}`}
              />
            </fieldset>
          ))}
          <Button
            icon={<PlusOutlined aria-hidden="true" />}
            disabled={disabled}
            onClick={() => {
              add({ ...emptyPrices, startTime: null, endTime: null });
              onListChange();
            }}
            data-testid="window-add"
          >
            {t('day.addWindow')}
          </Button>
        </>
      )}
    </Form.List>
  );
}
