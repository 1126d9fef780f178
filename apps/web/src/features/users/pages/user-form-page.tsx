import { useEffect, useRef, useState } from 'react';
import { Avatar, Button, Card, Col, DatePicker, Form, Input, Result, Row, Select, Skeleton, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, IdcardOutlined, LockOutlined, SaveOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { foldedSearch } from '../../../lib/select-search';
import type { DashboardRoute } from '@recarga/contracts/routes';
import type { Tenant } from '@recarga/contracts/tenants';
import { useLeaveGuard } from '../../../components/use-leave-guard';
import { EMAIL_PATTERN, USER_LIMITS, userSexes, type AddressForm, type UserForm } from '@recarga/contracts/users';
import { PageHeader } from '../../../components/page-header';
import { SwitchField } from '../../../components/switch-field';
import { isApiError } from '../../../lib/api-error';
import { useTenants } from '../../../lib/api/get-tenants';
import { defaultTenant } from '../../../lib/default-tenant';
import { formatCpf, isValidCpf } from '../../../lib/format/cpf';
import { saveSession } from '../../../lib/session';
import { useBrand } from '../../../lib/theme/brand-context';
import { useFeedback } from '../../../lib/use-feedback';
import { usePermittedRoutes } from '../../../lib/use-permitted-routes';
import { useSession } from '../../../lib/use-session';
import { checkUserLimit } from '../api/check-user-limit';
import { useAvailableTags } from '../api/get-available-tags';
import { useDocTypes } from '../api/get-doc-types';
import { useUser } from '../api/get-user';
import { useUserAddress } from '../api/get-user-address';
import { useUserGroups } from '../api/get-user-groups';
import { useSaveUser } from '../api/save-user';
import {
  formFieldOf,
  newUserValues,
  toCreatePayload,
  toUpdatePayload,
  userToFormValues,
  type UserFormValues,
} from '../form/user-form-model';
import '../users.css';

/** Back this long after a successful save (001 §9). */
const REDIRECT_MS = 1000;
const EDIT_KEY: DashboardRoute = '/user/{id}';
const CREATE_KEY: DashboardRoute = '/users/create';
const NOTIFY_KEY: DashboardRoute = '/users/notification_offline_cp';

/** Server texts (001 §5) the locales translate; anything else is shown as the server wrote it. */
const serverTexts: Record<string, string> = {
  'The Name field is mandatory.': 'form.nameRequired',
  'The Password field is mandatory.': 'form.passwordRequired',
  'The E-mail field is mandatory.': 'form.emailRequired',
  'Invalid E-mail': 'form.emailInvalid',
  'The Phone field is mandatory.': 'form.phoneRequired',
  'This e-mail is already in use.': 'form.emailTaken',
  'Invalid CPF.': 'form.cpfInvalid',
  'Invalid phone number.': 'form.phoneInvalid',
  'This document already belongs to another user of this network.': 'form.docTaken',
};

/** In-app history to go back to, or the users list / home. */
function useGoBack() {
  const navigate = useNavigate();
  const permitted = usePermittedRoutes();
  return () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(permitted.has('/users') ? '/users' : '/');
  };
}

function useLimitNotice() {
  const { t } = useTranslation('users');
  const { modal } = useFeedback();
  return (onClose?: () => void) =>
    modal.warning({ title: t('limit.title'), content: t('limit.text'), okText: t('limit.ok'), onOk: onClose });
}

/** /users/create and /user/{id}: create and edit a user (001 §2 User form). */
export function UserFormPage() {
  const { id } = useParams();
  const { t } = useTranslation('users');
  const session = useSession();
  const goBack = useGoBack();
  const pk = id === undefined ? null : /^\d{1,10}$/.test(id) && Number(id) > 0 && Number(id) <= 2_147_483_647 ? Number(id) : -1;
  const invalidId = pk === -1;
  const user = useUser(pk !== null && !invalidId ? pk : null);
  const address = useUserAddress(pk !== null && !invalidId ? pk : null);
  const tenants = useTenants();
  const initialTenant = tenants.data ? defaultTenant(tenants.data, session?.user.tenant_pk) : undefined;
  const tenantPk = pk === null ? (initialTenant?.tenant_pk ?? null) : (user.data?.tenant_pk ?? null);
  const docTypes = useDocTypes(tenantPk, pk === null ? !!tenants.data : !!user.data);
  const probe = useCreateProbe(pk === null && tenants.data ? (initialTenant?.tenant_pk ?? null) : undefined);

  const notFound =
    invalidId || (isApiError(user.error) && user.error.status === 404) || (isApiError(address.error) && address.error.status === 404);
  const failed = !notFound && (user.isError || address.isError || tenants.isError || docTypes.isError);
  // The form takes its values once: wait for the user as it is now, not a cached copy.
  const ready =
    tenants.data &&
    docTypes.data &&
    (pk === null ? probe === 'allowed' : user.data && user.isFetchedAfterMount && address.data && address.isFetchedAfterMount);

  return (
    <>
      <PageHeader
        title={pk === null ? t('form.createTitle') : t('form.editTitle')}
        subtitle={pk === null ? t('form.createSubtitle') : (user.data?.firstName ?? '')}
        extra={
          <Button icon={<ArrowLeftOutlined aria-hidden="true" />} onClick={goBack}>
            {t('form.back')}
          </Button>
        }
      />
      {notFound ? (
        <Card variant="borderless" className="section-card">
          <Result
            status="404"
            title={<span data-testid="user-not-found">{t('form.notFound')}</span>}
            subTitle={t('form.notFoundHint')}
            extra={<Button onClick={goBack}>{t('form.back')}</Button>}
          />
        </Card>
      ) : failed ? (
        <Card variant="borderless" className="section-card">
          <Result
            status="error"
            title={t('form.loadError')}
            extra={<Button onClick={() => window.location.reload()}>{t('form.retry')}</Button>}
          />
        </Card>
      ) : !ready ? (
        <Card variant="borderless" className="section-card">
          <Skeleton active avatar paragraph={{ rows: 10 }} />
        </Card>
      ) : (
        <UserFormBody
          key={pk ?? 'new'}
          user={user.data ?? null}
          address={address.data}
          tenants={tenants.data!}
          initialTenant={pk === null ? (initialTenant ?? null) : null}
          initialDocTypes={docTypes.data!}
        />
      )}
    </>
  );
}

/** 001 §2: before create a probe call is made; a 403 means the user limit is reached. */
function useCreateProbe(tenantPk: number | null | undefined): 'pending' | 'allowed' | 'blocked' {
  const [state, setState] = useState<'pending' | 'allowed' | 'blocked'>('pending');
  const limitNotice = useLimitNotice();
  const goBack = useGoBack();
  const { message } = useFeedback();
  const { t } = useTranslation('users');
  const shown = useRef(false);
  useEffect(() => {
    if (tenantPk === undefined) return;
    const controller = new AbortController();
    checkUserLimit(tenantPk ?? undefined, controller.signal)
      .then(() => setState('allowed'))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (isApiError(error) && error.status === 403) {
          setState('blocked');
          if (!shown.current) {
            shown.current = true;
            limitNotice(goBack);
          }
        } else {
          // The probe could not answer: the server checks the limit again on save.
          message.warning(t('limit.probeFailed'));
          setState('allowed');
        }
      });
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tenantPk]);
  return state;
}

interface BodyProps {
  user: UserForm | null;
  address: AddressForm | undefined;
  tenants: Tenant[];
  initialTenant: Tenant | null;
  initialDocTypes: string[];
}

function UserFormBody({ user, address, tenants, initialTenant, initialDocTypes }: BodyProps) {
  const { t } = useTranslation('users');
  const { message } = useFeedback();
  const brand = useBrand();
  const session = useSession();
  const permitted = usePermittedRoutes();
  const goBack = useGoBack();
  const limitNotice = useLimitNotice();
  const [form] = Form.useForm<UserFormValues>();
  const [dirty, setDirty] = useState(false);
  const leave = useLeaveGuard(dirty);
  const save = useSaveUser();
  const [redirecting, setRedirecting] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const editing = user !== null;
  const self = editing && session?.user.id === user.userPk;
  /** Group, tags, tenant and status are administrative: the edit (or create) permission decides. */
  const administers = permitted.has(editing ? EDIT_KEY : CREATE_KEY);
  const mayNotify = permitted.has(NOTIFY_KEY);
  const [initial] = useState<UserFormValues>(() =>
    user
      ? userToFormValues(user, address, initialDocTypes)
      : newUserValues(initialTenant?.tenant_pk ?? null, initialTenant?.country ?? brand.country, initialDocTypes),
  );
  const tenantPk: number | null = Form.useWatch('tenant_pk', form) ?? initial.tenant_pk;
  const docType: string | null = Form.useWatch('docType', form) ?? initial.docType;
  const firstName: string = Form.useWatch('firstName', form) ?? initial.firstName;
  const lastName: string = Form.useWatch('lastName', form) ?? initial.lastName;
  const activeUser: boolean = Form.useWatch('activeUser', form) ?? initial.activeUser;
  const tenant = tenants.find((x) => x.tenant_pk === tenantPk);
  const docTypes = useDocTypes(tenantPk);
  const groups = useUserGroups(tenantPk, administers);
  const tags = useAvailableTags(tenantPk, user?.userPk ?? null, administers);
  const docLocked = editing && !!user.docNumber;
  const cpf = docType === 'CPF';

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  // A tenant of another country offers other document types: keep a valid one selected.
  useEffect(() => {
    const list = docTypes.data;
    if (!list || docLocked) return;
    const current = form.getFieldValue('docType') as string | null;
    if (!current || !list.includes(current)) form.setFieldValue('docType', list[0] ?? null);
  }, [docTypes.data, docLocked, form]);

  const required = (key: string) => ({ required: true, message: t(key) });
  const max = (n: number) => ({ max: n, message: t('form.max', { max: n }) });
  const translate = (text: string) => (serverTexts[text] ? t(serverTexts[text]) : text);

  const submit = async () => {
    const values = { ...initial, ...form.getFieldsValue(true) } as UserFormValues;
    try {
      const answer = await save.mutateAsync(
        editing ? { kind: 'update', pk: user.userPk, body: toUpdatePayload(values) } : { kind: 'create', body: toCreatePayload(values) },
      );
      message.success(editing ? t('form.updated') : t('form.created'));
      if (self && session) {
        const name = `${answer.userForm.firstName} ${answer.userForm.lastName}`.trim();
        if (name !== session.user.name) saveSession(session.token, { ...session.user, name });
      }
      leave.release();
      setRedirecting(true);
      timer.current = setTimeout(goBack, REDIRECT_MS);
    } catch (error) {
      if (isApiError(error) && error.status === 403 && error.body?.code === 'USER_LIMIT') {
        limitNotice();
        return;
      }
      message.error(t('form.saveFailed'));
      if (!isApiError(error)) return;
      const entries = Object.entries(error.body?.fields ?? {});
      const placed = entries.flatMap(([key, text]) => {
        const name = formFieldOf(key);
        return name ? [{ name, errors: [translate(text)] }] : [];
      });
      form.setFields(placed as Parameters<typeof form.setFields>[0]);
      const unplaced = entries.filter(([key]) => !formFieldOf(key)).map(([, text]) => translate(text));
      if (unplaced.length) message.warning(unplaced.join(' '));
      else if (!entries.length && error.body?.message && error.body.message !== t('form.saveFailed')) message.warning(error.body.message);
    }
  };

  const lockedHint = self && !administers ? t('form.lockedHint') : undefined;
  const tagOptions = (tags.data ?? []).map((x) => ({
    value: x.idTag,
    label: x.note ? `${x.idTag} · ${x.note}` : x.idTag,
  }));
  for (const key of initial.ocppTags)
    if (!tagOptions.some((o) => o.value.toLowerCase() === key.toLowerCase())) tagOptions.push({ value: key, label: key });
  const groupOptions = administers
    ? (groups.data ?? []).map((g) => ({ value: g.userGroupPk, label: g.name }))
    : user?.userGroupPk
      ? [{ value: user.userGroupPk, label: user.userGroupName ?? String(user.userGroupPk) }]
      : [];

  return (
    <Form<UserFormValues>
      form={form}
      name="user"
      layout="vertical"
      initialValues={initial}
      onFinish={() => void submit()}
      onFinishFailed={() => message.error(t('form.saveFailed'))}
      onValuesChange={(changed: Partial<UserFormValues>) => {
        setDirty(true);
        if ('tenant_pk' in changed)
          form.setFieldsValue({
            userGroupPk: null,
            ocppTags: [],
            country: tenants.find((x) => x.tenant_pk === changed.tenant_pk)?.country ?? brand.country,
          });
        if ('docType' in changed)
          form.setFields([
            {
              name: 'docNumber',
              value: changed.docType === 'CPF' ? formatCpf(form.getFieldValue('docNumber') ?? '') : form.getFieldValue('docNumber'),
              errors: [],
            },
          ]);
      }}
      aria-label={editing ? t('form.editTitle') : t('form.createTitle')}
      requiredMark
    >
      <Card variant="borderless" className="section-card user-form">
        {editing ? (
          <div className="user-identity">
            <Avatar size={56} className="user-identity__avatar" aria-hidden="true">
              {initials(`${firstName} ${lastName}`)}
            </Avatar>
            <div className="user-identity__text">
              <Typography.Title level={4} className="user-identity__name">
                {`${firstName} ${lastName}`.trim() || user.email}
              </Typography.Title>
              <Typography.Text type="secondary">{user.email}</Typography.Text>
            </div>
            <div className="user-identity__tags">
              {self ? <Tag color="processing">{t('form.you')}</Tag> : null}
              <Tag color={activeUser ? 'success' : 'default'}>{activeUser ? t('form.statusActive') : t('form.statusInactive')}</Tag>
              <Tag icon={<IdcardOutlined aria-hidden="true" />}>{user.tenantName}</Tag>
            </div>
          </div>
        ) : null}

        <section className="form-section" aria-labelledby="user-personal">
          <Typography.Title level={5} id="user-personal" className="form-section__title">
            {t('form.personal')}
          </Typography.Title>
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item
                name="firstName"
                label={t('form.firstName')}
                rules={[required('form.nameRequired'), { whitespace: true, message: t('form.nameRequired') }, max(USER_LIMITS.firstName)]}
              >
                <Input count={{ show: true, max: USER_LIMITS.firstName }} autoComplete="given-name" />
              </Form.Item>
            </Col>
            <Col xs={24} md={10}>
              <Form.Item name="lastName" label={t('form.lastName')} rules={[max(USER_LIMITS.lastName)]}>
                <Input autoComplete="family-name" />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item name="sex" label={t('form.sex')}>
                <Select allowClear placeholder={t('form.sexNone')} options={userSexes.map((s) => ({ value: s, label: t(`sex.${s}`) }))} />
              </Form.Item>
            </Col>
            <Col xs={24} md={editing ? 12 : 10}>
              <Form.Item
                name="email"
                label={t('form.email')}
                extra={editing ? t('form.emailReadOnly') : undefined}
                rules={[
                  required('form.emailRequired'),
                  { pattern: EMAIL_PATTERN, message: t('form.emailInvalid') },
                  max(editing ? USER_LIMITS.emailEdit : USER_LIMITS.emailCreate),
                ]}
              >
                <Input
                  type="email"
                  readOnly={editing}
                  variant={editing ? 'filled' : 'outlined'}
                  suffix={editing ? <LockOutlined aria-hidden="true" className="user-form__lock" /> : undefined}
                  autoComplete={editing ? 'off' : 'email'}
                />
              </Form.Item>
            </Col>
            {!editing ? (
              <Col xs={24} md={6}>
                <Form.Item
                  name="password"
                  label={t('form.password')}
                  rules={[
                    required('form.passwordRequired'),
                    { min: USER_LIMITS.passwordMin, message: t('form.passwordMin', { min: USER_LIMITS.passwordMin }) },
                    max(USER_LIMITS.password),
                  ]}
                >
                  <Input.Password autoComplete="new-password" />
                </Form.Item>
              </Col>
            ) : null}
            <Col xs={24} md={editing ? 6 : 4}>
              <Form.Item
                name="phone"
                label={t('form.phone')}
                rules={[
                  max(USER_LIMITS.phone),
                  { pattern: /^\+?[0-9()\-.\s]{6,}$/, message: t('form.phoneInvalid') },
                  ...(!editing && tenant?.sms_enabled ? [required('form.phoneRequired')] : []),
                ]}
              >
                <Input type="tel" autoComplete="tel" inputMode="tel" />
              </Form.Item>
            </Col>
            <Col xs={24} md={editing ? 6 : 4}>
              <Form.Item
                name="dateBirthDay"
                label={t('form.dateBirthDay')}
                getValueProps={(value: string | null) => ({ value: value ? dayjs(value) : null })}
                normalize={(value: Dayjs | null) => (value ? value.format('YYYY-MM-DD') : null)}
              >
                <DatePicker
                  className="full-width"
                  format={t('form.dateFormat')}
                  placeholder={t('form.dateFormat')}
                  disabledDate={(d) => d.isAfter(dayjs(), 'day') || d.year() < 1900}
                />
              </Form.Item>
            </Col>
          </Row>
        </section>

        <section className="form-section" aria-labelledby="user-document">
          <Typography.Title level={5} id="user-document" className="form-section__title">
            {t('form.document')}
          </Typography.Title>
          <Row gutter={16}>
            <Col xs={24} md={6}>
              <Form.Item name="docType" label={t('form.docType')}>
                <Select
                  disabled={docLocked}
                  options={(docTypes.data ?? []).map((d) => ({ value: d, label: t(`docTypes.${d}`, { defaultValue: d }) }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={10}>
              <Form.Item
                name="docNumber"
                label={t('form.docNumber')}
                extra={docLocked ? t('form.docReadOnly') : undefined}
                normalize={(value: string) => (cpf ? formatCpf(value) : value)}
                rules={
                  docLocked
                    ? []
                    : cpf
                      ? [
                          max(USER_LIMITS.cpf),
                          {
                            validator: (_: unknown, v: string) =>
                              !v || isValidCpf(v) ? Promise.resolve() : Promise.reject(new Error(t('form.cpfInvalid'))),
                          },
                        ]
                      : [max(USER_LIMITS.docNumber)]
                }
              >
                <Input
                  readOnly={docLocked}
                  variant={docLocked ? 'filled' : 'outlined'}
                  inputMode={cpf ? 'numeric' : 'text'}
                  placeholder={cpf ? '000.000.000-00' : ''}
                  suffix={docLocked ? <LockOutlined aria-hidden="true" className="user-form__lock" /> : undefined}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="externalId" label={t('form.externalId')} rules={[max(USER_LIMITS.externalId)]}>
                <Input />
              </Form.Item>
            </Col>
          </Row>
        </section>

        <section className="form-section" aria-labelledby="user-account">
          <Typography.Title level={5} id="user-account" className="form-section__title">
            {t('form.account')}
          </Typography.Title>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name="tenant_pk"
                label={t('form.tenant')}
                rules={[required('form.required')]}
                extra={self ? t('form.ownTenantHint') : undefined}
              >
                <Select
                  disabled={self || !administers}
                  showSearch={foldedSearch()}
                  options={tenants.map((x) => ({ value: x.tenant_pk, label: x.name }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="userGroupPk" label={t('form.userGroup')} extra={lockedHint}>
                <Select
                  allowClear
                  disabled={!administers}
                  loading={groups.isLoading}
                  placeholder={t('form.noGroup')}
                  options={groupOptions}
                  notFoundContent={t('form.noGroups')}
                />
              </Form.Item>
            </Col>
            {editing ? (
              <Col xs={24} md={8}>
                <Form.Item name="ocppIdTag" label={t('form.ocppIdTag')} extra={t('form.ocppIdTagHint')}>
                  <Input
                    readOnly
                    variant="filled"
                    placeholder={t('form.noIdTag')}
                    suffix={<LockOutlined aria-hidden="true" className="user-form__lock" />}
                  />
                </Form.Item>
              </Col>
            ) : null}
            <Col xs={24} md={editing ? 16 : 24}>
              <Form.Item name="ocppTags" label={t('form.ocppTags')} extra={lockedHint ?? t('form.ocppTagsHint')}>
                <Select
                  mode="multiple"
                  allowClear
                  disabled={!administers}
                  loading={tags.isLoading}
                  placeholder={t('form.ocppTagsPlaceholder')}
                  options={tagOptions}
                  showSearch={foldedSearch()}
                  notFoundContent={t('form.noTags')}
                />
              </Form.Item>
            </Col>
          </Row>
          <div className="switch-grid user-form__switches">
            <SwitchField
              name="activeUser"
              label={t('form.activeUser')}
              description={self ? t('form.activeUserSelf') : t('form.activeUserHint')}
              disabled={self || !administers}
            />
            {editing && mayNotify ? (
              <SwitchField
                name="notificationOfflineCp"
                label={t('form.notificationOfflineCp')}
                description={t('form.notificationOfflineCpHint')}
              />
            ) : null}
          </div>
        </section>

        {/* Hidden address fields, kept with the form (001 §2, §3). */}
        {(['addressPk', 'street', 'houseNumber', 'zipCode', 'city', 'state', 'country'] as const).map((name) => (
          <Form.Item key={name} name={name} hidden>
            <Input />
          </Form.Item>
        ))}

        <div className="form-footer">
          <span />
          <div className="form-footer__buttons">
            <Button onClick={goBack}>{t('form.cancel')}</Button>
            <Button
              type="primary"
              htmlType="submit"
              icon={<SaveOutlined aria-hidden="true" />}
              loading={save.isPending}
              disabled={redirecting}
              data-testid="user-submit"
            >
              {editing ? t('form.save') : t('form.create')}
            </Button>
          </div>
        </div>
      </Card>
    </Form>
  );
}

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '')).toUpperCase() || '?';
}
