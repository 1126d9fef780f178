import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Card, Col, DatePicker, Form, Input, Radio, Row, Select, Switch } from 'antd';
import { TeamOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Tenant } from '@recarga/contracts/tenants';
import type { Voucher, VoucherKind } from '@recarga/contracts/vouchers';
import { FormFooter } from '../../../components/form-footer';
import { StationSelect } from '../../../components/station-select';
import { stationLabel } from '../../../lib/api/station-labels';
import { isApiError } from '../../../lib/api-error';
import { foldedSearch } from '../../../lib/select-search';
import { useLeaveGuard } from '../../../components/use-leave-guard';
import { useFeedback } from '../../../lib/use-feedback';
import { getLastVoucher } from '../api/get-last-voucher';
import { useSaveVoucher } from '../api/save-voucher';
import {
  VOUCHER_CODE_MAX,
  VOUCHER_DESCRIPTION_MAX,
  voucherMoneyMaxMinor,
  VOUCHER_TITLE_MAX,
  VOUCHER_USES_PER_USER_MAX,
  voucherKinds,
} from '../model/limits';
import { CREATE_USERS_PATH, LIST_PATH, editUsersPath } from '../model/paths';
import { clearVoucherDraft, saveVoucherDraft, type DraftUser } from '../model/voucher-draft';
import { createBody, updateBody, type VoucherFormValues } from '../model/voucher-form';
import { CODE_PATTERN, fieldMessageName, kindValueError, normaliseCode, unitsError } from '../model/voucher-rules';
import { DigitsInput, KindValueInput } from './kind-value-input';
import { useVoucherFormat } from './use-voucher-format';

const DATE_TIME = 'DD/MM/YYYY HH:mm';

/** Body fields that are form fields of the same name. */
const formFields = [
  'code',
  'title',
  'description',
  'kind',
  'kind_value',
  'units',
  'start',
  'expire',
  'expire_type',
  'uses_per_user',
  'charge_box_pks',
  'tenant_pk',
] as const;

interface Props {
  /** null: create. */
  voucher: Voucher | null;
  initial: VoucherFormValues;
  users: DraftUser[];
  /** Create: the networks a voucher may belong to (a choice when there are several). */
  tenants: Tenant[];
  /** Where the back and cancel buttons go (the list, or the voucher's detail). */
  backPath: string;
  /** The form starts from the draft kept while the users were chosen: unsaved work already. */
  fromDraft?: boolean;
}

/**
 * The create and edit form (002 §5): every rule on the client as well, the code checked on blur
 * (an active code locks the rest), the kind's value input, the users chosen on their own page
 * (the draft keeps the form meanwhile), and the success and failure modals of §8.
 */
export function VoucherForm({ voucher, initial, users, tenants, backPath, fromDraft = false }: Props) {
  const { t, i18n } = useTranslation('vouchers');
  const { message, modal } = useFeedback();
  const navigate = useNavigate();
  const format = useVoucherFormat();
  const [form] = Form.useForm<VoucherFormValues>();
  const save = useSaveVoucher();
  // The voucher names its own stations: the picker shows them without asking.
  const knownStations = useMemo(
    () =>
      new Map(
        (voucher?.charge_boxes ?? []).map((c) => [c.charge_box_pk, stationLabel({ chargeBoxId: c.charge_box_id, description: c.name })]),
      ),
    [voucher],
  );
  const [locked, setLocked] = useState(false);
  const [checking, setChecking] = useState(false);
  const [usersError, setUsersError] = useState<string | null>(null);
  // Leaving with unsaved work asks first; choosing the users keeps it in the draft, so that way is open.
  const [dirty, setDirty] = useState(fromDraft);
  const leave = useLeaveGuard(dirty);
  const editing = voucher !== null;
  const tenantPk = (Form.useWatch('tenant_pk', form) as number | undefined) ?? initial.tenant_pk;
  const currency = voucher?.currency ?? tenants.find((x) => x.tenant_pk === tenantPk)?.currency ?? format.currency;
  const moneyLocale = format.moneyLocale(currency);
  const kind = (Form.useWatch('kind', form) as VoucherKind | undefined) ?? initial.kind;
  const expireType = Form.useWatch('expire_type', form) ?? initial.expire_type;
  const chargeMode = Form.useWatch('charge_mode', form) ?? initial.charge_mode;
  const originalUnits = voucher?.units ?? null;
  // The server refuses a new kind once a copy was used (contract: kindLocked).
  const kindLocked = !!voucher?.voucher_users_pks_with_voucher_status.some((u) => u.status !== 'NOT_USED');

  const msg = (name: string) => t(`messages.${name}`, { max: format.minor(voucherMoneyMaxMinor(currency), currency) });
  /** A server field error: a key of the contract's messages ('vouchers.codeTaken') in the interface language; a plain text as it came. */
  const word = (text: string) => {
    const name = fieldMessageName(text);
    return name && i18n.exists(`vouchers:messages.${name}`) ? msg(name) : text;
  };

  const values = (): VoucherFormValues => ({ ...initial, ...(form.getFieldsValue(true) as VoucherFormValues) });

  /** 002 §5: the code is checked when the field loses focus; an active voucher's code locks the form. */
  const checkCode = async () => {
    if (editing) return;
    const code = (form.getFieldValue('code') as string | undefined)?.trim() ?? '';
    if (!code || code.length > VOUCHER_CODE_MAX || !CODE_PATTERN.test(code)) {
      setLocked(false);
      return;
    }
    setChecking(true);
    try {
      const last = await getLastVoucher(code, tenantPk);
      // The field may have changed while the answer travelled.
      if ((form.getFieldValue('code') as string | undefined)?.trim() !== code) return;
      const taken = last?.status === 'ACTIVE';
      setLocked(taken);
      form.setFields([{ name: 'code', errors: taken ? [msg('codeTaken')] : [] }]);
    } catch {
      // The server checks again on save.
      setLocked(false);
    } finally {
      setChecking(false);
    }
  };

  // 002 §4: the draft lives while the users are chosen; leaving the form any other way drops it.
  const keepDraft = useRef(false);
  useEffect(
    () => () => {
      if (!keepDraft.current) clearVoucherDraft();
    },
    [],
  );

  const toUsers = async () => {
    const units = form.getFieldValue('units') as number | null | undefined;
    if (!units) {
      form.setFields([{ name: 'units', errors: [msg('unitsFirst')] }]);
      message.warning(msg('unitsFirst'));
      return;
    }
    keepDraft.current = true;
    leave.release();
    saveVoucherDraft({
      voucherPk: voucher?.voucher_pk ?? null,
      userPks: users.map((u) => u.user_pk),
      usersDataList: users,
      formValues: values(),
    });
    navigate(voucher ? editUsersPath(voucher.voucher_pk) : CREATE_USERS_PATH);
  };

  const back = () => {
    clearVoucherDraft();
    navigate(backPath);
  };

  const succeeded = () => {
    clearVoucherDraft();
    let gone = false;
    const go = () => {
      if (gone) return;
      gone = true;
      handle.destroy();
      leave.release();
      navigate(LIST_PATH);
    };
    const handle = modal.success({
      title: editing ? t('form.updated') : t('form.created'),
      closable: true,
      afterClose: go,
      footer: (
        <div className="ant-modal-confirm-btns">
          <Button type="primary" onClick={go} autoFocus data-testid="voucher-saved-list">
            {t('form.toList')}
          </Button>
        </div>
      ),
    });
  };

  const failed = (text?: string) => {
    const handle = modal.error({
      title: editing ? t('form.updateFailed') : t('form.createFailed'),
      content: text ?? t('form.failedText'),
      closable: true,
      footer: (
        <div className="ant-modal-confirm-btns">
          <Button
            onClick={() => {
              handle.destroy();
              clearVoucherDraft();
              leave.release();
              navigate(LIST_PATH);
            }}
            data-testid="voucher-failed-list"
          >
            {t('form.toList')}
          </Button>
          <Button type="primary" autoFocus onClick={() => handle.destroy()} data-testid="voucher-failed-retry">
            {t('form.retry')}
          </Button>
        </div>
      ),
    });
  };

  /** Places a 400's field errors on their fields; what has no field goes to the modal. */
  const placeErrors = (fields: Record<string, string> | undefined): string | undefined => {
    if (!fields) return undefined;
    const updates: { name: string; errors: string[] }[] = [];
    const rest: string[] = [];
    for (const [name, text] of Object.entries(fields)) {
      const field = name === 'charge_box_pks' && values().charge_mode === 'all' ? 'charge_mode' : name;
      if ((formFields as readonly string[]).includes(name) || field === 'charge_mode') updates.push({ name: field, errors: [word(text)] });
      else if (name === 'user_pks') setUsersError(word(text));
      else rest.push(word(text));
    }
    form.setFields(updates as never);
    if (updates.length) void form.scrollToField(updates[0]!.name);
    return rest.length ? rest.join(' ') : undefined;
  };

  const submit = async () => {
    const current = values();
    const userPks = users.map((u) => u.user_pk);
    setUsersError(null);
    try {
      const answer = await save.mutateAsync(
        voucher
          ? { voucherPk: voucher.voucher_pk, body: updateBody(current, userPks) }
          : { voucherPk: null, body: createBody(current, userPks) },
      );
      if (answer.type === 'success') succeeded();
      else failed(answer.message);
    } catch (error) {
      const body = isApiError(error) ? error.body : undefined;
      const rest = placeErrors(body?.fields);
      failed(rest);
    }
  };

  const onValuesChange = (changed: Partial<VoucherFormValues>) => {
    setDirty(true);
    // 002 §4: a new kind clears the value and the expiration choice.
    if ('kind' in changed) {
      form.setFieldsValue({ kind_value: null, expire_type: 'EXPIRATION_DATE', uses_per_user: null });
      form.setFields([{ name: 'kind_value', errors: [] }]);
    }
    if ('code' in changed && locked) setLocked(false);
  };

  const otherDisabled = locked;
  const valueHint =
    kind === 'MONEY_RECHARGE'
      ? t('form.valueHintMoney', { currency: new Intl.DisplayNames([moneyLocale], { type: 'currency' }).of(currency) ?? currency })
      : kind === 'KWH_RECHARGE'
        ? t('form.valueHintKwh')
        : kind === 'PERCENT_RECHARGE'
          ? t('form.valueHintPercent')
          : t('form.valueKindFirst');

  return (
    <Form<VoucherFormValues>
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={() => void submit()}
      onFinishFailed={() => message.error(t('form.invalid'))}
      onValuesChange={onValuesChange}
      aria-label={editing ? t('form.editTitle') : t('form.createTitle')}
      className="voucher-form"
      scrollToFirstError
    >
      <Card variant="borderless" className="section-card">
        <section className="form-section" aria-labelledby="voucher-details-title">
          <h3 className="voucher-section-title" id="voucher-details-title">
            {t('form.details')}
          </h3>
          {locked ? (
            <Alert type="warning" showIcon className="voucher-locked" title={t('form.codeLocked')} data-testid="voucher-locked" />
          ) : null}
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item
                name="code"
                label={t('form.code')}
                normalize={(v: string) => normaliseCode(v)}
                validateTrigger={['onChange', 'onBlur']}
                hasFeedback={checking}
                validateStatus={checking ? 'validating' : undefined}
                help={checking ? t('form.codeChecking') : undefined}
                rules={[
                  { required: true, whitespace: true, message: msg('codeRequired') },
                  { max: VOUCHER_CODE_MAX, message: msg('codeTooLong') },
                  { pattern: CODE_PATTERN, message: msg('codeInvalid') },
                ]}
              >
                <Input
                  maxLength={VOUCHER_CODE_MAX}
                  showCount
                  disabled={editing}
                  placeholder={t('form.codePlaceholder')}
                  autoComplete="off"
                  onBlur={() => void checkCode()}
                  className="voucher-code-input"
                  data-testid="voucher-code"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={16}>
              <Form.Item
                name="title"
                label={t('form.title')}
                rules={[
                  { required: true, whitespace: true, message: msg('titleRequired') },
                  { max: VOUCHER_TITLE_MAX, message: msg('titleTooLong') },
                ]}
              >
                <Input maxLength={VOUCHER_TITLE_MAX} showCount autoComplete="off" disabled={otherDisabled} data-testid="voucher-title" />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item
                name="description"
                label={t('form.description')}
                rules={[
                  { required: true, whitespace: true, message: msg('descriptionRequired') },
                  { max: VOUCHER_DESCRIPTION_MAX, message: msg('descriptionTooLong') },
                ]}
              >
                <Input.TextArea
                  maxLength={VOUCHER_DESCRIPTION_MAX}
                  showCount
                  autoSize={{ minRows: 2, maxRows: 4 }}
                  disabled={otherDisabled}
                  data-testid="voucher-description"
                />
              </Form.Item>
            </Col>
            {!editing && tenants.length > 1 ? (
              <Col xs={24}>
                <Form.Item
                  name="tenant_pk"
                  label={t('form.tenant')}
                  extra={t('form.tenantHint')}
                  rules={[{ required: true, message: msg('tenantNotFound') }]}
                >
                  <Select
                    showSearch={foldedSearch()}
                    disabled={otherDisabled}
                    options={tenants.map((x) => ({ value: x.tenant_pk, label: x.name }))}
                    onChange={() => {
                      // Another network: its money, users and charge points differ.
                      form.setFieldsValue({ kind_value: null, charge_box_pks: [] });
                    }}
                    data-testid="voucher-tenant"
                  />
                </Form.Item>
              </Col>
            ) : null}
            <Col xs={24} md={8}>
              <Form.Item
                name="kind"
                label={t('form.kind')}
                extra={kindLocked ? msg('kindLocked') : undefined}
                rules={[{ required: true, message: msg('kindRequired') }]}
              >
                <Select
                  placeholder={t('form.kindPlaceholder')}
                  disabled={otherDisabled || kindLocked}
                  options={voucherKinds.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
                  data-testid="voucher-kind"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                name="kind_value"
                required
                label={t('form.value')}
                extra={valueHint}
                rules={[
                  {
                    validator: (_rule, value: number | null | undefined) => {
                      const error = kindValueError(form.getFieldValue('kind') as VoucherKind | undefined, value, currency);
                      return error ? Promise.reject(new Error(msg(error))) : Promise.resolve();
                    },
                  },
                ]}
              >
                <KindValueInput kind={kind} currency={currency} moneyLocale={moneyLocale} disabled={otherDisabled} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                name="units"
                required
                label={t('form.units')}
                rules={[
                  {
                    validator: (_rule, value: number | null | undefined) => {
                      const error = unitsError(value, users.length, originalUnits);
                      return error ? Promise.reject(new Error(msg(error))) : Promise.resolve();
                    },
                  },
                ]}
              >
                <DigitsInput disabled={otherDisabled} testId="voucher-units" />
              </Form.Item>
            </Col>
          </Row>
        </section>

        <section className="form-section" aria-labelledby="voucher-period-title">
          <h3 className="voucher-section-title" id="voucher-period-title">
            {t('form.period')}
          </h3>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="start" label={t('form.start')} rules={[{ required: true, message: msg('startRequired') }]}>
                <DatePicker
                  showTime={{ format: 'HH:mm' }}
                  needConfirm={false}
                  format={DATE_TIME}
                  className="full-width"
                  disabled={otherDisabled}
                  data-testid="voucher-start"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="expire"
                label={t('form.expire')}
                dependencies={['start']}
                rules={[
                  { required: true, message: msg('expireRequired') },
                  {
                    validator: (_rule, value: Dayjs | null | undefined) => {
                      const start = form.getFieldValue('start') as Dayjs | null | undefined;
                      return value && start && !value.isAfter(start)
                        ? Promise.reject(new Error(msg('startAfterExpire')))
                        : Promise.resolve();
                    },
                  },
                ]}
              >
                <DatePicker
                  showTime={{ format: 'HH:mm' }}
                  needConfirm={false}
                  format={DATE_TIME}
                  className="full-width"
                  disabled={otherDisabled}
                  data-testid="voucher-expire"
                />
              </Form.Item>
            </Col>
            {kind === 'PERCENT_RECHARGE' ? (
              <>
                <Col xs={24} md={12}>
                  <Form.Item name="expire_type" label={t('form.expireType')}>
                    <Radio.Group disabled={otherDisabled} data-testid="voucher-expire-type">
                      <Radio value="EXPIRATION_DATE">{t('form.EXPIRATION_DATE')}</Radio>
                      <Radio value="USES_PER_USER">{t('form.USES_PER_USER')}</Radio>
                    </Radio.Group>
                  </Form.Item>
                </Col>
                {expireType === 'USES_PER_USER' ? (
                  <Col xs={24} md={12}>
                    <Form.Item
                      name="uses_per_user"
                      required
                      label={t('form.usesPerUser')}
                      rules={[
                        {
                          validator: (_rule, value: number | null | undefined) => {
                            if (value === null || value === undefined) return Promise.reject(new Error(msg('usesPerUserRequired')));
                            if (value < 1) return Promise.reject(new Error(msg('usesPerUserMin')));
                            if (value > VOUCHER_USES_PER_USER_MAX) return Promise.reject(new Error(msg('usesPerUserMax')));
                            return Promise.resolve();
                          },
                        },
                      ]}
                    >
                      <DigitsInput disabled={otherDisabled} testId="voucher-uses" />
                    </Form.Item>
                  </Col>
                ) : null}
              </>
            ) : null}
          </Row>
        </section>

        <section className="form-section" aria-labelledby="voucher-chargers-title">
          <h3 className="voucher-section-title" id="voucher-chargers-title">
            {t('form.chargers')}
          </h3>
          <Form.Item name="charge_mode">
            <Radio.Group disabled={otherDisabled} aria-labelledby="voucher-chargers-title" data-testid="voucher-charge-mode">
              <Radio value="all">{t('form.allChargers')}</Radio>
              <Radio value="some">{t('form.someChargers')}</Radio>
            </Radio.Group>
          </Form.Item>
          {chargeMode === 'some' ? (
            <Form.Item
              name="charge_box_pks"
              label={t('form.chargersPick')}
              rules={[{ required: true, type: 'array', min: 1, message: msg('chargeBoxRequired') }]}
            >
              <StationSelect
                mode="multiple"
                allowClear
                disabled={otherDisabled}
                placeholder={t('form.chargersPlaceholder')}
                knownLabels={knownStations}
                tenantPk={tenantPk}
                errorText={t('form.chargersLoadError')}
                data-testid="voucher-chargers"
              />
            </Form.Item>
          ) : null}
        </section>

        {editing ? (
          <section className="form-section">
            <div className="switch-row">
              <div className="switch-row__text">
                <label htmlFor="voucher-active" className="switch-row__label">
                  {t('form.active')}
                </label>
                <span className="switch-row__description" id="voucher-active-description">
                  {t('form.activeHint')}
                </span>
              </div>
              <Form.Item name="active" valuePropName="checked" noStyle>
                <Switch id="voucher-active" aria-describedby="voucher-active-description" data-testid="voucher-active" />
              </Form.Item>
            </div>
          </section>
        ) : null}

        <section className="form-section" aria-labelledby="voucher-users-title">
          <div className="voucher-section-head">
            <h3 className="voucher-section-title" id="voucher-users-title">
              {t('form.users')}
              <span className="voucher-muted" data-testid="voucher-users-count">
                {' · '}
                {users.length ? t('form.usersCount', { count: users.length }) : t('form.usersNone')}
              </span>
            </h3>
            <Button
              icon={<TeamOutlined aria-hidden="true" />}
              onClick={() => void toUsers()}
              disabled={otherDisabled}
              data-testid="voucher-select-users"
            >
              {t('form.selectUsers')}
            </Button>
          </div>
          {usersError ? <Alert type="error" showIcon title={usersError} className="voucher-users-error" /> : null}
          {users.length ? (
            <ul className="voucher-chosen" aria-labelledby="voucher-users-title">
              {users.map((u) => (
                <li key={u.user_pk} className="voucher-chosen__item">
                  <span className="voucher-chosen__name">{u.user_name}</span>
                  {u.email ? <span className="voucher-muted">{u.email}</span> : null}
                </li>
              ))}
            </ul>
          ) : null}
        </section>

        <FormFooter
          hint={t('form.mandatory')}
          cancelLabel={t('form.cancel')}
          onCancel={back}
          submitLabel={editing ? t('form.save') : t('form.create')}
          saving={save.isPending}
          disabled={locked || checking}
          submitTestId="voucher-submit"
        />
      </Card>
    </Form>
  );
}
