import { useState } from 'react';
import { Button, DatePicker, Form, Input, InputNumber, Radio, Select, Typography } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import {
  chargingProfilePurposes,
  clearProfileFilterTypes,
  confKeyTypes,
  MAX_RESERVATION_HOURS,
  OPERATION_TEXT_MAX,
  type OperationCommand,
} from '@recarga/contracts/operation-commands';
import type { OperationOptions } from '@recarga/contracts/operations';
import { isApiError } from '../../../lib/api-error';
import { useFeedback } from '../../../lib/use-feedback';
import { formatDateTime } from '../../../lib/format/date-time';
import { connectorChoices } from '../model/connector-choices';
import { runningCharges, type RunningCharge } from '../model/running-charges';
import { operationMessageOf } from '../model/server-message';
import { shortText } from '../model/short-text';
import { CancelReservationFields } from './cancel-reservation-fields';
import { CompositeScheduleFields } from './composite-schedule-fields';
import { LocalListVersions } from './local-list-versions';
import { PaymentTypeField } from './payment-type-field';
import { ReserveNowFields } from './reserve-now-fields';
import { SendLocalListFields } from './send-local-list-fields';
import { TagAutoComplete } from './tag-auto-complete';

type Values = Record<string, unknown>;

/** Date fields, sent as UTC ISO 8601. */
const dateFields = ['start', 'stop', 'retrieve', 'expiry'];
const utc = (d: Dayjs | null | undefined) => (d ? d.toISOString() : undefined);

/**
 * The parameter form of one command (001 §4, §5): its fields, their required marks and messages.
 * `onSend` receives the request body without the stations and settles when the server has answered;
 * the server's refusals land on their fields, in the user's language.
 */
export function CommandForm({
  command,
  options,
  selected,
  sending,
  onSend,
  onTagSearch,
}: {
  command: OperationCommand;
  options: OperationOptions | undefined;
  selected: string[];
  sending: boolean;
  onSend: (body: Values) => Promise<unknown>;
  onTagSearch: (text: string) => void;
}) {
  const { t } = useTranslation('operations');
  const { message, modal } = useFeedback();
  const [form] = Form.useForm<Values>();
  const [identification, setIdentification] = useState<'tag' | 'document'>('tag');
  const keyType = Form.useWatch('keyType', form) as string | undefined;
  const filterType = Form.useWatch('filterType', form) as string | undefined;
  const required = (messageKey = 'validation.required') => [{ required: true, message: t(messageKey) }];

  const connectors = (withZero: boolean, messageKey?: string) => (
    <Form.Item name="connectorId" label={t('form.connectorId')} rules={required(messageKey)}>
      <Select
        options={connectorChoices(options, selected, withZero ? t('form.connectorAll') : null)}
        notFoundContent={t('form.selectStationFirst')}
      />
    </Form.Item>
  );

  /** A server text in the user's language: the contract's messages by key, anything else as an invalid value. */
  const serverText = (text: string) => {
    const known = operationMessageOf(text);
    if (!known) return t('serverErrors.invalid');
    const words = t(`serverErrors.${known.key}`, { hours: MAX_RESERVATION_HOURS, defaultValue: t('serverErrors.invalid') });
    return known.tail ? `${words} ${known.tail}` : words;
  };

  const refused = (error: unknown) => {
    const body = isApiError(error) ? error.body : undefined;
    const shown = new Set(Object.keys(form.getFieldsValue()));
    const placed: { name: string; errors: string[] }[] = [];
    const unplaced: string[] = [];
    for (const [key, text] of Object.entries(body?.fields ?? {})) {
      const name = key.split('.')[0]!;
      if (shown.has(name)) placed.push({ name, errors: [serverText(text)] });
      else unplaced.push(serverText(text));
    }
    form.setFields(placed);
    if (unplaced.length) message.error(unplaced.join(' '));
    else if (!placed.length && body?.message && operationMessageOf(body.message)) message.error(serverText(body.message));
    else message.error(t('failed'));
  };

  const runningLabel = (r: RunningCharge) =>
    t('form.runningChargeLabel', {
      station: r.chargeBoxId,
      connector: r.connectorId,
      who: r.userName ?? t('form.noDriver'),
      tag: r.idTag,
      since: formatDateTime(r.startTimestamp),
    });

  /** A stop names whose recharge it ends and asks first; the server sends it to that recharge's station only. */
  const confirmStop = (values: Values) =>
    new Promise<boolean>((resolve) => {
      const chosen = runningCharges(options, selected).find((r) => r.transactionId === values.transactionId);
      modal.confirm({
        title: t('form.stopTitle'),
        content: chosen ? runningLabel(chosen) : undefined,
        okText: t('form.stopConfirm'),
        okButtonProps: { danger: true, 'data-testid': 'remote-stop-confirm' },
        cancelText: t('form.stopKeep'),
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });

  const finish = async (values: Values) => {
    if (command === 'remote_stop_transaction' && !(await confirmStop(values))) return;
    const body: Values = { ...values };
    for (const key of dateFields) if (key in body) body[key] = utc(body[key] as Dayjs | null);
    if (command === 'remote_start_transaction') {
      if (identification === 'tag') delete body.document;
      else delete body.idTag;
    }
    try {
      await onSend(body);
    } catch (error) {
      refused(error);
    }
  };

  let fields: React.ReactNode;
  switch (command) {
    case 'change_availability':
      fields = (
        <>
          <Form.Item name="availType" label={t('form.availType')} rules={required('validation.availType')}>
            <Select options={(options?.availabilityTypes ?? []).map((v) => ({ value: v, label: t(`form.availTypes.${v}`) }))} />
          </Form.Item>
          {connectors(true)}
        </>
      );
      break;
    case 'remote_start_transaction':
      fields = (
        <>
          {connectors(false)}
          <Form.Item label={t('form.identification')}>
            <Radio.Group value={identification} onChange={(e) => setIdentification(e.target.value as 'tag' | 'document')}>
              <Radio.Button value="tag">{t('form.byTag')}</Radio.Button>
              <Radio.Button value="document">{t('form.byDocument')}</Radio.Button>
            </Radio.Group>
          </Form.Item>
          {identification === 'tag' ? (
            <Form.Item name="idTag" label={t('form.idTag')} rules={required()}>
              <TagAutoComplete tags={options?.idTagList} onSearch={onTagSearch} />
            </Form.Item>
          ) : (
            <Form.Item name="document" label={t('form.document')} rules={required()}>
              <Input maxLength={14} inputMode="numeric" />
            </Form.Item>
          )}
          <PaymentTypeField />
          {options?.profileList ? (
            <Form.Item name="chargingProfilePk" label={t('form.startProfile')} extra={t('form.startProfileHint')}>
              <Select
                allowClear
                options={options.profileList.map((p) => ({
                  value: p.chargingProfilePk,
                  label: `${p.chargingProfilePk} — ${shortText(p.description)}`,
                }))}
              />
            </Form.Item>
          ) : null}
        </>
      );
      break;
    case 'remote_stop_transaction': {
      const running = runningCharges(options, selected);
      fields = (
        <Form.Item name="transactionId" label={t('form.runningCharge')} rules={required()} extra={t('form.runningChargeHint')}>
          <Select
            options={running.map((r) => ({ value: r.transactionId, label: runningLabel(r) }))}
            notFoundContent={selected.length ? t('form.noTransactions') : t('form.selectStationFirst')}
            data-testid="running-charge-select"
          />
        </Form.Item>
      );
      break;
    }
    case 'reset':
      fields = (
        <Form.Item name="resetType" label={t('form.resetType')} rules={required()}>
          <Radio.Group>
            <Radio.Button value="HARD">{t('form.resetTypes.HARD')}</Radio.Button>
            <Radio.Button value="SOFT">{t('form.resetTypes.SOFT')}</Radio.Button>
          </Radio.Group>
        </Form.Item>
      );
      break;
    case 'get_configuration':
      fields = (
        <>
          <Form.Item name="confKeyList" label={t('form.confKeyList')} extra={t('form.confKeyListHint')}>
            <Select mode="multiple" options={(options?.ocppConfKeys ?? []).map((k) => ({ value: k, label: k }))} />
          </Form.Item>
          <Form.Item name="setConfKeyList" label={t('form.setConfKeyList')} extra={t('form.setConfKeyHint')}>
            <Select mode="tags" open={false} suffixIcon={null} />
          </Form.Item>
        </>
      );
      break;
    case 'change_configuration':
      fields = (
        <>
          <Form.Item name="keyType" label={t('form.keyType')} rules={required()} initialValue="PREDEFINED">
            <Radio.Group>
              {confKeyTypes.map((k) => (
                <Radio.Button key={k} value={k}>
                  {t(`form.keyTypes.${k}`)}
                </Radio.Button>
              ))}
            </Radio.Group>
          </Form.Item>
          <Form.Item name="confKey" label={t('form.confKey')} rules={keyType === 'PREDEFINED' ? required() : []}>
            <Select
              disabled={keyType !== 'PREDEFINED'}
              showSearch
              options={(options?.ocppConfKeys ?? []).map((k) => ({ value: k, label: k }))}
            />
          </Form.Item>
          <Form.Item name="customConfKey" label={t('form.customConfKey')} rules={keyType === 'CUSTOM' ? required() : []}>
            <Input disabled={keyType !== 'CUSTOM'} maxLength={OPERATION_TEXT_MAX} />
          </Form.Item>
          <Form.Item name="value" label={t('form.value')} rules={required()}>
            <Input maxLength={500} />
          </Form.Item>
        </>
      );
      break;
    case 'clear_cache':
      fields = <Typography.Paragraph type="secondary">{t('form.noParameters')}</Typography.Paragraph>;
      break;
    case 'get_diagnostics':
    case 'update_firmware':
      fields = (
        <>
          <Form.Item name="location" label={t('form.location')} rules={required()}>
            <Input maxLength={500} placeholder="ftp://" />
          </Form.Item>
          <Form.Item name="retries" label={t('form.retries')}>
            <InputNumber min={0} max={100} placeholder="1" className="operations-form__number" />
          </Form.Item>
          <Form.Item name="retryInterval" label={t('form.retryInterval')}>
            <InputNumber min={0} max={100} placeholder="1" className="operations-form__number" />
          </Form.Item>
          {command === 'get_diagnostics' ? (
            <>
              <Form.Item name="start" label={t('form.start')}>
                <DatePicker showTime className="operations-form__date" />
              </Form.Item>
              <Form.Item name="stop" label={t('form.stop')}>
                <DatePicker showTime className="operations-form__date" />
              </Form.Item>
            </>
          ) : (
            <Form.Item name="retrieve" label={t('form.retrieve')} rules={required()}>
              <DatePicker showTime className="operations-form__date" />
            </Form.Item>
          )}
        </>
      );
      break;
    case 'unlock_connector':
      fields = connectors(false, 'validation.connectorId');
      break;
    case 'data_transfer':
      fields = (
        <>
          <Form.Item name="vendorId" label={t('form.vendorId')} rules={required()}>
            <Input maxLength={OPERATION_TEXT_MAX} />
          </Form.Item>
          <Form.Item name="messageId" label={t('form.messageId')}>
            <Input maxLength={OPERATION_TEXT_MAX} />
          </Form.Item>
          <Form.Item name="data" label={t('form.data')}>
            <Input.TextArea rows={3} maxLength={5000} />
          </Form.Item>
        </>
      );
      break;
    case 'trigger_message':
      fields = (
        <>
          <Form.Item name="triggerMessage" label={t('form.triggerMessage')} rules={required('validation.triggerMessage')}>
            <Select options={(options?.triggerMessageTypes ?? []).map((v) => ({ value: v, label: v }))} />
          </Form.Item>
          <Form.Item name="connectorId" label={t('form.connectorId')}>
            <Select allowClear options={connectorChoices(options, selected, null)} notFoundContent={t('form.selectStationFirst')} />
          </Form.Item>
        </>
      );
      break;
    case 'set_charging_profile':
      fields = (
        <>
          <Form.Item name="chargingProfilePk" label={t('form.chargingProfilePk')} rules={required()}>
            <Select
              options={(options?.profileList ?? []).map((p) => ({
                value: p.chargingProfilePk,
                label: `${p.chargingProfilePk} — ${shortText(p.description)}`,
              }))}
            />
          </Form.Item>
          {connectors(true)}
        </>
      );
      break;
    case 'clear_charging_profile': {
      const byId = (filterType ?? 'ChargingProfileId') === 'ChargingProfileId';
      fields = (
        <>
          <Form.Item name="filterType" label={t('form.filterType')} initialValue="ChargingProfileId" rules={required()}>
            <Radio.Group>
              {clearProfileFilterTypes.map((k) => (
                <Radio.Button key={k} value={k}>
                  {t(`form.filterTypes.${k}`)}
                </Radio.Button>
              ))}
            </Radio.Group>
          </Form.Item>
          <Form.Item name="chargingProfilePk" label={t('form.chargingProfilePk')} rules={byId ? required() : []}>
            <Select
              disabled={!byId}
              options={(options?.profileList ?? []).map((p) => ({
                value: p.chargingProfilePk,
                label: `${p.chargingProfilePk} — ${shortText(p.description)}`,
              }))}
            />
          </Form.Item>
          <Form.Item name="connectorId" label={t('form.connectorId')}>
            <Select
              allowClear
              disabled={byId}
              options={connectorChoices(options, selected, t('form.connectorAll'))}
              notFoundContent={t('form.selectStationFirst')}
            />
          </Form.Item>
          <Form.Item name="chargingProfilePurpose" label={t('form.chargingProfilePurpose')}>
            <Select
              allowClear
              disabled={byId}
              options={chargingProfilePurposes.map((p) => ({ value: p, label: t(`profiles.purposes.${p}`) }))}
            />
          </Form.Item>
          <Form.Item name="stackLevel" label={t('form.stackLevel')}>
            <InputNumber min={0} max={100} disabled={byId} className="operations-form__number" />
          </Form.Item>
        </>
      );
      break;
    }
    case 'reserve_now':
      fields = <ReserveNowFields options={options} selected={selected} onTagSearch={onTagSearch} />;
      break;
    case 'cancel_reservation':
      fields = <CancelReservationFields options={options} selected={selected} />;
      break;
    case 'get_composite_schedule':
      fields = <CompositeScheduleFields options={options} selected={selected} />;
      break;
    case 'send_local_list':
      fields = <SendLocalListFields options={options} selected={selected} onTagSearch={onTagSearch} />;
      break;
    case 'get_local_list_version':
      fields = <LocalListVersions options={options} selected={selected} />;
      break;
  }

  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={(values) => void finish(values)}
      requiredMark
      className="operations-form"
      aria-label={t(`commands.${command}`)}
    >
      {fields}
      <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={sending} disabled={sending}>
        {t('form.send')}
      </Button>
    </Form>
  );
}
