import { Card, Col, Row, Select, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { useTenants } from '../../../lib/api/get-tenants';
import { isApiError } from '../../../lib/api-error';
import { foldedSearch } from '../../../lib/select-search';
import { intParam, useUrlState } from '../../../lib/url-state';
import { useSession } from '../../../lib/use-session';
import { useTenantSettings } from '../api/get-tenant-settings';
import { ConfigScreen } from '../components/config-screen';
import '../config.css';

const urlCodecs = { tenant: intParam(1) };

/**
 * /config (issue 21 item 8): a network's own settings — brand, contact, QR token, push credentials,
 * sustainability, operation — its plan read-only and the history of its changes. The network is the
 * user's own unless another one in scope is picked (kept in the address: `?tenant=`).
 */
export function ConfigPage() {
  const { t } = useTranslation('config');
  const session = useSession();
  const tenants = useTenants();
  const [url, setUrl] = useUrlState(urlCodecs);
  const tenantPk = url.tenant ?? session?.user.tenant_pk;
  const settings = useTenantSettings(tenantPk);
  const choices = tenants.data ?? [];

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={settings.data ? t('subtitle', { network: settings.data.name }) : t('subtitleLoading')}
        extra={
          choices.length > 1 ? (
            <Select
              className="config-tenant"
              aria-label={t('tenant')}
              value={tenantPk}
              showSearch={foldedSearch()}
              options={choices.map((x) => ({ value: x.tenant_pk, label: x.name }))}
              onChange={(value: number) => setUrl({ tenant: value === session?.user.tenant_pk ? undefined : value })}
              data-testid="config-tenant"
            />
          ) : null
        }
      />
      {settings.isError ? (
        <LoadError
          title={isApiError(settings.error) && [403, 404].includes(settings.error.status) ? t('notInScope') : t('loadError')}
          retryText={t('retry')}
          onRetry={() => void settings.refetch()}
        />
      ) : !settings.data ? (
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={16}>
            <Card variant="borderless" className="section-card">
              <Skeleton active paragraph={{ rows: 10 }} />
            </Card>
          </Col>
          <Col xs={24} xl={8}>
            <Card variant="borderless" className="section-card">
              <Skeleton active paragraph={{ rows: 6 }} />
            </Card>
          </Col>
        </Row>
      ) : (
        <ConfigScreen
          key={settings.data.tenantPk}
          settings={settings.data}
          tenantPk={tenantPk}
          tenantName={(pk) => choices.find((x) => x.tenant_pk === pk)?.name}
        />
      )}
    </>
  );
}
