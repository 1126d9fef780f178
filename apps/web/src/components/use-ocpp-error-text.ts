import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The one mapping of OCPP 1.5/1.6 ChargePointErrorCode values to words, read by the bell, the toasts
 * and the alerts screen: 'GroundFailure' → 'Falha de aterramento'. NoError and no code give null; a
 * code no OCPP version defines (a vendor's) is shown as the station sent it.
 */
export function useOcppErrorText(): (code: string | null | undefined) => string | null {
  const { t } = useTranslation('notifications');
  return useCallback((code) => (code && code !== 'NoError' ? t(`errorCodes.${code}`, { defaultValue: code }) : null), [t]);
}
