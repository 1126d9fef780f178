import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Col, Form, Input, InputNumber, Row, Select, Skeleton, Typography } from 'antd';
import { AimOutlined, ArrowLeftOutlined, LoadingOutlined } from '@ant-design/icons';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { foldedSearch } from '../../../lib/select-search';
import type { GroupSave } from '@recarga/contracts/station-groups';
import type { Tenant } from '@recarga/contracts/tenants';
import { useLeaveGuard } from '../../../components/use-leave-guard';
import { LocationMap } from '../../../components/location-map';
import { FormFooter } from '../../../components/form-footer';
import { PageHeader } from '../../../components/page-header';
import { addressFormValues, type AddressFormValues } from '../../../lib/address-form-values';
import { geocode, lookupCep } from '../../../lib/address-lookup';
import { isApiError } from '../../../lib/api-error';
import { useTenants } from '../../../lib/api/get-tenants';
import { defaultTenant } from '../../../lib/default-tenant';
import { formatCep } from '../../../lib/format/cep';
import { useBrand } from '../../../lib/theme/brand-context';
import { useFeedback } from '../../../lib/use-feedback';
import { useSession } from '../../../lib/use-session';
import { useGroup, type GroupDetail } from '../api/get-group';
import { useSaveGroup } from '../api/save-group';
import '../station-groups.css';

/** Back to the list this long after a successful save (001 §9). */
const REDIRECT_MS = 1000;

interface GroupFormValues {
  name: string;
  externalId: string;
  tenantPk: number | undefined;
  address: AddressFormValues;
  locationLatitude: number | null;
  locationLongitude: number | null;
}

/** /station_groups/create and /station_groups/edit/{id}. */
export function StationGroupFormPage() {
  const { id } = useParams();
  const pk = id === undefined ? null : Number(id);
  const { t } = useTranslation('stationGroups');
  const valid = pk === null || (Number.isInteger(pk) && pk > 0);
  const group = useGroup(valid ? pk : null);
  const tenants = useTenants();
  if (!valid) return <Navigate to="/not-found" replace />;
  // The form takes its values once: wait for the group as it is now, not a cached copy.
  const ready = tenants.data && (pk === null || (group.data && group.isFetchedAfterMount));
  return (
    <>
      <PageHeader
        title={pk === null ? t('form.createTitle') : t('form.editTitle')}
        subtitle={pk === null ? t('form.createSubtitle') : (group.data?.name ?? '')}
        extra={
          <Link to="/station_groups">
            <Button icon={<ArrowLeftOutlined aria-hidden="true" />}>{t('form.back')}</Button>
          </Link>
        }
      />
      {group.isError || tenants.isError ? (
        <Alert
          type="error"
          showIcon
          title={isApiError(group.error) && group.error.status === 404 ? t('form.notFound') : t('form.loadError')}
        />
      ) : !ready ? (
        <Card variant="borderless" className="section-card">
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      ) : (
        <GroupForm key={pk ?? 'new'} group={group.data ?? null} tenants={tenants.data!} />
      )}
    </>
  );
}

function GroupForm({ group, tenants }: { group: GroupDetail | null; tenants: Tenant[] }) {
  const { t } = useTranslation('stationGroups');
  const { message } = useFeedback();
  const navigate = useNavigate();
  const brand = useBrand();
  const session = useSession();
  const [form] = Form.useForm<GroupFormValues>();
  const [dirty, setDirty] = useState(false);
  const leave = useLeaveGuard(dirty);
  const save = useSaveGroup(group?.chargeBoxGroupPk ?? null);
  const [redirecting, setRedirecting] = useState(false);
  const [zipBusy, setZipBusy] = useState(false);
  const [locating, setLocating] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [initial] = useState<GroupFormValues>(() => {
    if (group) {
      return {
        name: group.name,
        externalId: group.externalId ?? '',
        tenantPk: group.tenantPk,
        address: addressFormValues(group.address),
        locationLatitude: group.locationLatitude,
        locationLongitude: group.locationLongitude,
      };
    }
    const tenant = defaultTenant(tenants, session?.user.tenant_pk);
    return {
      name: '',
      externalId: '',
      tenantPk: tenant?.tenant_pk,
      address: { zipCode: '', street: '', houseNumber: '', city: '', state: '', country: tenant?.country ?? brand.country },
      locationLatitude: null,
      locationLongitude: null,
    };
  });
  const country: string = Form.useWatch(['address', 'country'], form) ?? initial.address.country;
  const latitude: number | null = Form.useWatch('locationLatitude', form) ?? null;
  const longitude: number | null = Form.useWatch('locationLongitude', form) ?? null;
  const brazil = country === 'BR';
  const required = { required: true, message: t('form.required') };
  const max = (n: number) => ({ max: n, message: t('form.max', { max: n }) });

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const fillFromZip = async (zip: string) => {
    setZipBusy(true);
    try {
      const found = await lookupCep(zip);
      if (form.getFieldValue(['address', 'zipCode']) !== zip) return;
      const street = found.street === 'N/A' ? form.getFieldValue(['address', 'street']) : found.street;
      form.setFieldsValue({ address: { ...form.getFieldValue('address'), street, city: found.city, state: found.state } });
    } catch (error) {
      if (isApiError(error) && error.status === 404) {
        form.setFields([{ name: ['address', 'zipCode'], errors: [t('form.cepNotFound')] }]);
        message.error(t('form.cepNotFound'));
      } else {
        message.warning(isApiError(error) && error.body?.message ? error.body.message : t('form.cepUnavailable'));
      }
    } finally {
      setZipBusy(false);
    }
  };

  const locate = async () => {
    const a = form.getFieldValue('address') as GroupFormValues['address'];
    if (!a.street?.trim() || !a.city?.trim()) {
      message.info(t('form.locateNeedsAddress'));
      return;
    }
    setLocating(true);
    try {
      const found = await geocode({ street: a.street, number: a.houseNumber, city: a.city, state: a.state, country, zipCode: a.zipCode });
      form.setFieldsValue({ locationLatitude: found.latitude, locationLongitude: found.longitude });
      void form.validateFields(['locationLatitude', 'locationLongitude']);
    } catch (error) {
      message.warning(isApiError(error) && error.status !== 404 && error.body?.message ? error.body.message : t('form.locateFailed'));
    } finally {
      setLocating(false);
    }
  };

  const submit = async (v: GroupFormValues) => {
    const body: GroupSave = {
      name: v.name.trim(),
      externalId: v.externalId?.trim() ?? '',
      tenantPk: v.tenantPk ?? null,
      address: {
        zipCode: v.address.zipCode.trim(),
        street: v.address.street.trim(),
        houseNumber: v.address.houseNumber.trim(),
        city: v.address.city.trim(),
        state: v.address.state.trim(),
      },
      locationLatitude: v.locationLatitude,
      locationLongitude: v.locationLongitude,
    };
    try {
      await save.mutateAsync(body);
      message.success(group ? t('form.updated') : t('form.created'));
      leave.release();
      setRedirecting(true);
      timer.current = setTimeout(() => navigate('/station_groups'), REDIRECT_MS);
    } catch (error) {
      message.error(t('form.saveFailed'));
      if (isApiError(error)) {
        const fields = error.body?.fields ?? {};
        form.setFields(
          Object.entries(fields).map(([key, text]) => ({ name: key.split('.') as never, errors: [text] })) as Parameters<
            typeof form.setFields
          >[0],
        );
        if (error.body?.message && error.body.message !== t('form.saveFailed')) message.warning(error.body.message);
      }
    }
  };

  return (
    <Form<GroupFormValues>
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={(v) => void submit({ ...initial, ...form.getFieldsValue(true), ...v })}
      onFinishFailed={() => message.error(t('form.saveFailed'))}
      onValuesChange={(changed: Partial<GroupFormValues>) => {
        setDirty(true);
        if ('tenantPk' in changed)
          form.setFieldValue(['address', 'country'], tenants.find((x) => x.tenant_pk === changed.tenantPk)?.country ?? brand.country);
      }}
      aria-label={group ? t('form.editTitle') : t('form.createTitle')}
    >
      <Card variant="borderless" className="section-card">
        <section className="form-section" aria-labelledby="group-identity">
          <Typography.Title level={5} id="group-identity" className="form-section__title">
            {t('form.identity')}
          </Typography.Title>
          <Row gutter={16}>
            <Col xs={24} md={tenants.length > 1 ? 10 : 14}>
              <Form.Item name="name" label={t('form.name')} rules={[required, { whitespace: true, message: t('form.required') }, max(100)]}>
                <Input maxLength={100} />
              </Form.Item>
            </Col>
            <Col xs={24} md={tenants.length > 1 ? 6 : 10}>
              <Form.Item name="externalId" label={t('form.externalId')} rules={[max(50)]}>
                <Input maxLength={50} />
              </Form.Item>
            </Col>
            {tenants.length > 1 ? (
              <Col xs={24} md={8}>
                <Form.Item name="tenantPk" label={t('form.tenant')} rules={[required]}>
                  <Select showSearch={foldedSearch()} options={tenants.map((x) => ({ value: x.tenant_pk, label: x.name }))} />
                </Form.Item>
              </Col>
            ) : null}
          </Row>
        </section>
        <section className="form-section" aria-labelledby="group-address">
          <Typography.Title level={5} id="group-address" className="form-section__title">
            {t('form.address')}
          </Typography.Title>
          <Row gutter={16}>
            <Col xs={24} md={6}>
              <Form.Item
                name={['address', 'zipCode']}
                label={t('form.zipCode')}
                normalize={(value: string) => (brazil ? formatCep(value) : value)}
                rules={[required, brazil ? { pattern: /^\d{5}-\d{3}$/, message: t('form.zipInvalid') } : max(10)]}
              >
                <Input
                  maxLength={brazil ? 9 : 10}
                  inputMode={brazil ? 'numeric' : 'text'}
                  placeholder={brazil ? '00000-000' : ''}
                  suffix={zipBusy ? <LoadingOutlined aria-label={t('form.searching')} /> : <span />}
                  onChange={(e) => {
                    const value = brazil ? formatCep(e.target.value) : e.target.value;
                    if (brazil && value.length === 9) void fillFromZip(value);
                  }}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={13}>
              <Form.Item
                name={['address', 'street']}
                label={t('form.street')}
                rules={[required, { whitespace: true, message: t('form.required') }, max(30)]}
              >
                <Input maxLength={30} />
              </Form.Item>
            </Col>
            <Col xs={24} md={5}>
              <Form.Item
                name={['address', 'houseNumber']}
                label={t('form.houseNumber')}
                rules={[required, { whitespace: true, message: t('form.required') }, max(5)]}
              >
                <Input maxLength={5} />
              </Form.Item>
            </Col>
            <Col xs={24} md={10}>
              <Form.Item
                name={['address', 'city']}
                label={t('form.city')}
                rules={[required, { whitespace: true, message: t('form.required') }, max(25)]}
              >
                <Input maxLength={25} />
              </Form.Item>
            </Col>
            <Col xs={12} md={7}>
              <Form.Item
                name={['address', 'state']}
                label={t('form.state')}
                rules={[required, { whitespace: true, message: t('form.required') }, max(25)]}
              >
                <Input maxLength={25} />
              </Form.Item>
            </Col>
            <Col xs={12} md={7}>
              <Form.Item name={['address', 'country']} label={t('form.country')}>
                <Input disabled />
              </Form.Item>
            </Col>
          </Row>
        </section>
        <section className="form-section" aria-labelledby="group-location">
          <div className="form-section__head">
            <Typography.Title level={5} id="group-location" className="form-section__title">
              {t('form.location')}
            </Typography.Title>
            <Button icon={<AimOutlined aria-hidden="true" />} onClick={() => void locate()} loading={locating}>
              {t('form.locate')}
            </Button>
          </div>
          <Row gutter={16}>
            <Col xs={12} md={6}>
              <Form.Item
                name="locationLatitude"
                label={t('form.latitude')}
                rules={[required, { type: 'number', min: -90, max: 90, message: t('form.latitudeRange') }]}
              >
                <InputNumber className="full-width" step={0.000001} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item
                name="locationLongitude"
                label={t('form.longitude')}
                rules={[required, { type: 'number', min: -180, max: 180, message: t('form.longitudeRange') }]}
              >
                <InputNumber className="full-width" step={0.000001} />
              </Form.Item>
            </Col>
          </Row>
          <LocationMap
            latitude={latitude}
            longitude={longitude}
            country={country}
            label={t('form.mapLabel')}
            offlineText={t('form.mapOffline')}
          />
        </section>
        <FormFooter
          cancelLabel={t('form.cancel')}
          onCancel={() => navigate('/station_groups')}
          submitLabel={group ? t('form.save') : t('form.create')}
          saving={save.isPending}
          disabled={redirecting}
          submitTestId="group-submit"
        />
      </Card>
    </Form>
  );
}
