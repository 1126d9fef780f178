import { Col, ConfigProvider, Form, Input, Radio, Row, Select, TimePicker, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { foldedSearch } from '../../../lib/select-search';
import type { Group } from '@recarga/contracts/station-groups';
import type { Tenant } from '@recarga/contracts/tenants';
import { SwitchField } from '../../../components/switch-field';
import { AccessList, type UserOption } from './access-control';
import { useFieldValue } from './use-field-value';

const MAC_PATTERN = /^([0-9A-Fa-f]{2}:){5}[0-9A-Fa-f]{2}$/;

interface Props {
  editing: boolean;
  /** A station owner: only description, hours and the access list are theirs to change. */
  ownerOnly?: boolean;
  tenants: Tenant[];
  groups: Group[];
  canOcpi: boolean;
  canSearchCpf: boolean;
  chargeBoxPk: number | null;
  userOptions: UserOption[];
  onUserFound: (user: UserOption) => void;
}

/** General tab: identity, tenant, type, group, switches, face reader, access control and hours. */
export function GeneralTab({
  editing,
  ownerOnly = false,
  tenants,
  groups,
  canOcpi,
  canSearchCpf,
  chargeBoxPk,
  userOptions,
  onUserFound,
}: Props) {
  const { t } = useTranslation('stations');
  const tenantPk: number | undefined = useFieldValue<number | undefined>('tenantPk');
  const typeOf: string | undefined = useFieldValue<string | undefined>('typeOf');
  const open24: boolean | undefined = useFieldValue<boolean | undefined>('isOpen_24Hours');
  const reader: boolean | undefined = useFieldValue<boolean | undefined>('isTenantDeviceReader');
  const tenant = tenants.find((x) => x.tenant_pk === tenantPk);
  const required = { required: true, message: t('form.required') };
  const max = (n: number) => ({ max: n, message: t('form.max', { max: n }) });

  return (
    <div className="form-tab">
      <section className="form-section" aria-labelledby="section-identity">
        <Typography.Title level={5} id="section-identity" className="form-section__title">
          {t('general.identity')}
        </Typography.Title>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="chargeBoxId"
              label={t('general.chargeBoxId')}
              extra={editing ? t('general.chargeBoxIdLocked') : t('general.chargeBoxIdHelp')}
              rules={
                editing
                  ? []
                  : [
                      required,
                      { pattern: /^\S*$/, message: t('general.noBlanks') },
                      { pattern: /^[^/]*$/, message: t('general.noSlash') },
                      max(100),
                    ]
              }
            >
              <Input disabled={editing} autoComplete="off" spellCheck={false} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="endpointAddress" label={t('general.endpointAddress')} rules={[max(25)]}>
              <Input maxLength={25} disabled={ownerOnly} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="description"
              label={t('general.description')}
              rules={[required, { whitespace: true, message: t('form.required') }, max(90)]}
            >
              <Input maxLength={90} showCount />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="externalId" label={t('general.externalId')} rules={[max(100)]}>
              <Input maxLength={100} disabled={ownerOnly} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="tenantPk" label={t('general.tenant')} rules={[required]}>
              <Select
                showSearch={foldedSearch()}
                disabled={ownerOnly}
                options={tenants.map((x) => ({ value: x.tenant_pk, label: x.name }))}
                placeholder={t('general.tenantPlaceholder')}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="chargeBoxGroupPk" label={t('general.group')} extra={t('general.groupHelp')}>
              <Select
                disabled={ownerOnly}
                allowClear
                showSearch={foldedSearch()}
                options={groups.map((g) => ({
                  value: g.chargeBoxGroupPk,
                  label: tenants.length > 1 ? `${g.name} · ${g.tenantName}` : g.name,
                }))}
                placeholder={t('general.groupPlaceholder')}
              />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="typeOf" label={t('general.type')} rules={[required]}>
              <Radio.Group optionType="button" buttonStyle="solid" disabled={ownerOnly}>
                <Radio.Button value="PUBLIC">{t('typeOf.PUBLIC')}</Radio.Button>
                <Radio.Button value="PRIVATE">{t('typeOf.PRIVATE')}</Radio.Button>
              </Radio.Group>
            </Form.Item>
          </Col>
        </Row>
      </section>

      <section className="form-section" aria-labelledby="section-options">
        <Typography.Title level={5} id="section-options" className="form-section__title">
          {t('general.options')}
        </Typography.Title>
        <ConfigProvider componentDisabled={ownerOnly}>
          <div className="switch-grid">
            <SwitchField name="active" label={t('general.active')} description={t('general.activeHelp')} />
            <SwitchField name="reservation" label={t('general.reservation')} description={t('general.reservationHelp')} />
            {canOcpi ? <SwitchField name="isOcpiCompatible" label={t('general.ocpi')} description={t('general.ocpiHelp')} /> : null}
            {tenant?.tenant_device_reader ? (
              <SwitchField name="isTenantDeviceReader" label={t('general.faceReader')} description={t('general.faceReaderHelp')} />
            ) : null}
          </div>
        </ConfigProvider>
        {tenant?.tenant_device_reader && reader ? (
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name="deviceReaderMac"
                label={t('general.mac')}
                normalize={(v: string) => v.toUpperCase()}
                rules={[required, max(17), { pattern: MAC_PATTERN, message: t('general.macInvalid') }]}
              >
                <Input maxLength={17} placeholder="00:1A:2B:3C:4D:5E" spellCheck={false} />
              </Form.Item>
            </Col>
          </Row>
        ) : null}
      </section>

      {typeOf === 'PRIVATE' ? (
        <section className="form-section" aria-labelledby="section-access">
          <Typography.Title level={5} id="section-access" className="form-section__title">
            {t('access.title')}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{t('access.lead')}</Typography.Paragraph>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <AccessList
                field="owners"
                label={t('access.owners')}
                options={userOptions}
                onFound={onUserFound}
                canSearchCpf={canSearchCpf}
                chargeBoxPk={chargeBoxPk}
              />
            </Col>
            <Col xs={24} md={12}>
              <AccessList
                field="accessUsers"
                label={t('access.users')}
                options={userOptions}
                onFound={onUserFound}
                canSearchCpf={canSearchCpf}
                chargeBoxPk={chargeBoxPk}
              />
            </Col>
          </Row>
        </section>
      ) : null}

      <section className="form-section" aria-labelledby="section-hours">
        <Typography.Title level={5} id="section-hours" className="form-section__title">
          {t('hours.title')}
        </Typography.Title>
        <div className="form-section--narrow">
          <SwitchField name="isOpen_24Hours" label={t('hours.open24')} description={t('hours.open24Help')} />
        </div>
        {!open24 ? (
          <Row gutter={16}>
            <Col xs={12} md={6}>
              <Form.Item name="openTime" label={t('hours.openTime')} rules={[required]}>
                <TimePicker format="HH:mm:ss" className="full-width" needConfirm={false} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="closeTime" label={t('hours.closeTime')} rules={[required]} extra={t('hours.closeHelp')}>
                <TimePicker format="HH:mm:ss" className="full-width" needConfirm={false} />
              </Form.Item>
            </Col>
          </Row>
        ) : null}
      </section>
    </div>
  );
}
