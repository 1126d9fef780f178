import { useState } from 'react';
import { Button, Card, Result, Skeleton } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { isApiError } from '../../../lib/api-error';
import { useVoucher } from '../api/get-voucher';
import { VoucherForm } from '../components/voucher-form';
import { LIST_PATH, detailPath } from '../model/paths';
import { clearVoucherDraft, draftHasText, readVoucherDraft } from '../model/voucher-draft';
import { formValuesOf } from '../model/voucher-form';
import { usersOfVoucher, voucherIdOf } from '../model/voucher-users';
import '../vouchers.css';

/**
 * /voucher/{id}/edit (002 §2, §4): the form starts from the draft when one of its text fields is
 * filled (back from the user selection), otherwise from the stored voucher.
 */
export function VoucherEditPage() {
  const { t } = useTranslation('vouchers');
  const navigate = useNavigate();
  const id = voucherIdOf(useParams().id);
  const voucher = useVoucher(id);
  const [draft] = useState(() => (id === null ? null : readVoucherDraft(id)));
  const back = () => {
    clearVoucherDraft();
    navigate(id === null ? LIST_PATH : detailPath(id));
  };

  const fromDraft = draftHasText(draft) ? draft : null;
  return (
    <>
      <PageHeader
        title={t('form.editTitle')}
        subtitle={voucher.data ? voucher.data.code : undefined}
        extra={
          <Button icon={<ArrowLeftOutlined aria-hidden="true" />} onClick={back} data-testid="voucher-back">
            {t('form.back')}
          </Button>
        }
      />
      {voucher.data ? (
        <VoucherForm
          voucher={voucher.data}
          initial={fromDraft ? fromDraft.formValues : formValuesOf(voucher.data)}
          users={fromDraft ? fromDraft.usersDataList : usersOfVoucher(voucher.data)}
          tenants={[]}
          backPath={detailPath(voucher.data.voucher_pk)}
          fromDraft={!!fromDraft}
        />
      ) : voucher.isError || id === null ? (
        <Card variant="borderless" className="section-card">
          <Result
            status={isApiError(voucher.error) && voucher.error.status === 404 ? '404' : 'warning'}
            title={isApiError(voucher.error) && voucher.error.status !== 404 ? t('form.loadFailed') : t('form.notFound')}
            extra={
              <Button type="primary" onClick={() => navigate(LIST_PATH)}>
                {t('form.toList')}
              </Button>
            }
          />
        </Card>
      ) : (
        <Card variant="borderless" className="section-card">
          <Skeleton active paragraph={{ rows: 10 }} />
        </Card>
      )}
    </>
  );
}
