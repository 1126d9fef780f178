import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Col, Form, Input, Row, Skeleton } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { VirtualGroupDetail } from '@recarga/contracts/virtual-groups';
import { FormFooter } from '../../../components/form-footer';
import { PageHeader } from '../../../components/page-header';
import { useLeaveGuard } from '../../../components/use-leave-guard';
import { isApiError } from '../../../lib/api-error';
import { useFeedback } from '../../../lib/use-feedback';
import { useVirtualGroup } from '../api/get-virtual-group';
import { useUpdateVirtualGroup } from '../api/update-virtual-group';
import { useServerFieldErrors } from '../components/use-server-field-errors';
import { groupIdOf } from '../model/group-id';
import { GROUP_DESCRIPTION_MAX, GROUP_NAME_MAX } from '../model/limits';
import '../virtual-groups.css';

/** Back to the group this long after a successful save (002 §9). */
const REDIRECT_MS = 1000;

interface EditFormValues {
  name: string;
  description: string;
}

/** /virtual-groups/edit/{id} (002 §2): name and description only. */
export function VirtualGroupEditPage() {
  const { t } = useTranslation('virtualGroups');
  const id = groupIdOf(useParams().id);
  const group = useVirtualGroup(id, { fresh: true });
  if (id === null) return <Navigate to="/not-found" replace />;
  // The form takes its values once: wait for the group as it is now, not a cached copy.
  const ready = group.data && group.isFetchedAfterMount;
  return (
    <>
      <PageHeader
        title={t('form.editTitle')}
        subtitle={group.data?.name}
        extra={
          <Link to={`/virtual-groups/view/${id}`}>
            <Button icon={<ArrowLeftOutlined aria-hidden="true" />}>{t('form.back')}</Button>
          </Link>
        }
      />
      {group.isError ? (
        <Alert
          type="error"
          showIcon
          title={isApiError(group.error) && group.error.status === 404 ? t('form.notFound') : t('form.loadError')}
          action={<Button onClick={() => void group.refetch()}>{t('form.retry')}</Button>}
          data-testid="vg-not-found"
        />
      ) : ready ? (
        <EditForm group={group.data} />
      ) : (
        <Card variant="borderless" className="section-card">
          <Skeleton active paragraph={{ rows: 4 }} />
        </Card>
      )}
    </>
  );
}

function EditForm({ group }: { group: VirtualGroupDetail }) {
  const { t } = useTranslation('virtualGroups');
  const { message } = useFeedback();
  const navigate = useNavigate();
  const [form] = Form.useForm<EditFormValues>();
  const [dirty, setDirty] = useState(false);
  const leave = useLeaveGuard(dirty);
  const update = useUpdateVirtualGroup(group.virtual_group_id);
  const placeErrors = useServerFieldErrors(form);
  const [redirecting, setRedirecting] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const viewPath = `/virtual-groups/view/${group.virtual_group_id}`;

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const submit = async (values: EditFormValues) => {
    try {
      await update.mutateAsync({ name: values.name.trim(), description: values.description.trim(), tenant_id: group.tenant_id });
      message.success(t('form.updated'));
      leave.release();
      setRedirecting(true);
      timer.current = setTimeout(() => navigate(viewPath), REDIRECT_MS);
    } catch (error) {
      message.error(t('form.updateFailed'));
      placeErrors(isApiError(error) ? error.body?.fields : undefined, undefined);
    }
  };

  return (
    <Form<EditFormValues>
      form={form}
      layout="vertical"
      initialValues={{ name: group.name, description: group.description }}
      onFinish={(v) => void submit(v)}
      onFinishFailed={() => message.error(t('form.invalid'))}
      onValuesChange={() => setDirty(true)}
      aria-label={t('form.editTitle')}
      className="vg-form"
    >
      <Card variant="borderless" className="section-card">
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="name"
              label={t('form.name')}
              rules={[
                { required: true, whitespace: true, message: t('form.editNameRequired') },
                { max: GROUP_NAME_MAX, message: t('form.max', { max: GROUP_NAME_MAX }) },
              ]}
            >
              <Input maxLength={GROUP_NAME_MAX} showCount autoComplete="off" data-testid="vg-name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="description"
              label={t('form.description')}
              rules={[
                { required: true, whitespace: true, message: t('form.descriptionRequired') },
                { max: GROUP_DESCRIPTION_MAX, message: t('form.max', { max: GROUP_DESCRIPTION_MAX }) },
              ]}
            >
              <Input maxLength={GROUP_DESCRIPTION_MAX} showCount autoComplete="off" data-testid="vg-description" />
            </Form.Item>
          </Col>
        </Row>
        <FormFooter
          cancelLabel={t('form.cancel')}
          onCancel={() => navigate(viewPath)}
          submitLabel={t('form.save')}
          saving={update.isPending || redirecting}
          submitTestId="vg-submit"
        />
      </Card>
    </Form>
  );
}
