import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNumberFormat } from '../../../../lib/format/use-number-format';
import { tuningDefaults, tuningRules, type TuningField } from '../model/tuning';

/** The texts of a tuning field's range and default, in the interface language ('de 1 a 10', 'Padrão: 60 s'). */
export function useTuningTexts() {
  const { t } = useTranslation('virtualGroups');
  const fmt = useNumberFormat();
  return useCallback(
    (field: TuningField) => {
      const rule = tuningRules[field];
      const value = tuningDefaults[field];
      return {
        invalid: t(`tuning.${field}.invalid`, { min: fmt.axis(rule.min), max: fmt.axis(rule.max) }),
        extra: t(`tuning.${field}.extra`, { default: value === null ? '' : fmt.axis(value) }),
      };
    },
    [t, fmt],
  );
}
