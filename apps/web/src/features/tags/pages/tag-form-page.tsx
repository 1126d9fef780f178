import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Col, Form, Input, Row, Select, Skeleton, Space, Switch, Typography } from 'antd';
import { ArrowLeftOutlined, SearchOutlined, UserOutlined } from '@ant-design/icons';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TAG_ID_MAX, TAG_NOTE_MAX, tagTypes, type Tag, type TagSave, type TagType } from '@recarga/contracts/tags';
import type { Tenant } from '@recarga/contracts/tenants';
import { docTypesFor } from '@recarga/contracts/users';
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
import { findTagByDocument } from '../api/find-tag-by-document';
import { useTag } from '../api/get-tag';
import { useTagDrivers } from '../api/get-tag-drivers';
import { useSaveTag } from '../api/save-tag';
import '../tags.css';

/** Back to the list this long after a successful save (001 §4). */
const REDIRECT_MS = 1000;
/** The driver search asks the server once typing pauses this long. */
const DRIVER_SEARCH_DELAY_MS = 300;

interface TagFormValues {
  type: TagType;
  id_tag: string;
  tenant_pk: number | undefined;
  parent_id_tag: string;
  note: string;
  inactive: boolean;
  isFreeRecharge: boolean;
  /** The driver who carries the card (null: nobody). */
  owner_user_pk: number | null;
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
  const [docNumber, setDocNumber] = useState('');
  const [docTypeChoice, setDocTypeChoice] = useState<string | null>(null);
  const [cpfBusy, setCpfBusy] = useState(false);
  const [driverText, setDriverText] = useState('');
  const [driverSearch, setDriverSearch] = useState('');
  const [driverLabel, setDriverLabel] = useState<string | null>(
    tag?.ownerUserName ? (tag.userEmail ? `${tag.ownerUserName} · ${tag.userEmail}` : tag.ownerUserName) : null,
  );
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
    owner_user_pk: tag?.ownerUserPk ?? null,
  }));
  // A USER tag is the driver's own: its id, parent and driver are not edited here (001 §4).
  const userTag = initial.type === 'USER';
  const required = { required: true, message: t('form.required') };
  // useWatch answers undefined until the form is drawn; after that a cleared driver is null.
  const watchedTenant = Form.useWatch('tenant_pk', form);
  const tenantPk = watchedTenant === undefined ? initial.tenant_pk : watchedTenant;
  const country = tenants.find((x) => x.tenant_pk === tenantPk)?.country ?? 'BR';
  // The parent's driver is looked up by a document of the network's country (CPF in Brazil, cédula… in Colombia).
  const docTypes = docTypesFor(country);
  const docType = docTypeChoice && docTypes.includes(docTypeChoice) ? docTypeChoice : docTypes[0]!;
  const drivers = useTagDrivers(userTag ? undefined : tenantPk, driverSearch);
  const watchedOwner = Form.useWatch('owner_user_pk', form);
  const ownerPk = watchedOwner === undefined ? initial.owner_user_pk : watchedOwner;
  const driverOptions = (drivers.data ?? []).map((d) => ({
    value: d.userPk,
    label: `${d.name} · ${d.email}`,
    title: d.docNumber ? `${t(`docType.${d.docType}`, { defaultValue: d.docType ?? '' })} ${d.docNumber}` : d.email,
  }));
  if (ownerPk != null && driverLabel && !driverOptions.some((o) => o.value === ownerPk))
    driverOptions.unshift({ value: ownerPk, label: driverLabel, title: driverLabel });

  useEffect(() => {
    const handle = setTimeout(() => setDriverSearch(driverText), DRIVER_SEARCH_DELAY_MS);
    return () => clearTimeout(handle);
  }, [driverText]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const lookUpDocument = async () => {
    const typed = docType === 'CPF' ? docNumber.replace(/\D/g, '') : docNumber.replace(/[^0-9A-Za-z]/g, '');
    if (docType === 'CPF' ? typed.length !== 11 : typed.length < 3) {
      message.error(docType === 'CPF' ? t('form.cpfInvalid') : t('form.docInvalid'));
      return;
    }
    setCpfBusy(true);
    try {
      const answer = await findTagByDocument(docType, docNumber);
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
      // A USER tag's driver is its own account: never sent.
      ...(userTag ? {} : { owner_user_pk: v.owner_user_pk ?? null }),
    };
    try {
      const answer = await save.mutateAsync(body);
      message.success(tag ? t('form.updated') : t('form.created'));
      leave.release();
      setRedirecting(true);
      // Back to the list with the saved card in view: the list is in id order, so a new card was
      // usually on another page; the list opens searched by its id (one click clears the search).
      const saved = answer.ocppTag.idTag;
      timer.current = setTimeout(() => navigate(`/ocpptags?search=${encodeURIComponent(saved)}`), REDIRECT_MS);
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        message.error(t('form.exists', { id: body.id_tag }));
        form.setFields([{ name: 'id_tag', errors: [t('form.exists', { id: body.id_tag })] }]);
        return;
      }
      message.error(t('form.saveFailed'));
      if (isApiError(error)) {
        const fields = error.body?.fields ?? {};
        const known: (keyof TagFormValues)[] = ['id_tag', 'tenant_pk', 'parent_id_tag', 'note', 'owner_user_pk'];
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
      onValuesChange={(changed: Partial<TagFormValues>) => {
        setDirty(true);
        // A card's driver belongs to the card's network: another network, another driver.
        if ('tenant_pk' in changed && !userTag) {
          form.setFieldValue('owner_user_pk', null);
          setDriverLabel(null);
        }
      }}
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
            <Form.Item name="owner_user_pk" label={t('form.driver')} extra={userTag ? t('form.driverOfUserTag') : t('form.driverHint')}>
              <Select<number | null>
                allowClear
                disabled={userTag}
                placeholder={t('form.driverPlaceholder')}
                suffixIcon={<UserOutlined aria-hidden="true" />}
                showSearch={{ filterOption: false, onSearch: setDriverText, searchValue: driverText }}
                options={driverOptions}
                loading={drivers.isFetching}
                notFoundContent={
                  drivers.isError
                    ? t('form.driverError')
                    : drivers.isFetching && !drivers.data
                      ? t('form.driverLoading')
                      : t('form.driverNone')
                }
                onChange={(value: number | null | undefined) => {
                  form.setFieldValue('owner_user_pk', value ?? null);
                  setDriverLabel(driverOptions.find((o) => o.value === value)?.label ?? null);
                  setDriverText('');
                }}
                data-testid="tag-driver-input"
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
              <Form.Item label={t('form.docLookup')}>
                <div className="tag-form__doc">
                  {docTypes.length > 1 ? (
                    <Select
                      className="tag-form__doc-type"
                      value={docType}
                      onChange={(value: string) => setDocTypeChoice(value)}
                      options={docTypes.map((x) => ({ value: x, label: t(`docType.${x}`) }))}
                      aria-label={t('form.docType')}
                      popupMatchSelectWidth={false}
                      data-testid="tag-doc-type"
                    />
                  ) : null}
                  <Space.Compact className="tag-form__doc-number">
                    <Input
                      value={docNumber}
                      onChange={(e) => setDocNumber(e.target.value)}
                      maxLength={docType === 'CPF' ? 14 : 20}
                      inputMode={docType === 'PASSPORT' ? 'text' : 'numeric'}
                      placeholder={docType === 'CPF' ? '000.000.000-00' : t('form.docNumberPlaceholder')}
                      aria-label={t('form.docNumber', { type: t(`docType.${docType}`) })}
                      onPressEnter={(e) => {
                        e.preventDefault();
                        void lookUpDocument();
                      }}
                      data-testid="tag-doc-number"
                    />
                    <Button icon={<SearchOutlined aria-hidden="true" />} loading={cpfBusy} onClick={() => void lookUpDocument()}>
                      {t('form.cpfSearch')}
                    </Button>
                  </Space.Compact>
                </div>
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
