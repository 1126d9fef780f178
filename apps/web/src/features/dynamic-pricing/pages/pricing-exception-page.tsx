import { useEffect, useMemo, useRef, useState } from 'react';
import { DatePicker, Form, Radio, Skeleton } from 'antd';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import type { PricingDetail, PricingDetailList } from '@recarga/contracts/dynamic-pricing';
import { FormFooter } from '../../../components/form-footer';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { useLeaveGuard } from '../../../components/use-leave-guard';
import { isApiError } from '../../../lib/api-error';
import { dateFormat } from '../../../lib/format/date-time';
import { useFeedback } from '../../../lib/use-feedback';
import { usePricingDetails } from '../api/get-pricing-details';
import { useSavePricingDetails } from '../api/save-pricing-details';
import { PriceFields } from '../components/price-fields';
import { PricingBreadcrumb } from '../components/pricing-breadcrumb';
import { ProfileNotFound } from '../components/profile-not-found';
import { usePriceFormat } from '../components/use-price-format';
import { withException } from '../model/detail-list';
import { exceptionRow, exceptionValuesOf, otherSpans } from '../model/exception-form';
import { exceptionKinds, validateException, type ExceptionKind, type ExceptionValues } from '../model/exception-rules';
import { moneyFields, percentFields, type PriceValues } from '../model/price-values';
import { placeServerErrors } from '../model/server-fields';
import '../dynamic-pricing.css';

interface ExceptionForm extends PriceValues {
  kind: ExceptionKind;
  startDate: Dayjs | null;
  endDate: Dayjs | null;
}

const DAY = 'YYYY-MM-DD';
const toForm = (v: ExceptionValues): ExceptionForm => ({
  ...v,
  startDate: v.startDate ? dayjs(v.startDate) : null,
  endDate: v.endDate ? dayjs(v.endDate) : null,
});
const fromForm = (f: ExceptionForm): ExceptionValues => ({
  ...f,
  startDate: f.startDate ? f.startDate.format(DAY) : null,
  endDate: f.endDate ? f.endDate.format(DAY) : null,
});

/** The fields a server refusal may name on this screen. */
const formFields = new Set<string>([...moneyFields, ...percentFields, 'startDate', 'endDate']);
const checked = ['startDate', 'endDate', 'kwhPrice'];
/** 002 §9: a form goes back one second after its success. */
const REDIRECT_MS = 1000;

/**
 * /dynamic-pricing/{id}/exception (002 §2, §4, §5): a new exception, or the one whose uuid the
 * profile screen passed in the navigation state — a single day (1) or a period (2), with its prices.
 */
export function PricingExceptionPage() {
  const { t } = useTranslation('dynamicPricing');
  const { id } = useParams();
  const location = useLocation();
  const details = usePricingDetails(id);
  const uuid = (location.state as { detailUuid?: unknown } | null)?.detailUuid;
  const editing = typeof uuid === 'string' ? uuid : undefined;

  if (details.isLoading) {
    return (
      <div className="screen pricing" aria-busy="true">
        <Skeleton active title={{ width: 240 }} paragraph={{ rows: 8 }} />
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
  const saved = editing
    ? details.data.dynamicPricingDetailList.find((d) => d.exception && d.dynamicPricingDetailUuid === editing)
    : undefined;
  if (editing && !saved) {
    return <ProfileNotFound text={t('exception.notFound')} backTo={`/dynamic-pricing/${id}`} backLabel={t('profile.backToProfile')} />;
  }
  return <ExceptionEditor profileId={id!} data={details.data} saved={saved} />;
}

function ExceptionEditor({ profileId, data, saved }: { profileId: string; data: PricingDetailList; saved: PricingDetail | undefined }) {
  const { t } = useTranslation('dynamicPricing');
  const { message } = useFeedback();
  const navigate = useNavigate();
  const format = usePriceFormat(data.currency);
  const save = useSavePricingDetails(profileId);
  const list = data.dynamicPricingDetailList;
  const initial = useMemo(() => toForm(exceptionValuesOf(saved)), [saved]);
  const others = useMemo(() => otherSpans(list, saved?.dynamicPricingDetailUuid), [list, saved]);
  const [form] = Form.useForm<ExceptionForm>();
  const [dirty, setDirty] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const leave = useLeaveGuard(dirty);
  const [done, setDone] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const watched = Form.useWatch([], form);
  const kind = (Form.useWatch('kind', form) as ExceptionKind | undefined) ?? initial.kind;
  const back = `/dynamic-pricing/${profileId}`;
  const title = saved ? t('exception.editTitle') : t('exception.createTitle');

  const showMessages = useMemo(
    () => (values: ExceptionValues, all: boolean) => {
      // Before a save is tried, only what the dates chosen already break.
      const messages = validateException(values, others).filter((m) => all || (m.key !== 'dayRequired' && m.key !== 'priceRequired'));
      const byName = new Map(messages.map((m) => [m.name[0], m.key]));
      form.setFields(
        checked.map((name) => {
          const key = byName.get(name);
          return { name: name as never, errors: key ? [t(`messages.${key}`)] : [] };
        }),
      );
      return messages;
    },
    [form, others, t],
  );

  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    // Once saved, the profile's list holds this exception too: nothing more to check before going back.
    if (watched && !done) showMessages(fromForm(form.getFieldsValue(true) as ExceptionForm), submitted);
  }, [watched, submitted, done, form, showMessages]);

  const submit = () => {
    const values = fromForm(form.getFieldsValue(true) as ExceptionForm);
    setSubmitted(true);
    const messages = showMessages(values, true);
    if (messages.length) {
      form.scrollToField(messages[0]!.name as never, { block: 'center' });
      return;
    }
    const { list: sent, offset } = withException(list, exceptionRow(values, saved));
    void save.mutateAsync(sent).then(
      () => {
        leave.release();
        setDone(true);
        message.success(t('messages.saved'));
        timer.current = setTimeout(() => void navigate(back), REDIRECT_MS);
      },
      (error: unknown) => {
        const { placed, unplaced } = placeServerErrors(isApiError(error) ? error.body?.fields : undefined, (index, field) =>
          index === offset && formFields.has(field) ? [field] : null,
        );
        form.setFields(placed.map((p) => ({ name: p.name as never, errors: [p.key ? t(`messages.${p.key}`) : t('form.invalid')] })));
        if (placed[0]) form.scrollToField(placed[0].name as never, { block: 'center' });
        message.error(t('messages.saveFailed'));
        for (const u of unplaced) if (u.key) message.error(t(`messages.${u.key}`));
      },
    );
  };

  return (
    <div className="screen pricing">
      <PricingBreadcrumb profileId={profileId} profileName={data.name} current={title} />
      <PageHeader title={title} subtitle={t('exception.subtitle', { profile: data.name, zone: data.timeZone })} />
      <Form<ExceptionForm>
        form={form}
        layout="vertical"
        requiredMark
        initialValues={initial}
        onValuesChange={() => setDirty(true)}
        onFinish={submit}
        className="exception-form"
        data-testid="exception-form"
      >
        <section className="pricing-panel" aria-labelledby="exception-dates-title">
          <div className="pricing-panel__head">
            <h3 id="exception-dates-title" className="pricing-panel__title">
              {t('exception.when')}
            </h3>
          </div>
          <Form.Item name="kind" label={t('exception.kind')} required>
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              options={[
                { value: exceptionKinds.day, label: t('exception.day') },
                { value: exceptionKinds.period, label: t('exception.period') },
              ]}
            />
          </Form.Item>
          <div className="exception-form__dates">
            <Form.Item name="startDate" label={kind === exceptionKinds.period ? t('exception.startDate') : t('exception.date')} required>
              <DatePicker format={dateFormat} className="full-width" />
            </Form.Item>
            {kind === exceptionKinds.period ? (
              <Form.Item name="endDate" label={t('exception.endDate')} required>
                <DatePicker format={dateFormat} className="full-width" />
              </Form.Item>
            ) : null}
          </div>
          <p className="pricing-note">{t('exception.datesHint')}</p>
        </section>
        <section className="pricing-panel" aria-labelledby="exception-prices-title">
          <div className="pricing-panel__head">
            <h3 id="exception-prices-title" className="pricing-panel__title">
              {t('exception.prices')}
            </h3>
          </div>
          <p className="pricing-note">{t('exception.pricesHint')}</p>
          <PriceFields name={[]} path={[]} format={format} testId="exception" />
        </section>
        <FormFooter
          cancelLabel={t('profile.cancel')}
          onCancel={() => void navigate(back)}
          submitLabel={t('exception.save')}
          saving={save.isPending || done}
          submitTestId="exception-save"
        />
      </Form>
    </div>
  );
}
