import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Badge, Button, Card, ConfigProvider, Form, Skeleton, Tabs, Tooltip } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLeaveGuard } from '../../../components/use-leave-guard';
import { roles } from '@recarga/contracts/permissions';
import type { ChargePointDetail } from '@recarga/contracts/stations';
import type { Group } from '@recarga/contracts/station-groups';
import type { Tenant } from '@recarga/contracts/tenants';
import { FormFooter } from '../../../components/form-footer';
import { PageHeader } from '../../../components/page-header';
import { addressFormValues } from '../../../lib/address-form-values';
import { isApiError } from '../../../lib/api-error';
import { useTenants } from '../../../lib/api/get-tenants';
import { defaultTenant } from '../../../lib/default-tenant';
import { useBrand } from '../../../lib/theme/brand-context';
import { useFeedback } from '../../../lib/use-feedback';
import { useLanguageTag } from '../../../lib/use-language-tag';
import { useHasRole, usePermittedRoutes } from '../../../lib/use-permitted-routes';
import { useSession } from '../../../lib/use-session';
import { useConnectorTypes, type ConnectorTypeOption } from '../api/get-connector-types';
import { useGroupOptions } from '../api/get-group-options';
import { usePrivateUsers } from '../api/get-private-users';
import { useStation } from '../api/get-station';
import { useLimitNotice } from '../components/use-limit-notice';
import { useSaveStation } from '../api/save-station';
import type { UserOption } from '../form/access-control';
import { AddressTab } from '../form/address-tab';
import { GeneralTab } from '../form/general-tab';
import { PaymentTab } from '../form/payment-tab';
import { PhotosTab } from '../form/photos-tab';
import {
  detailToFormValues,
  formFieldOf,
  formValuesToPayload,
  newStationValues,
  type FormCapabilities,
  type StationFormValues,
} from '../form/station-form-model';
import { TechnicalTab } from '../form/technical-tab';
import { currencySymbol } from '../utils/money-input';
import '../stations.css';

/** Back to the list this long after a successful save (001 §9). */
const REDIRECT_MS = 1000;

type TabKey = 'general' | 'technical' | 'address' | 'payment' | 'photos';

/** The tab that shows a form field (for the error marks on the tab titles). */
function tabOf(name: (string | number)[]): TabKey {
  const [head, , leaf] = name;
  if (head === 'connectors') return typeof leaf === 'string' && leaf.startsWith('money') ? 'payment' : 'technical';
  if (head === 'address' || head === 'showLocation' || head === 'locationLatitude' || head === 'locationLongitude') return 'address';
  if (head === 'photos') return 'photos';
  if (head === 'system' || head === 'phase' || head === 'voltage' || head === 'chargingRateUnit') return 'technical';
  if (typeof head === 'string' && (head.startsWith('money') || head.startsWith('payment') || head === 'hasPayment' || head === 'taxIncome'))
    return 'payment';
  return 'general';
}

function hasFullAddress(g: Group): boolean {
  const a = g.address;
  return !!(a.street && a.houseNumber && a.zipCode && a.city && a.state && g.locationLatitude !== null && g.locationLongitude !== null);
}

/** /stations/create and /stations/edit/{id}. */
export function StationFormPage() {
  const { id } = useParams();
  const pk = id === undefined ? null : Number(id);
  const { t } = useTranslation('stations');
  const detail = useStation(pk !== null && Number.isInteger(pk) && pk > 0 ? pk : null);
  const tenants = useTenants();
  const groups = useGroupOptions();
  const types = useConnectorTypes();

  if (pk !== null && (!Number.isInteger(pk) || pk <= 0)) return <Navigate to="/not-found" replace />;
  const title = pk === null ? t('form.createTitle') : t('form.editTitle');
  const failed = detail.isError || tenants.isError || groups.isError || types.isError;
  // The form takes its values once: wait for the station as it is now, not a cached copy.
  const ready = tenants.data && groups.data && types.data && (pk === null || (detail.data && detail.isFetchedAfterMount));

  return (
    <>
      <PageHeader
        title={title}
        subtitle={pk === null ? t('form.createSubtitle') : (detail.data?.description ?? detail.data?.chargeBoxId ?? '')}
        extra={
          <Link to="/stations">
            <Button icon={<ArrowLeftOutlined aria-hidden="true" />}>{t('form.back')}</Button>
          </Link>
        }
      />
      {failed ? (
        <Alert
          type="error"
          showIcon
          title={isApiError(detail.error) && detail.error.status === 404 ? t('form.notFound') : t('form.loadError')}
          className="stations-card__error"
        />
      ) : !ready ? (
        <Card variant="borderless" className="section-card">
          <Skeleton active paragraph={{ rows: 10 }} />
        </Card>
      ) : (
        <StationForm
          key={pk ?? 'new'}
          detail={detail.data ?? null}
          tenants={tenants.data!}
          groups={groups.data!}
          connectorTypes={types.data!}
        />
      )}
    </>
  );
}

interface FormProps {
  detail: ChargePointDetail | null;
  tenants: Tenant[];
  groups: Group[];
  connectorTypes: ConnectorTypeOption[];
}

function StationForm({ detail, tenants, groups, connectorTypes }: FormProps) {
  const { t, i18n } = useTranslation('stations');
  const locale = useLanguageTag();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const brand = useBrand();
  const session = useSession();
  const permitted = usePermittedRoutes();
  const financial = useHasRole(roles.financialIndicators);
  const monetization = useHasRole(roles.monetization);
  // A station owner changes description, hours, photos and the access list; the rest is the
  // operator's (the server refuses it too: docs/decisions.md, "Station owners").
  const ownerOnly = useHasRole(roles.stationOwner);
  const [form] = Form.useForm<StationFormValues>();
  const [dirty, setDirty] = useState(false);
  const leave = useLeaveGuard(dirty);
  const limits = useLimitNotice();
  const editing = detail !== null;
  const pk = detail?.chargeBoxPk ?? null;
  const separator = i18n.language === 'en' ? '.' : ',';

  const capabilities: FormCapabilities = {
    ocpi: permitted.has('/stations/ocpi_enabled_button'),
    smartCharging: permitted.has('/virtual-groups/edit/{id}/smart-charging/create'),
    customPower: permitted.has('/stations/custom-powermax'),
    // "Two role checks that are not named" (001 §2, §6): the financial roles (see the report).
    payment: financial || monetization,
  };
  const canEditAddress = permitted.has('/stations/allow_edit_address');
  const canSearchCpf = permitted.has('/users_data/tenant_parent/cpf');

  const [initial] = useState<StationFormValues>(() => {
    if (detail) return detailToFormValues(detail, separator);
    const tenant = defaultTenant(tenants, session?.user.tenant_pk);
    return newStationValues(tenant?.tenant_pk, tenant?.country ?? brand.country);
  });
  const [activeTab, setActiveTab] = useState<TabKey>('general');
  const [tabErrors, setTabErrors] = useState<Set<TabKey>>(new Set());
  const [addressToken, setAddressToken] = useState<string | null>(null);
  const [locationToken, setLocationToken] = useState<string | null>(null);
  const [streetEditable, setStreetEditable] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  const [userOptions, setUserOptions] = useState<UserOption[]>(() =>
    (detail?.bindUsers ?? []).map((b) => ({ user_pk: b.user_pk, user_name: b.user_name, email: b.email })),
  );
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const save = useSaveStation(pk);
  const typeOf = Form.useWatch('typeOf', { form, preserve: true }) ?? initial.typeOf;
  const zip: string | undefined = Form.useWatch(['address', 'zipCode'], { form, preserve: true }) ?? initial.address.zipCode;
  const longitude: number | null | undefined = Form.useWatch('locationLongitude', { form, preserve: true });
  const privateUsers = usePrivateUsers(pk, typeOf === 'PRIVATE' && pk !== null);

  useEffect(
    () => () => {
      if (redirectTimer.current) clearTimeout(redirectTimer.current);
    },
    [],
  );

  useEffect(() => {
    if (!privateUsers.data) return;
    setUserOptions((options) => {
      const known = new Set(options.map((o) => o.user_pk));
      const extra = privateUsers.data
        .filter((u) => !known.has(u.user_pk))
        .map((u) => ({ user_pk: u.user_pk, user_name: u.user_name, email: u.email }));
      return extra.length ? [...options, ...extra] : options;
    });
  }, [privateUsers.data]);

  const addUserOption = (user: UserOption) =>
    setUserOptions((options) => (options.some((o) => o.user_pk === user.user_pk) ? options : [...options, user]));

  const hasConnectors = (detail?.connectors.length ?? 0) > 0;
  const currentLongitude = longitude === undefined ? initial.locationLongitude : longitude;
  const zipWithoutLongitude = !!zip?.trim() && (currentLongitude === null || currentLongitude === undefined);
  const submitDisabled = save.isPending || redirecting || zipWithoutLongitude;

  const onValuesChange = (changed: Partial<StationFormValues>) => {
    setDirty(true);
    if ('tenantPk' in changed) {
      const tenant = tenants.find((x) => x.tenant_pk === changed.tenantPk);
      if (!tenant?.tenant_device_reader) form.setFieldsValue({ isTenantDeviceReader: false, deviceReaderMac: '' });
      form.setFieldValue(['address', 'country'], tenant?.country ?? brand.country);
    }
    if ('chargeBoxGroupPk' in changed) {
      const group = groups.find((g) => g.chargeBoxGroupPk === changed.chargeBoxGroupPk);
      const country = form.getFieldValue(['address', 'country']) as string;
      if (group && hasFullAddress(group)) {
        form.setFieldsValue({
          address: addressFormValues(group.address, country),
          locationLatitude: group.locationLatitude,
          locationLongitude: group.locationLongitude,
        });
      } else {
        form.setFieldsValue({
          address: { ...initial.address, country },
          locationLatitude: initial.locationLatitude,
          locationLongitude: initial.locationLongitude,
        });
      }
      setAddressToken(null);
      setLocationToken(null);
      setStreetEditable(false);
    }
    if ('system' in changed) {
      const connectors = (form.getFieldValue('connectors') as StationFormValues['connectors']).map((c) => ({
        ...c,
        powerMax: null,
        powerMaxKw: null,
      }));
      form.setFieldsValue({ phase: null, voltage: null, connectors });
    }
  };

  const fail = (errorTabs: Set<TabKey>) => {
    setTabErrors(errorTabs);
    setActiveTab('general');
    message.error(t('form.saveFailed'));
  };

  /** Called with the client-side validation failures (onFinishFailed). */
  const invalid = (errorFields: { name: (string | number)[] }[]) => fail(new Set(errorFields.map((f) => tabOf(f.name))));

  /** Called once every field passed validation (onFinish). */
  const submit = async () => {
    setTabErrors(new Set());
    const values = form.getFieldsValue(true) as StationFormValues;
    const body = formValuesToPayload(values, {
      current: detail,
      capabilities,
      addressLookupToken: addressToken,
      locationLookupToken: locationToken,
    });
    try {
      await save.mutateAsync(body);
      message.success(editing ? t('form.updated') : t('form.created'));
      leave.release();
      setRedirecting(true);
      redirectTimer.current = setTimeout(() => navigate('/stations'), REDIRECT_MS);
    } catch (error) {
      const errorTabs = new Set<TabKey>();
      const unplaced: string[] = [];
      if (isApiError(error) && error.body?.fields) {
        const updates: { name: (string | number)[]; errors: string[] }[] = [];
        for (const [key, text] of Object.entries(error.body.fields)) {
          let name = formFieldOf(key);
          if (name && name[0] === 'connectors' && name[2] === 'powerMax' && capabilities.customPower)
            name = ['connectors', name[1], 'powerMaxKw'];
          if (name) {
            updates.push({ name, errors: [text] });
            errorTabs.add(tabOf(name));
          } else unplaced.push(text);
        }
        form.setFields(updates as Parameters<typeof form.setFields>[0]);
      }
      fail(errorTabs);
      if (isApiError(error) && error.body?.code === 'STATION_LIMIT') limits.stationLimit();
      else if (isApiError(error)) {
        const serverText = error.body?.message;
        if (serverText && serverText !== t('form.saveFailed')) message.warning(serverText);
        for (const text of unplaced) message.warning(text);
        if (error.kind === 'network') message.warning(error.message);
      }
    }
  };

  const connectorTypeName = (typePk: number | null) => connectorTypes.find((c) => c.connectorTypePk === typePk)?.name ?? '—';
  const label = (key: TabKey, text: string, extra?: ReactNode) => (
    <span className="tab-label" data-testid={`tab-${key}`}>
      {tabErrors.has(key) ? <Badge status="error" aria-hidden="true" /> : null}
      {text}
      {tabErrors.has(key) ? <span className="visually-hidden">{t('form.tabHasErrors')}</span> : null}
      {extra}
    </span>
  );

  const items = [
    {
      key: 'general',
      label: label('general', t('tabs.general')),
      forceRender: true,
      children: (
        <GeneralTab
          editing={editing}
          ownerOnly={ownerOnly}
          tenants={tenants}
          groups={groups}
          canOcpi={capabilities.ocpi}
          canSearchCpf={canSearchCpf}
          chargeBoxPk={pk}
          userOptions={userOptions}
          onUserFound={addUserOption}
        />
      ),
    },
    {
      key: 'technical',
      label: hasConnectors ? (
        label('technical', t('tabs.technical'))
      ) : (
        <Tooltip title={t('technical.noConnectors')}>
          <span className="tab-label" data-testid="tab-technical">
            {t('tabs.technical')}
          </span>
        </Tooltip>
      ),
      disabled: !hasConnectors,
      forceRender: hasConnectors,
      children: hasConnectors ? (
        <ConfigProvider componentDisabled={ownerOnly}>
          <TechnicalTab
            chargeBoxPk={pk!}
            canSmartCharging={capabilities.smartCharging}
            canCustomPower={capabilities.customPower}
            canPayment={capabilities.payment}
            connectorTypes={connectorTypes}
            locale={locale}
            decimalSeparator={separator}
          />
        </ConfigProvider>
      ) : null,
    },
    {
      key: 'address',
      label: label('address', t('tabs.address')),
      forceRender: true,
      children: (
        <ConfigProvider componentDisabled={ownerOnly}>
          <AddressTab
            canEditAddress={canEditAddress}
            streetEditable={streetEditable}
            onStreetEditable={setStreetEditable}
            onAddressToken={setAddressToken}
            onLocationToken={setLocationToken}
          />
        </ConfigProvider>
      ),
    },
    ...(capabilities.payment
      ? [
          {
            key: 'payment',
            label: label('payment', t('tabs.payment')),
            forceRender: true,
            children: (
              <ConfigProvider componentDisabled={ownerOnly}>
                <PaymentTab
                  currencySymbol={currencySymbol(brand.currency)}
                  decimalSeparator={separator}
                  connectorTypeName={connectorTypeName}
                />
              </ConfigProvider>
            ),
          },
        ]
      : []),
    {
      key: 'photos',
      label: label('photos', t('tabs.photos')),
      forceRender: true,
      children: <PhotosTab chargeBoxId={detail?.chargeBoxId ?? null} />,
    },
  ];

  return (
    <Form<StationFormValues>
      form={form}
      layout="vertical"
      initialValues={initial}
      onValuesChange={onValuesChange}
      onFieldsChange={() => {
        if (tabErrors.size === 0) return;
        const still = new Set(
          form
            .getFieldsError()
            .filter((f) => f.errors.length > 0)
            .map((f) => tabOf(f.name)),
        );
        if (still.size !== tabErrors.size) setTabErrors(still);
      }}
      onFinish={() => void submit()}
      onFinishFailed={({ errorFields }) => invalid(errorFields)}
      className="station-form"
      scrollToFirstError={false}
      aria-label={editing ? t('form.editTitle') : t('form.createTitle')}
    >
      <Card variant="borderless" className="section-card station-form__card">
        <Tabs activeKey={activeTab} onChange={(key) => setActiveTab(key as TabKey)} items={items} className="station-form__tabs" />
        <FormFooter
          hint={zipWithoutLongitude ? t('form.needsLocation') : undefined}
          cancelLabel={t('form.cancel')}
          onCancel={() => navigate('/stations')}
          submitLabel={editing ? t('form.save') : t('form.create')}
          saving={save.isPending}
          disabled={submitDisabled}
          submitTestId="station-submit"
        />
      </Card>
    </Form>
  );
}
