import { useEffect, useRef, useState } from 'react';
import { Button, Card, Col, DatePicker, Form, Input, InputNumber, Row, Select, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { PROFILE_TEXT_MAX } from '@recarga/contracts/charging-profile-constants';
import type { ChargingProfileSave } from '@recarga/contracts/charging-profiles';
import { chargingProfileKinds, chargingProfilePurposes, chargingRateUnits, recurrencyKinds } from '@recarga/contracts/operation-commands';
import { FormFooter } from '../../../components/form-footer';
import { NotFoundView } from '../../../components/not-found-view';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { useLeaveGuard } from '../../../components/use-leave-guard';
import { isApiError } from '../../../lib/api-error';
import { useFeedback } from '../../../lib/use-feedback';
import { useChargingProfile } from '../api/get-charging-profile';
import { useSaveChargingProfile } from '../api/save-charging-profile';
import { profileMessageOf } from '../model/server-message';
import '../operations.css';

const BACK = '/operations/charging_profile';
const REDIRECT_MS = 1000;

interface Values {
  description: string;
  note?: string;
  stackLevel: number;
  chargingProfilePurpose: ChargingProfileSave['chargingProfilePurpose'];
  chargingProfileKind: ChargingProfileSave['chargingProfileKind'];
  recurrencyKind?: ChargingProfileSave['recurrencyKind'];
  validFrom?: Dayjs | null;
  validTo?: Dayjs | null;
  startSchedule?: Dayjs | null;
  durationInSeconds?: number | null;
  chargingRateUnit: 'W' | 'A';
  minChargingRate?: number | null;
  schedulePeriodMap: { startPeriodInSeconds?: number; powerLimitInAmperes?: number; numberPhases?: number | null }[];
}

/** 002 §9 defaults: kind ABSOLUTE, purpose CHARGE_POINT_MAX_PROFILE, unit W, one empty schedule period. */
const defaults: Partial<Values> = {
  chargingProfileKind: 'ABSOLUTE',
  chargingProfilePurpose: 'CHARGE_POINT_MAX_PROFILE',
  chargingRateUnit: 'W',
  stackLevel: 0,
  schedulePeriodMap: [{ startPeriodInSeconds: 0 }],
};

/** 002 §5: dates go with the 'T' replaced by a space. */
const sent = (d: Dayjs | null | undefined) => (d ? d.toISOString().replace('T', ' ') : null);

/**
 * /charging_profile/create ('Criando perfil de recarga') and /charging_profile/edit/{id}
 * ('Editando perfil de recarga', the description as subtitle): 002 §3, §5, §9. The server's field
 * errors (what OCPP 1.6 would refuse) land on their fields.
 */
export function ChargingProfileFormPage() {
  const { t } = useTranslation('operations');
  const { message } = useFeedback();
  const navigate = useNavigate();
  const { id } = useParams();
  const pk = id !== undefined && /^\d{1,9}$/.test(id) ? Number(id) : null;
  const editing = id !== undefined;
  const { data, isLoading, isError } = useChargingProfile(pk);
  const save = useSaveChargingProfile(pk);
  const [form] = Form.useForm<Values>();
  const [dirty, setDirty] = useState(false);
  const leave = useLeaveGuard(dirty);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const kind = Form.useWatch('chargingProfileKind', form);
  const unit = Form.useWatch('chargingRateUnit', form);

  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (!data) return;
    form.setFieldsValue({
      description: data.description,
      note: data.note ?? undefined,
      stackLevel: data.stackLevel,
      chargingProfilePurpose: data.chargingProfilePurpose,
      chargingProfileKind: data.chargingProfileKind,
      recurrencyKind: data.recurrencyKind ?? undefined,
      validFrom: data.validFrom ? dayjs(data.validFrom) : null,
      validTo: data.validTo ? dayjs(data.validTo) : null,
      startSchedule: data.startSchedule ? dayjs(data.startSchedule) : null,
      durationInSeconds: data.durationInSeconds,
      chargingRateUnit: data.chargingRateUnit,
      minChargingRate: data.minChargingRate,
      schedulePeriodMap: data.schedulePeriodMap,
    });
  }, [data, form]);

  if (editing && (pk === null || isError)) {
    return (
      <NotFoundView
        icon={<ThunderboltOutlined />}
        title={t('profileForm.editTitle')}
        text={t('profileForm.notFound')}
        extra={<Button onClick={() => void navigate(BACK)}>{t('profileForm.back')}</Button>}
      />
    );
  }
  if (editing && isLoading) return <PageLoader />;

  /** The server's field messages are English: each is said in the user's language (an unknown one as an invalid value). */
  const serverText = (text: string) => {
    const known = profileMessageOf(text);
    return t(known ? `profileErrors.${known.key}` : 'profileErrors.invalid', { defaultValue: t('profileErrors.invalid') });
  };

  const finish = (v: Values) => {
    const body = {
      description: v.description,
      note: v.note ?? null,
      stackLevel: v.stackLevel,
      chargingProfilePurpose: v.chargingProfilePurpose,
      chargingProfileKind: v.chargingProfileKind,
      recurrencyKind: v.chargingProfileKind === 'RECURRING' ? (v.recurrencyKind ?? null) : null,
      validFrom: sent(v.validFrom),
      validTo: sent(v.validTo),
      startSchedule: v.chargingProfileKind === 'RELATIVE' ? null : sent(v.startSchedule),
      durationInSeconds: v.durationInSeconds ?? null,
      chargingRateUnit: v.chargingRateUnit,
      minChargingRate: v.minChargingRate ?? null,
      schedulePeriodMap: v.schedulePeriodMap.map((p) => ({
        startPeriodInSeconds: p.startPeriodInSeconds ?? 0,
        powerLimitInAmperes: p.powerLimitInAmperes ?? 0,
        numberPhases: p.numberPhases ?? null,
      })),
    } as ChargingProfileSave;
    save.mutate(body, {
      onSuccess: () => {
        message.success(t(editing ? 'profileForm.updated' : 'profileForm.created'));
        leave.release();
        timer.current = setTimeout(() => void navigate(BACK), REDIRECT_MS);
      },
      onError: (error) => {
        const fields = isApiError(error) ? error.body?.fields : undefined;
        if (fields) {
          form.setFields(
            Object.entries(fields).map(([name, text]) => ({
              name: name.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)) as never,
              errors: [serverText(text)],
            })),
          );
        }
        message.error(t('profileForm.failed'));
      },
    });
  };

  const required = [{ required: true, message: t('profileForm.required') }];
  return (
    <div className="screen">
      <PageHeader
        title={t(editing ? 'profileForm.editTitle' : 'profileForm.createTitle')}
        subtitle={editing ? data?.description : undefined}
      />
      <Card>
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={defaults}
          onFinish={finish}
          onValuesChange={() => setDirty(true)}
          requiredMark
          className="profile-form"
        >
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="description" label={t('profileForm.description')} rules={required}>
                <Input maxLength={PROFILE_TEXT_MAX} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="note" label={t('profileForm.note')}>
                <Input maxLength={PROFILE_TEXT_MAX} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="stackLevel" label={t('profileForm.stackLevel')} rules={required}>
                <InputNumber min={0} max={100} className="operations-form__number" />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="chargingRateUnit" label={t('profileForm.unit')} rules={required}>
                <Select options={chargingRateUnits.map((u) => ({ value: u, label: t(`form.units.${u}`) }))} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="chargingProfilePurpose" label={t('profileForm.purpose')} rules={required}>
                <Select options={chargingProfilePurposes.map((p) => ({ value: p, label: t(`profiles.purposes.${p}`) }))} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="chargingProfileKind" label={t('profileForm.kind')} rules={required}>
                <Select options={chargingProfileKinds.map((k) => ({ value: k, label: t(`profiles.kinds.${k}`) }))} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="recurrencyKind" label={t('profileForm.recurrency')} rules={kind === 'RECURRING' ? required : []}>
                <Select
                  disabled={kind !== 'RECURRING'}
                  allowClear
                  placeholder={t('profileForm.none')}
                  options={recurrencyKinds.map((r) => ({ value: r, label: t(`profiles.recurrencies.${r}`) }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="startSchedule" label={t('profileForm.startSchedule')} rules={kind !== 'RELATIVE' ? required : []}>
                <DatePicker showTime disabled={kind === 'RELATIVE'} className="operations-form__date" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="validFrom" label={t('profileForm.validFrom')}>
                <DatePicker showTime className="operations-form__date" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="validTo" label={t('profileForm.validTo')}>
                <DatePicker showTime className="operations-form__date" />
              </Form.Item>
            </Col>
            <Col xs={12} md={8}>
              <Form.Item name="durationInSeconds" label={t('profileForm.duration')}>
                <InputNumber min={1} className="operations-form__number" />
              </Form.Item>
            </Col>
            <Col xs={12} md={8}>
              <Form.Item name="minChargingRate" label={t('profileForm.minRate')}>
                <InputNumber min={0} step={0.1} precision={1} className="operations-form__number" />
              </Form.Item>
            </Col>
          </Row>
          <Typography.Title level={5}>{t('profileForm.periods')}</Typography.Title>
          <Form.List name="schedulePeriodMap">
            {(periods, { add, remove }) => (
              <>
                {periods.map((period, index) => (
                  <div key={period.key} className="profile-period" role="group" aria-label={t('profileForm.period', { n: index + 1 })}>
                    <Form.Item name={[period.name, 'startPeriodInSeconds']} label={t('profileForm.periodStart')} rules={required}>
                      <InputNumber min={0} precision={0} className="operations-form__number" />
                    </Form.Item>
                    <Form.Item
                      name={[period.name, 'powerLimitInAmperes']}
                      label={t('profileForm.periodLimitIn', { unit: unit ?? 'W' })}
                      rules={required}
                    >
                      <InputNumber min={0} step={0.1} className="operations-form__number" />
                    </Form.Item>
                    <Form.Item name={[period.name, 'numberPhases']} label={t('profileForm.periodPhases')}>
                      <Select allowClear options={[1, 2, 3].map((n) => ({ value: n, label: String(n) }))} />
                    </Form.Item>
                    <Button
                      className="profile-period__remove"
                      icon={<DeleteOutlined />}
                      disabled={periods.length === 1}
                      aria-label={t('profileForm.removePeriod', { n: index + 1 })}
                      onClick={() => remove(period.name)}
                    />
                  </div>
                ))}
                <Button icon={<PlusOutlined />} onClick={() => add({})} className="profile-period__add">
                  {t('profileForm.addPeriod')}
                </Button>
              </>
            )}
          </Form.List>
          {data?.activeOn.length ? (
            <Typography.Paragraph type="secondary" className="profile-form__active">
              {t('profileForm.activeOn', { list: data.activeOn.map((a) => `${a.chargeBoxId}/${a.connectorId}`).join(', ') })}
            </Typography.Paragraph>
          ) : null}
          <FormFooter
            cancelLabel={t('profileForm.back')}
            onCancel={() => void navigate(BACK)}
            submitLabel={t('profileForm.save')}
            saving={save.isPending}
          />
        </Form>
      </Card>
    </div>
  );
}
