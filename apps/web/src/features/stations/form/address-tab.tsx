import { useEffect, useRef, useState } from 'react';
import { Col, Form, Input, InputNumber, Row, Typography } from 'antd';
import { CheckCircleFilled, LoadingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SwitchField } from '../../../components/switch-field';
import { isApiError } from '../../../lib/api-error';
import { formatCep } from '../../../lib/format/cep';
import { geocode, lookupCep } from '../../../lib/address-lookup';
import { useFeedback } from '../../../lib/use-feedback';
import { LocationMap } from '../../../components/location-map';
import { useFieldValue } from './use-field-value';

const GEOCODE_DELAY_MS = 800;
const ZIP_LENGTH = 9;

interface Props {
  canEditAddress: boolean;
  streetEditable: boolean;
  onStreetEditable: (editable: boolean) => void;
  onAddressToken: (token: string | null) => void;
  onLocationToken: (token: string | null) => void;
}

type LookupState = 'idle' | 'loading' | 'found' | 'error';

/**
 * Address tab (001 §4): a full zip code (00000-000) starts the CEP look-up, which first clears
 * street, number, city, state and location, then fills city, state and street ('N/A' leaves the
 * street to be typed). Changing street or number looks up the coordinates. Without
 * /stations/allow_edit_address, city, state, street and coordinates come only from the look-ups.
 */
export function AddressTab({ canEditAddress, streetEditable, onStreetEditable, onAddressToken, onLocationToken }: Props) {
  const { t } = useTranslation('stations');
  const { message } = useFeedback();
  const form = Form.useFormInstance();
  const country: string = useFieldValue<string>(['address', 'country']) ?? 'BR';
  const showLocation: boolean = useFieldValue<boolean>('showLocation') ?? false;
  const latitude: number | null = useFieldValue<number | null>('locationLatitude') ?? null;
  const longitude: number | null = useFieldValue<number | null>('locationLongitude') ?? null;
  const [zipState, setZipState] = useState<LookupState>('idle');
  const [geoState, setGeoState] = useState<LookupState>('idle');
  const geocodeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const geocodeRun = useRef(0);
  const brazil = country === 'BR';
  const required = { required: true, message: t('form.required') };
  const max = (n: number) => ({ max: n, message: t('form.max', { max: n }) });

  useEffect(
    () => () => {
      if (geocodeTimer.current) clearTimeout(geocodeTimer.current);
    },
    [],
  );

  const runGeocode = async () => {
    const a = form.getFieldValue('address') as { street?: string; houseNumber?: string; city?: string; state?: string; zipCode?: string };
    if (!a.street?.trim() || !a.city?.trim()) return;
    const run = ++geocodeRun.current;
    setGeoState('loading');
    try {
      const found = await geocode({ street: a.street, number: a.houseNumber, city: a.city, state: a.state, country, zipCode: a.zipCode });
      if (run !== geocodeRun.current) return;
      form.setFieldsValue({ locationLatitude: found.latitude, locationLongitude: found.longitude });
      onLocationToken(found.lookupToken);
      setGeoState('found');
    } catch (error) {
      if (run !== geocodeRun.current) return;
      setGeoState('error');
      message.warning(isApiError(error) && error.status !== 404 && error.body?.message ? error.body.message : t('address.geocodeFailed'));
    }
  };

  const scheduleGeocode = () => {
    if (geocodeTimer.current) clearTimeout(geocodeTimer.current);
    geocodeTimer.current = setTimeout(() => void runGeocode(), GEOCODE_DELAY_MS);
  };

  const lookupZip = async (zip: string) => {
    geocodeRun.current++;
    form.setFieldsValue({
      address: { ...form.getFieldValue('address'), street: '', houseNumber: '', city: '', state: '' },
      locationLatitude: null,
      locationLongitude: null,
    });
    onAddressToken(null);
    onLocationToken(null);
    onStreetEditable(false);
    setZipState('loading');
    try {
      const found = await lookupCep(zip);
      if (form.getFieldValue(['address', 'zipCode']) !== zip) return;
      const noStreet = found.street === 'N/A' || found.street === '';
      form.setFieldsValue({
        address: { ...form.getFieldValue('address'), street: noStreet ? '' : found.street, city: found.city, state: found.state },
      });
      onStreetEditable(noStreet);
      onAddressToken(found.lookupToken);
      setZipState('found');
      if (!noStreet) scheduleGeocode();
    } catch (error) {
      if (form.getFieldValue(['address', 'zipCode']) !== zip) return;
      setZipState('error');
      if (isApiError(error) && error.status === 404) {
        form.setFields([{ name: ['address', 'zipCode'], errors: [t('address.cepNotFound')] }]);
        message.error(t('address.cepNotFound'));
      } else {
        message.warning(isApiError(error) && error.body?.message ? error.body.message : t('address.cepUnavailable'));
      }
    }
  };

  const lockedStreet = !canEditAddress && !streetEditable;
  const zipSuffix =
    zipState === 'loading' ? (
      <LoadingOutlined aria-label={t('address.searching')} />
    ) : zipState === 'found' ? (
      <CheckCircleFilled className="ok-icon" aria-hidden="true" />
    ) : (
      <span />
    );

  return (
    <div className="form-tab">
      <section className="form-section" aria-labelledby="section-address">
        <Typography.Title level={5} id="section-address" className="form-section__title">
          {t('address.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{canEditAddress ? t('address.leadEditable') : t('address.leadLookup')}</Typography.Paragraph>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              name={['address', 'zipCode']}
              label={t('address.zipCode')}
              normalize={(value: string) => (brazil ? formatCep(value) : value)}
              rules={brazil ? [{ pattern: /^\d{5}-\d{3}$/, message: t('address.zipInvalid') }] : [max(10)]}
            >
              <Input
                maxLength={brazil ? ZIP_LENGTH : 10}
                inputMode={brazil ? 'numeric' : 'text'}
                placeholder={brazil ? '00000-000' : ''}
                suffix={zipSuffix}
                onChange={(e) => {
                  const value = brazil ? formatCep(e.target.value) : e.target.value;
                  if (brazil && value.length === ZIP_LENGTH) void lookupZip(value);
                  else setZipState('idle');
                }}
                data-testid="zip-input"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name={['address', 'street']}
              label={t('address.street')}
              rules={[required, { whitespace: true, message: t('form.required') }, max(30)]}
              extra={streetEditable && !canEditAddress ? t('address.streetNa') : undefined}
            >
              <Input maxLength={30} disabled={lockedStreet} onChange={() => scheduleGeocode()} />
            </Form.Item>
          </Col>
          <Col xs={24} md={4}>
            <Form.Item
              name={['address', 'houseNumber']}
              label={t('address.houseNumber')}
              dependencies={[['address', 'zipCode']]}
              rules={[
                max(5),
                ({ getFieldValue }) => ({
                  validator: (_, value: string) =>
                    getFieldValue(['address', 'zipCode']) && !value?.trim()
                      ? Promise.reject(new Error(t('form.required')))
                      : Promise.resolve(),
                }),
              ]}
            >
              <Input maxLength={5} onChange={() => scheduleGeocode()} />
            </Form.Item>
          </Col>
          <Col xs={24} md={10}>
            <Form.Item name={['address', 'city']} label={t('address.city')} rules={[max(25)]}>
              <Input maxLength={25} disabled={!canEditAddress} />
            </Form.Item>
          </Col>
          <Col xs={12} md={7}>
            <Form.Item name={['address', 'state']} label={t('address.state')} rules={[max(25)]}>
              <Input maxLength={25} disabled={!canEditAddress} />
            </Form.Item>
          </Col>
          <Col xs={12} md={7}>
            <Form.Item
              name={['address', 'country']}
              label={t('address.country')}
              extra={t(`countries.${country}`, { defaultValue: country })}
            >
              <Input disabled />
            </Form.Item>
          </Col>
        </Row>
      </section>

      <section className="form-section" aria-labelledby="section-location">
        <Typography.Title level={5} id="section-location" className="form-section__title">
          {t('address.location')}
        </Typography.Title>
        <div className="form-section--narrow">
          <SwitchField name="showLocation" label={t('address.showLocation')} description={t('address.showLocationHelp')} />
        </div>
        <Row gutter={16}>
          <Col xs={12} md={8}>
            <Form.Item
              name="locationLatitude"
              label={t('address.latitude')}
              dependencies={['showLocation']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_, value: number | null) => {
                    if (value === null || value === undefined) {
                      return getFieldValue('showLocation') ? Promise.reject(new Error(t('form.required'))) : Promise.resolve();
                    }
                    return value >= -90 && value <= 90 ? Promise.resolve() : Promise.reject(new Error(t('address.latitudeRange')));
                  },
                }),
              ]}
            >
              <InputNumber
                className="full-width"
                step={0.000001}
                disabled={!canEditAddress}
                onChange={() => geocodeRun.current++}
                suffix={geoState === 'loading' ? <LoadingOutlined aria-label={t('address.locating')} /> : undefined}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item
              name="locationLongitude"
              label={t('address.longitude')}
              dependencies={['showLocation', ['address', 'zipCode']]}
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_, value: number | null) => {
                    if (value === null || value === undefined) {
                      return getFieldValue('showLocation') || getFieldValue(['address', 'zipCode'])
                        ? Promise.reject(new Error(t('form.required')))
                        : Promise.resolve();
                    }
                    return value >= -180 && value <= 180 ? Promise.resolve() : Promise.reject(new Error(t('address.longitudeRange')));
                  },
                }),
              ]}
            >
              <InputNumber className="full-width" step={0.000001} disabled={!canEditAddress} onChange={() => geocodeRun.current++} />
            </Form.Item>
          </Col>
        </Row>
        {showLocation ? (
          <LocationMap
            latitude={latitude}
            longitude={longitude}
            country={country}
            label={t('address.mapLabel')}
            offlineText={t('address.mapOffline')}
          />
        ) : (
          <Typography.Text type="secondary">{t('address.mapHidden')}</Typography.Text>
        )}
      </section>
    </div>
  );
}
