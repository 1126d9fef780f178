import { useCallback, useEffect, useId, useState } from 'react';
import { Form, Input, type InputProps } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { TUNING_MAX_LENGTH, maskTuning, tuningFields, tuningRefuses, tuningRules, type TuningField } from '../model/tuning';
import { useTuningTexts } from './use-tuning-texts';

/** What the input shows after the number: amperes, seconds, or profiles a minute. */
const suffix = (field: TuningField) => (field.endsWith('_a') ? 'A' : field.endsWith('_s') ? 's' : '/min');

/** The field's input; it opens the section when its field is in error (a rule, or the server's answer placed on it). */
function TuningInput({ onError, ...props }: InputProps & { onError: () => void }) {
  const { status } = Form.Item.useStatus();
  useEffect(() => {
    if (status === 'error') onError();
  }, [status, onError]);
  return <Input {...props} />;
}

interface Props {
  /** Where the values sit in the form: [] for the tab's own form, ['smart_charging'] in the group's create form. */
  prefix: string[];
}

/**
 * The load manager's tuning (issue 41) under the smart-charging fields: a section closed by default
 * (the defaults suit most buildings), opened by its summary or by an error on one of its fields.
 * Kept mounted while closed so its values are checked and sent; the rules only complain while
 * smart charging is on (the fields are hidden otherwise, and a value they refuse is then not sent).
 */
export function TuningFields({ prefix }: Props) {
  const { t } = useTranslation('virtualGroups');
  const form = Form.useFormInstance();
  const texts = useTuningTexts();
  const [open, setOpen] = useState(false);
  const reveal = useCallback(() => setOpen(true), []);
  const titleId = useId();
  const name = (field: string) => [...prefix, field];

  const rule = (field: TuningField): Rule => ({
    validator: async (_rule, value: string | undefined) => {
      if (!form.getFieldValue(name('enabled'))) return;
      if (tuningRefuses(field, value ?? '')) {
        reveal();
        throw new Error(texts(field).invalid);
      }
    },
  });

  return (
    <section className="sc-tuning-section" aria-labelledby={titleId}>
      <h3 className="sc-subtitle" id={titleId}>
        {t('tuning.title')}
      </h3>
      <p className="vg-muted sc-tuning-intro">{t('tuning.intro')}</p>
      <details className="sc-tuning" open={open} onToggle={(e) => setOpen(e.currentTarget.open)} data-testid="sc-tuning">
        <summary className="sc-tuning__summary">{t('tuning.advanced')}</summary>
        <div className="sc-grid sc-tuning__grid">
          {tuningFields.map((field) => (
            <Form.Item
              key={field}
              name={name(field)}
              label={t(`tuning.${field}.label`)}
              extra={texts(field).extra}
              normalize={(value: string) => maskTuning(value ?? '')}
              rules={[rule(field)]}
              dependencies={[name('enabled')]}
            >
              <TuningInput
                onError={reveal}
                inputMode={tuningRules[field].decimals ? 'decimal' : 'numeric'}
                maxLength={TUNING_MAX_LENGTH}
                suffix={<span aria-hidden="true">{suffix(field)}</span>}
                autoComplete="off"
              />
            </Form.Item>
          ))}
        </div>
      </details>
    </section>
  );
}
