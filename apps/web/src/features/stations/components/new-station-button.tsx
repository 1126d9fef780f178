import { useState } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-error';
import { useTenants } from '../../../lib/api/get-tenants';
import { getRuntimeSettings } from '../../../lib/runtime-settings';
import { useFeedback } from '../../../lib/use-feedback';
import { checkStationLimit } from '../api/check-station-limit';
import { useLimitNotice } from './use-limit-notice';

/** New Station: asks the server first; a 403 means the station limit is reached (upgrade notice). */
export function NewStationButton() {
  const { t } = useTranslation('stations');
  const { message } = useFeedback();
  const navigate = useNavigate();
  const limits = useLimitNotice();
  const [checking, setChecking] = useState(false);
  const tenants = useTenants();

  const open = async () => {
    setChecking(true);
    try {
      // The form starts with the tenant of this address (its api key): check that tenant's limit.
      const { apiKey } = getRuntimeSettings();
      await checkStationLimit(tenants.data?.find((x) => x.apiKey === apiKey)?.tenant_pk);
      navigate('/stations/create');
    } catch (error) {
      if (isApiError(error) && error.status === 403) limits.stationLimit();
      else message.error(t('list.checkFailed'));
    } finally {
      setChecking(false);
    }
  };

  return (
    <Button
      type="primary"
      icon={<PlusOutlined aria-hidden="true" />}
      loading={checking}
      onClick={() => void open()}
      data-testid="new-station"
    >
      {t('list.newStation')}
    </Button>
  );
}
