import { useState } from 'react';
import { Button, Card, Skeleton } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { useTenants } from '../../../lib/api/get-tenants';
import { defaultTenant } from '../../../lib/default-tenant';
import { useSession } from '../../../lib/use-session';
import { VoucherForm } from '../components/voucher-form';
import { LIST_PATH } from '../model/paths';
import { clearVoucherDraft, readVoucherDraft } from '../model/voucher-draft';
import { emptyFormValues } from '../model/voucher-form';
import '../vouchers.css';

/** /vouchers/create (002 §2, §5): an empty form, or the draft kept while the users were chosen. */
export function VoucherCreatePage() {
  const { t } = useTranslation('vouchers');
  const navigate = useNavigate();
  const session = useSession();
  const tenants = useTenants();
  const [draft] = useState(() => readVoucherDraft(null));
  const ready = tenants.data || tenants.isError;
  const initial = draft?.formValues ?? {
    ...emptyFormValues(),
    tenant_pk: defaultTenant(tenants.data ?? [], session?.user.tenant_pk)?.tenant_pk ?? session?.user.tenant_pk,
  };

  return (
    <>
      <PageHeader
        title={t('form.createTitle')}
        subtitle={t('form.createSubtitle')}
        extra={
          <Button
            icon={<ArrowLeftOutlined aria-hidden="true" />}
            onClick={() => {
              clearVoucherDraft();
              navigate(LIST_PATH);
            }}
            data-testid="voucher-back"
          >
            {t('form.back')}
          </Button>
        }
      />
      {ready ? (
        <VoucherForm
          voucher={null}
          initial={initial}
          users={draft?.usersDataList ?? []}
          tenants={tenants.data ?? []}
          backPath={LIST_PATH}
          fromDraft={!!draft}
        />
      ) : (
        <Card variant="borderless" className="section-card">
          <Skeleton active paragraph={{ rows: 10 }} />
        </Card>
      )}
    </>
  );
}
