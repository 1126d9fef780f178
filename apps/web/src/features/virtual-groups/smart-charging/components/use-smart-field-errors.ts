import { useCallback } from 'react';
import type { FormInstance } from 'antd';
import { smartFieldErrors } from '../model/server-texts';
import { useTuningTexts } from './use-tuning-texts';

/**
 * Places a refused save's field errors on the tuning fields (issue 41), a range worded in the
 * interface language; a field in error opens the tuning's section. `prefix`: where the
 * fields sit in the form and the payload ([] on the tab, ['smart_charging'] on the group's create
 * form). Returns whether any was placed.
 */
export function useSmartFieldErrors(form: FormInstance, prefix: string[]) {
  const tuningTexts = useTuningTexts();
  const path = prefix.join('.');
  return useCallback(
    (fields: Record<string, string> | undefined): boolean => {
      const errors = smartFieldErrors(fields, path);
      const updates = errors.map((e) => ({
        name: [...path.split('.').filter(Boolean), e.field],
        errors: ['text' in e ? e.text : tuningTexts(e.field).invalid],
      }));
      if (updates.length) form.setFields(updates as never);
      return updates.length > 0;
    },
    [form, path, tuningTexts],
  );
}
