import { useCallback } from 'react';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { serverTexts } from '../model/limits';
import { pricingFieldErrors, type PricingMode } from '../model/pricing-form';

/** The server's texts this area words per language; others are shown as the server wrote them. */
const worded: Record<string, string> = {
  [serverTexts.nameRequired]: 'form.nameRequired',
  [serverTexts.editNameRequired]: 'form.editNameRequired',
  [serverTexts.descriptionRequired]: 'form.descriptionRequired',
  [serverTexts.profileRequired]: 'pricing.required',
  [serverTexts.profileNotFound]: 'pricing.notFound',
};

/**
 * Places a 400's field errors on a virtual-group form: name, description and the pricing selects
 * (per station the one select stands for the three connectors). Returns whether any was placed.
 */
export function useServerFieldErrors(form: FormInstance) {
  const { t } = useTranslation('virtualGroups');
  return useCallback(
    (fields: Record<string, string> | undefined, mode: PricingMode | undefined): boolean => {
      if (!fields) return false;
      const word = (text: string) => (worded[text] ? t(worded[text]) : text);
      const updates: { name: string | string[]; errors: string[] }[] = [];
      for (const key of ['name', 'description'] as const) if (fields[key]) updates.push({ name: key, errors: [word(fields[key])] });
      if (mode)
        for (const { field, text } of pricingFieldErrors(mode, fields))
          updates.push({ name: ['dynamic_pricing', field], errors: [word(text)] });
      form.setFields(updates as never);
      return updates.length > 0;
    },
    [form, t],
  );
}
