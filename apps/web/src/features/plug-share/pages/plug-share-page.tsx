import { useEffect, useState } from 'react';
import { Button, Col, Row } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { useTenants } from '../../../lib/api/get-tenants';
import { defaultTenant } from '../../../lib/default-tenant';
import { useSession } from '../../../lib/use-session';
import { usePlugSharePoints } from '../api/get-plug-share-points';
import { FileFormatCard } from '../components/file-format-card';
import { ImportCard } from '../components/import-card';
import { PointsCard } from '../components/points-card';
import '../plug-share.css';

/** /stations/plug-share: import read-only third-party charge points from a CSV file and see the tenant's current ones. */
export function PlugSharePage() {
  const { t } = useTranslation('plugShare');
  const navigate = useNavigate();
  const session = useSession();
  const tenants = useTenants();
  const [tenantPk, setTenantPk] = useState<number | null>(null);

  // Default: the tenant of this address (its api key), else the user's own, else the first of the scope.
  useEffect(() => {
    const list = tenants.data;
    if (tenantPk !== null || !list?.length) return;
    setTenantPk(defaultTenant(list, session?.user.tenant_pk)!.tenant_pk);
  }, [tenants.data, tenantPk, session]);

  const tenant = tenants.data?.find((x) => x.tenant_pk === tenantPk);
  const points = usePlugSharePoints(tenantPk);

  return (
    <div className="plug-share-page">
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        extra={
          <Button icon={<ArrowLeftOutlined aria-hidden="true" />} onClick={() => navigate('/stations')}>
            {t('back')}
          </Button>
        }
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={13}>
          <ImportCard
            tenants={tenants.data ?? []}
            tenantPk={tenantPk}
            onTenantChange={setTenantPk}
            currentCount={points.data?.count ?? null}
          />
        </Col>
        <Col xs={24} xl={11}>
          <FileFormatCard country={tenant?.country} />
        </Col>
        <Col xs={24}>
          <PointsCard tenantPk={tenantPk} tenantName={tenant?.name ?? ''} />
        </Col>
      </Row>
    </div>
  );
}
