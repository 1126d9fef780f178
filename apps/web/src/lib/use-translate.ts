import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Translate } from './translate';

/** i18next's `t` of one namespace as a plain `Translate`, for the components shared with the sign-in page. */
export function useTranslate(namespace: string): Translate {
  const { t } = useTranslation(namespace);
  return useCallback((key, values) => t(key, values), [t]);
}
