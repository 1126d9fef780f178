import { useState } from 'react';
import { Button, Form, Input, Modal, Result, Select } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useTenants } from '../../../lib/api/get-tenants';
import { isApiError } from '../../../lib/api-error';
import { foldedSearch } from '../../../lib/select-search';
import { useSession } from '../../../lib/use-session';
import { useCreatePricingProfile } from '../api/create-pricing-profile';
import { pricingMessageKeyOf } from '../model/pricing-messages';

/** The contract's longest profile name. */
const NAME_MAX = 50;

interface Values {
  name: string;
  tenantPk?: number;
}

/**
 * 'Create profile' (002 §2, §4, §5): asks the name (and the network, for a user of several); shows
 * loading while it saves, opens the new profile, or says it failed with 'Ver listagem' (back to the
 * list) and 'Tentar novamente' (the dialog again, the name kept). A taken name is said on the field.
 */
export function CreateProfileDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('dynamicPricing');
  const navigate = useNavigate();
  const session = useSession();
  const tenants = useTenants();
  const create = useCreatePricingProfile();
  const [form] = Form.useForm<Values>();
  const [failed, setFailed] = useState(false);
  const networks = tenants.data ?? [];

  const submit = (values: Values) => {
    create.mutate(
      { name: values.name.trim(), tenantPk: networks.length > 1 ? values.tenantPk : undefined },
      {
        onSuccess: (uuid) => {
          form.resetFields();
          onOpenChange(false);
          void navigate(`/dynamic-pricing/${uuid}`);
        },
        onError: (error) => {
          const text = isApiError(error) ? error.body?.fields?.name : undefined;
          const key = pricingMessageKeyOf(text ?? (isApiError(error) && error.status === 409 ? error.body?.message : undefined));
          if (key) {
            form.setFields([{ name: 'name', errors: [t(`messages.${key}`)] }]);
            return;
          }
          onOpenChange(false);
          setFailed(true);
        },
      },
    );
  };

  return (
    <>
      <Modal
        open={open}
        title={t('create.title')}
        okText={t('create.ok')}
        cancelText={t('create.cancel')}
        confirmLoading={create.isPending}
        onOk={() => form.submit()}
        onCancel={() => onOpenChange(false)}
        destroyOnHidden={false}
        okButtonProps={{ 'data-testid': 'create-profile-ok' } as never}
        data-testid="create-profile-dialog"
      >
        <Form<Values>
          form={form}
          layout="vertical"
          requiredMark
          onFinish={submit}
          initialValues={{ tenantPk: session?.user.tenant_pk }}
          className="create-profile-form"
        >
          <Form.Item
            name="name"
            label={t('create.name')}
            rules={[{ required: true, whitespace: true, message: t('messages.nameRequired') }]}
          >
            <Input maxLength={NAME_MAX} autoFocus autoComplete="off" data-testid="create-profile-name" />
          </Form.Item>
          {networks.length > 1 ? (
            <Form.Item name="tenantPk" label={t('create.tenant')} rules={[{ required: true, message: t('create.tenantRequired') }]}>
              <Select showSearch={foldedSearch()} options={networks.map((n) => ({ value: n.tenant_pk, label: n.name }))} />
            </Form.Item>
          ) : null}
          {/* Enter in a field submits (the dialog's own buttons are outside the form). */}
          <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
        </Form>
      </Modal>
      <Modal open={failed} footer={null} closable onCancel={() => setFailed(false)} title={null} width={460}>
        <Result
          status="error"
          title={t('messages.createFailed')}
          subTitle={t('create.failedText')}
          extra={[
            <Button key="list" onClick={() => setFailed(false)} data-testid="create-failed-list">
              {t('create.seeList')}
            </Button>,
            <Button
              key="retry"
              type="primary"
              onClick={() => {
                setFailed(false);
                // The name typed is kept: the form outlives the dialog.
                onOpenChange(true);
              }}
              data-testid="create-failed-retry"
            >
              {t('create.retry')}
            </Button>,
          ]}
        />
      </Modal>
    </>
  );
}
