import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Col, Form, Input, Row, Select, Skeleton, Space, Switch, Typography } from 'antd';
import { ArrowLeftOutlined, SearchOutlined } from '@ant-design/icons';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TAG_ID_MAX, TAG_NOTE_MAX, tagTypes, type Tag, type TagSave, type TagType } from '@recarga/contracts/tags';
import type { Tenant } from '@recarga/contracts/tenants';
import { FormFooter } from '../../../components/form-footer';
import { PageHeader } from '../../../components/page-header';
import { useLeaveGuard } from '../../../components/use-leave-guard';
import { useTenants } from '../../../lib/api/get-tenants';
import { isApiError } from '../../../lib/api-error';
import { defaultTenant } from '../../../lib/default-tenant';
import { foldedSearch } from '../../../lib/select-search';
import { useFeedback } from '../../../lib/use-feedback';
import { usePermittedRoutes } from '../../../lib/use-permitted-routes';
import { useSession } from '../../../lib/use-session';
import { findTagByCpf } from '../api/find-tag-by-cpf';
import { useTag } from '../api/get-tag';
import { useSaveTag } from '../api/save-tag';
import '../tags.css';

/** Back to the list this long after a successful save (001 §4). */
const REDIRECT_MS = 1000;

interface TagFormValues {
  type: TagType;
  id_tag: string;
  tenant_pk: number | undefined;
  parent_id_tag: string;
  note: string;
  inactive: boolean;
  isFreeRecharge: boolean;
}

/** /ocpptags/create and /ocpptags/edit/{id} (001 §4 Tags, §5 Tag). */
export function TagFormPage() {
  const { id } = useParams();
  const pk = id === undefined ? null : Number(id);
  const { t } = useTranslation('tags');
  const valid = pk === null || (Number.isInteger(pk) && pk > 0);
  const tag = useTag(valid ? pk : null);
  const tenants = useTenants();
  if (!valid) return <Navigate to="/not-found" replace />;
  const ready = tenants.data && (pk === null || (tag.data && tag.isFetchedAfterMount));
  return (
    <>
      <PageHeader
        title={pk === null ? t('form.createTitle') : t('form.editTitle')}
        subtitle={pk === null ? t('form.createSubtitle') : (tag.data?.idTag ?? '')}
        extra={
          <Link to="/ocpptags">
            <Button icon={<ArrowLeftOutlined aria-hidden="true" />}>{t('form.back')}</Button>
          </Link>
        }
      />
      {tag.isError || tenants.isError ? (
        <Alert
          type="error"
          showIcon
          title={isApiError(tag.error) && tag.error.status === 404 ? t('form.notFound') : t('form.loadError')}
          data-testid="tag-not-found"
        />
      ) : !ready ? (
        <Card variant="borderless" className="section-card">
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      ) : (
        <TagForm key={pk ?? 'new'} tag={tag.data ?? null} tenants={tenants.data!} />
      )}
    </>
  );
}

function TagForm({ tag, tenants }: { tag: Tag | null; tenants: Tenant[] }) {
  const { t } = useTranslation('tags');
  const { message } = useFeedback();
  const navigate = useNavigate();
  const session = useSession();
  const permitted = usePermittedRoutes();
  const [form] = Form.useForm<TagFormValues>();
  const [dirty, setDirty] = useState(false);
  const leave = useLeaveGuard(dirty);
  const save = useSaveTag(tag?.ocppTagPk ?? null);
  const [redirecting, setRedirecting] = useState(false);
  const [cpf, setCpf] = useState('');
  const [cpfBusy, setCpfBusy] = useState(false);
  const [parentUser, setParentUser] = useState<string | null>(tag?.parentUserName ?? null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [initial] = useState<TagFormValues>(() => ({
    type: tag?.type ?? 'CARD',
    id_tag: tag?.idTag ?? '',
    tenant_pk: tag?.tenantPk ?? defaultTenant(tenants, session?.user.tenant_pk)?.tenant_pk,
    parent_id_tag: tag?.parentIdTag ?? '',
    note: tag?.note ?? '',
    inactive: tag?.inactive ?? false,
    isFreeRecharge: tag?.isFreeRecharge ?? false,
  }));
  // A USER tag is the driver's own: its id and parent are not edited here (001 §4).
  const userTag = initial.type === 'USER';
  const required = { required: true, message: t('form.required') };

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const lookUpCpf = async () => {
    if (cpf.replace(/\D/g, '').length !== 11) {
      message.error(t('form.cpfInvalid'));
      return;
    }
    setCpfBusy(true);
    try {
      const answer = await findTagByCpf(cpf);
      if ('ocppTag' in answer) {
        form.setFieldValue('parent_id_tag', answer.ocppTag.idTag);
        setParentUser(answer.ocppTag.userName);
        setDirty(true);
      } else message.error(t('form.userNotFound'));
    } catch {
      message.error(t('form.userNotFound'));
    } finally {
      setCpfBusy(false);
    }
  };

  const submit = async (v: TagFormValues) => {
    const body: TagSave = {
      id_tag: v.id_tag.trim(),
      type: v.type,
      tenant_pk: v.tenant_pk ?? null,
      parent_id_tag: v.parent_id_tag?.trim() || null,
      note: v.note?.trim() || null,
      inactive: v.inactive,
      isFreeRecharge: v.isFreeRecharge,
    };
    try {
      await save.mutateAsync(body);
      message.success(tag ? t('form.updated') : t('form.created'));
      leave.release();
      setRedirecting(true);
      timer.current = setTimeout(() => navigate('/ocpptags'), REDIRECT_MS);
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        message.error(t('form.exists', { id: body.id_tag }));
        form.setFields([{ name: 'id_tag', errors: [t('form.exists', { id: body.id_tag })] }]);
        return;
      }
      message.error(t('form.saveFailed'));
      if (isApiError(error)) {
        const fields = error.body?.fields ?? {};
        const known: (keyof TagFormValues)[] = ['id_tag', 'tenant_pk', 'parent_id_tag', 'note'];
        form.setFields(
          known
            .filter((key) => fields[key])
            .map((key) => ({ name: key, errors: [t(`form.serverErrors.${key}`, { defaultValue: fields[key] })] })),
        );
      }
    }
  };

  return (
    <Form<TagFormValues>
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={(v) => void submit({ ...initial, ...form.getFieldsValue(true), ...v })}
      onFinishFailed={() => message.error(t('form.saveFailed'))}
      onValuesChange={() => setDirty(true)}
      aria-label={tag ? t('form.editTitle') : t('form.createTitle')}
    >
      <Card variant="borderless" className="section-card">
        <Row gutter={16}>
          <Col xs={24} md={6}>
            <Form.Item name="type" label={t('form.type')}>
              <Select disabled options={tagTypes.map((x) => ({ value: x, label: t(`type.${x}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={9}>
            <Form.Item
              name="id_tag"
              label={t('form.idTag')}
              rules={[
                required,
                { whitespace: true, message: t('form.required') },
                { max: TAG_ID_MAX, message: t('form.max', { max: TAG_ID_MAX }) },
              ]}
            >
              <Input maxLength={TAG_ID_MAX} disabled={userTag} autoComplete="off" data-testid="tag-id-input" />
            </Form.Item>
          </Col>
          <Col xs={24} md={9}>
            <Form.Item name="tenant_pk" label={t('form.tenant')} rules={[required]}>
              <Select
                showSearch={foldedSearch()}
                options={tenants.map((x) => ({ value: x.tenant_pk, label: x.name }))}
                data-testid="tag-tenant-input"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="parent_id_tag"
              label={t('form.parent')}
              extra={parentUser ? t('form.parentOf', { name: parentUser }) : t('form.parentHint')}
              rules={[{ max: TAG_ID_MAX, message: t('form.max', { max: TAG_ID_MAX }) }]}
            >
              <Input maxLength={TAG_ID_MAX} disabled={userTag} autoComplete="off" onChange={() => setParentUser(null)} />
            </Form.Item>
          </Col>
          {permitted.has('/users_data/tenant_parent/cpf') && !userTag ? (
            <Col xs={24} md={12}>
              <Form.Item label={t('form.cpf')}>
                <Space.Compact className="full-width">
                  <Input
                    value={cpf}
                    onChange={(e) => setCpf(e.target.value)}
                    maxLength={14}
                    inputMode="numeric"
                    placeholder="000.000.000-00"
                    aria-label={t('form.cpf')}
                    onPressEnter={(e) => {
                      e.preventDefault();
                      void lookUpCpf();
                    }}
                  />
                  <Button icon={<SearchOutlined aria-hidden="true" />} loading={cpfBusy} onClick={() => void lookUpCpf()}>
                    {t('form.cpfSearch')}
                  </Button>
                </Space.Compact>
              </Form.Item>
            </Col>
          ) : null}
          <Col xs={24}>
            <Form.Item name="note" label={t('form.note')} rules={[{ max: TAG_NOTE_MAX, message: t('form.max', { max: TAG_NOTE_MAX }) }]}>
              <Input.TextArea maxLength={TAG_NOTE_MAX} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
            </Form.Item>
          </Col>
          {tag ? (
            <>
              <Col xs={12} md={6}>
                <Form.Item name="inactive" label={t('form.inactive')} valuePropName="checked">
                  <Switch data-testid="tag-inactive" />
                </Form.Item>
              </Col>
              <Col xs={12} md={6}>
                <Form.Item name="isFreeRecharge" label={t('form.freeRecharge')} valuePropName="checked">
                  <Switch data-testid="tag-free" />
                </Form.Item>
              </Col>
            </>
          ) : null}
        </Row>
        <Typography.Paragraph type="secondary" className="tag-form__hint">
          {userTag ? t('form.userTagHint') : t('form.cardHint')}
        </Typography.Paragraph>
        <FormFooter
          cancelLabel={t('form.cancel')}
          onCancel={() => navigate('/ocpptags')}
          submitLabel={t('form.save')}
          saving={save.isPending || redirecting}
          submitTestId="tag-submit"
        />
      </Card>
    </Form>
  );
}
