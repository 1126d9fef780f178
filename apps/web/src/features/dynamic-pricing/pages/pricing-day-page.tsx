import { useEffect, useMemo, useState } from 'react';
import { Form, Skeleton } from 'antd';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import type { PricingDetailList, Weekday } from '@recarga/contracts/dynamic-pricing';
import { FormFooter } from '../../../components/form-footer';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { SwitchField } from '../../../components/switch-field';
import { useLeaveGuard } from '../../../components/use-leave-guard';
import { isApiError } from '../../../lib/api-error';
import { useFeedback } from '../../../lib/use-feedback';
import { usePricingDetails } from '../api/get-pricing-details';
import { useSavePricingDetails } from '../api/save-pricing-details';
import { DayWindows } from '../components/day-windows';
import { PriceFields } from '../components/price-fields';
import { PricingBreadcrumb } from '../components/pricing-breadcrumb';
import { ProfileNotFound } from '../components/profile-not-found';
import { usePriceFormat } from '../components/use-price-format';
import { dayRows, dayValuesOf } from '../model/day-form';
import { validateDay, type DayValues, type FieldMessage } from '../model/day-rules';
import { generalOf, withDay } from '../model/detail-list';
import { moneyFields, percentFields, type PriceValues } from '../model/price-values';
import { placeServerErrors } from '../model/server-fields';
import { weekdayOfSlug } from '../model/weekdays';
import '../dynamic-pricing.css';

/** A window as its form holds it: the pickers' times. */
interface WindowForm extends PriceValues {
  uuid?: string;
  startTime: Dayjs | null;
  endTime: Dayjs | null;
}
interface DayForm {
  active: boolean;
  general: PriceValues;
  windows: WindowForm[];
}

const pickerOf = (time: string | null) =>
  time
    ? dayjs()
        .startOf('day')
        .hour(Number(time.slice(0, 2)))
        .minute(Number(time.slice(3, 5)))
    : null;
const timeOf = (value: Dayjs | null | undefined) => (value ? value.format('HH:mm') : null);

const toForm = (v: DayValues): DayForm => ({
  ...v,
  windows: v.windows.map((w) => ({ ...w, startTime: pickerOf(w.startTime), endTime: pickerOf(w.endTime) })),
});
const fromForm = (f: DayForm): DayValues => ({
  active: Boolean(f.active),
  general: f.general,
  windows: (f.windows ?? []).map((w) => ({ ...w, startTime: timeOf(w.startTime), endTime: timeOf(w.endTime) })),
});

/** The fields a server refusal may name on this screen. */
const formFields = new Set<string>([...moneyFields, ...percentFields, 'startTime', 'endTime']);

/** A window with both edges picked: its order and clashes are said at once, before any save. */
const picked = (values: DayValues, m: FieldMessage) => {
  if (m.name[0] !== 'windows') return false;
  const w = values.windows[m.name[1] as number];
  return Boolean(w?.startTime && w.endTime);
};

/**
 * /dynamic-pricing/{id}/{weekday} (002 §2, §4, §5): the day's switch and general prices, and its time
 * windows. Saving sends the profile's whole list with this day's rows replaced (the other days and
 * the exceptions unchanged).
 */
export function PricingDayPage() {
  const { t } = useTranslation('dynamicPricing');
  const { id, weekday } = useParams();
  const location = useLocation();
  const day = weekdayOfSlug(weekday);
  const details = usePricingDetails(day ? id : undefined);
  const activate = (location.state as { activate?: unknown } | null)?.activate === true;

  if (!day) {
    return <ProfileNotFound text={t('day.notFound')} backTo={`/dynamic-pricing/${id}`} backLabel={t('profile.backToProfile')} />;
  }
  if (details.isLoading) {
    return (
      <div className="screen pricing" aria-busy="true">
        <Skeleton active title={{ width: 240 }} paragraph={{ rows: 10 }} />
      </div>
    );
  }
  if (details.isError || !details.data) {
    return isApiError(details.error) && (details.error.status === 404 || details.error.status === 400) ? (
      <ProfileNotFound text={t('messages.notFound')} />
    ) : (
      <div className="screen pricing">
        <LoadError title={t('profile.loadError')} retryText={t('list.retry')} onRetry={() => void details.refetch()} />
      </div>
    );
  }
  // A new version (after a save) starts the form again from what was saved.
  return <DayEditor key={`${day}-${details.data.version}`} profileId={id!} day={day} data={details.data} activate={activate} />;
}

function DayEditor({ profileId, day, data, activate }: { profileId: string; day: Weekday; data: PricingDetailList; activate: boolean }) {
  const { t } = useTranslation('dynamicPricing');
  const { message } = useFeedback();
  const navigate = useNavigate();
  const location = useLocation();
  const format = usePriceFormat(data.currency);
  const save = useSavePricingDetails(profileId);
  const list = data.dynamicPricingDetailList;
  const initial = useMemo(() => toForm(dayValuesOf(list, day, activate)), [list, day, activate]);
  const [form] = Form.useForm<DayForm>();
  // Sent here to switch the day on: that is a change to save, unless the day is on already.
  const [dirty, setDirty] = useState(() => activate && !generalOf(list, day)?.active);
  const [submitted, setSubmitted] = useState(false);
  const leave = useLeaveGuard(dirty);
  const watched = Form.useWatch([], form);
  const active = (Form.useWatch('active', form) as boolean | undefined) ?? initial.active;
  const dayName = t(`weekdays.${day}`);

  /** Shows the rules' messages: all of them after a save was tried, before that only those of windows with both edges. */
  const showMessages = useMemo(
    () => (values: DayValues, all: boolean) => {
      const messages = validateDay(values).filter((m) => all || picked(values, m));
      const byName = new Map(messages.map((m) => [m.name.join('.'), m.key]));
      const names: (string | number)[][] = [
        ['general', 'kwhPrice'],
        ...values.windows.flatMap((_, i) => [
          ['windows', i, 'startTime'],
          ['windows', i, 'endTime'],
          ['windows', i, 'kwhPrice'],
        ]),
      ];
      form.setFields(
        names.map((name) => {
          const key = byName.get(name.join('.'));
          return { name: name as never, errors: key ? [t(`messages.${key}`)] : [] };
        }),
      );
      return messages;
    },
    [form, t],
  );

  useEffect(() => {
    if (watched) showMessages(fromForm(form.getFieldsValue(true) as DayForm), submitted);
  }, [watched, submitted, form, showMessages]);

  const submit = () => {
    const values = fromForm(form.getFieldsValue(true) as DayForm);
    setSubmitted(true);
    const messages = showMessages(values, true);
    if (messages.length) {
      form.scrollToField(messages[0]!.name as never, { block: 'center' });
      return;
    }
    const { list: sent, offset } = withDay(list, day, dayRows(day, generalOf(list, day)?.dynamicPricingDetailUuid, values));
    // Awaited rather than given callbacks: a save remounts this form (a new version), and the
    // callbacks of an unmounted caller are not called.
    void save.mutateAsync(sent).then(
      () => {
        leave.release();
        setDirty(false);
        message.success(t('messages.saved'));
        // The switch-on request is done with.
        if (activate) void navigate(location.pathname, { replace: true, state: null });
      },
      (error: unknown) => {
        const { placed, unplaced } = placeServerErrors(isApiError(error) ? error.body?.fields : undefined, (index, field) => {
          if (!formFields.has(field) || index < offset) return null;
          return index === offset ? ['general', field] : ['windows', index - offset - 1, field];
        });
        form.setFields(placed.map((p) => ({ name: p.name as never, errors: [p.key ? t(`messages.${p.key}`) : t('form.invalid')] })));
        if (placed[0]) form.scrollToField(placed[0].name as never, { block: 'center' });
        message.error(t('messages.saveFailed'));
        for (const u of unplaced) if (u.key) message.error(t(`messages.${u.key}`));
      },
    );
  };

  return (
    <div className="screen pricing">
      <PricingBreadcrumb profileId={profileId} profileName={data.name} current={dayName} />
      <PageHeader title={dayName} subtitle={t('day.subtitle', { profile: data.name, zone: data.timeZone })} />
      <Form<DayForm>
        form={form}
        layout="vertical"
        requiredMark
        initialValues={initial}
        onValuesChange={() => setDirty(true)}
        onFinish={submit}
        className="day-form"
        data-testid="day-form"
      >
        <section className="pricing-panel" aria-labelledby="day-general-title">
          <div className="pricing-panel__head">
            <h3 id="day-general-title" className="pricing-panel__title">
              {t('day.general')}
            </h3>
          </div>
          <SwitchField name="active" label={t('day.active', { day: dayName })} description={t('day.activeHint')} />
          <p className="pricing-note">{t('day.generalHint')}</p>
          <PriceFields name={['general']} path={['general']} format={format} testId="general" />
        </section>
        <section className="pricing-panel" aria-labelledby="day-windows-title">
          <div className="pricing-panel__head">
            <h3 id="day-windows-title" className="pricing-panel__title">
              {t('day.windows')}
            </h3>
          </div>
          <p className="pricing-note">{active ? t('day.windowsHint', { zone: data.timeZone }) : t('day.windowsOff')}</p>
          <DayWindows format={format} disabled={!active} onListChange={() => setDirty(true)} />
        </section>
        <FormFooter
          cancelLabel={t('profile.backToProfile')}
          onCancel={() => void navigate(`/dynamic-pricing/${profileId}`)}
          submitLabel={t('day.save')}
          saving={save.isPending}
          submitTestId="day-save"
        />
      </Form>
    </div>
  );
}
