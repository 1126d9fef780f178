import { useFeedback } from '../../../lib/use-feedback';
import { useTranslation } from 'react-i18next';

/** The upgrade notices of the stations area: station limit (create) and monthly report limit (downloads). */
export function useLimitNotice() {
  const { t } = useTranslation('stations');
  const { modal } = useFeedback();
  return {
    stationLimit: () =>
      modal.warning({
        title: t('limits.stationTitle'),
        content: t('limits.stationText'),
        okText: t('limits.ok'),
      }),
    reportLimit: () =>
      modal.warning({
        title: t('limits.reportTitle'),
        content: t('limits.reportText'),
        okText: t('limits.ok'),
      }),
  };
}
