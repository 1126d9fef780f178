import { useState } from 'react';
import { Button, Skeleton } from 'antd';
import { ArrowLeftOutlined, GlobalOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PricingDetail, PricingDetailList, Weekday } from '@recarga/contracts/dynamic-pricing';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { isApiError } from '../../../lib/api-error';
import { useFeedback } from '../../../lib/use-feedback';
import { usePricingDetails } from '../api/get-pricing-details';
import { useSavePricingDetails } from '../api/save-pricing-details';
import { ExceptionList } from '../components/exception-list';
import { PricingBreadcrumb } from '../components/pricing-breadcrumb';
import { ProfileNotFound } from '../components/profile-not-found';
import { usePriceFormat } from '../components/use-price-format';
import { WeekdayRows } from '../components/weekday-rows';
import { generalOf, toForm, windowsOf, withDay, withoutDetail } from '../model/detail-list';
import { exceptionDatesText } from '../model/exception-dates';
import { hasEnergyOrTimePrice } from '../model/price-values';
import { weekdaySlug } from '../model/weekdays';
import '../dynamic-pricing.css';

/** A missing profile answers 404; a malformed id 400. */
const isNotFound = (error: unknown) => isApiError(error) && (error.status === 404 || error.status === 400);

/**
 * /dynamic-pricing/{id} (002 §2): the weekday rows, Monday to Sunday, with each day's switch, and the
 * side panel of exceptions (edit, delete after confirming, add). Every change saves the whole list
 * as the profile's next version.
 */
export function PricingProfilePage() {
  const { t } = useTranslation('dynamicPricing');
  const { id } = useParams();
  const details = usePricingDetails(id);

  if (details.isLoading) {
    return (
      <div className="screen pricing" aria-busy="true">
        <Skeleton active title={{ width: 240 }} paragraph={{ rows: 8 }} />
      </div>
    );
  }
  if (details.isError || !details.data) {
    return isNotFound(details.error) ? (
      <ProfileNotFound text={t('messages.notFound')} />
    ) : (
      <div className="screen pricing">
        <LoadError title={t('profile.loadError')} retryText={t('list.retry')} onRetry={() => void details.refetch()} />
      </div>
    );
  }
  return <ProfileView profileId={id!} data={details.data} />;
}

function ProfileView({ profileId, data }: { profileId: string; data: PricingDetailList }) {
  const { t } = useTranslation('dynamicPricing');
  const { message, modal } = useFeedback();
  const navigate = useNavigate();
  const format = usePriceFormat(data.currency);
  const save = useSavePricingDetails(profileId);
  const [busyDay, setBusyDay] = useState<Weekday | null>(null);
  const list = data.dynamicPricingDetailList;

  const toggleDay = (day: Weekday, on: boolean) => {
    const general = generalOf(list, day);
    const path = `/dynamic-pricing/${profileId}/${weekdaySlug(day)}`;
    if (on && (!general || !hasEnergyOrTimePrice(general))) {
      // A day is switched on with its prices: its screen opens with the switch on.
      message.info(t('profile.needsPrices', { day: t(`weekdays.${day}`) }));
      void navigate(path, { state: { activate: true } });
      return;
    }
    if (!general) return;
    setBusyDay(day);
    const rows = [{ ...toForm(general), active: on }, ...windowsOf(list, day).map(toForm)];
    save.mutate(withDay(list, day, rows).list, {
      onSuccess: () => void message.success(t('messages.saved')),
      onError: () => void message.error(t('messages.saveFailed')),
      onSettled: () => setBusyDay(null),
    });
  };

  const confirmDelete = (exception: PricingDetail) =>
    modal.confirm({
      title: t('profile.deleteConfirm', { date: exceptionDatesText(exception.startDate, exception.endDate) }),
      okText: t('profile.delete'),
      cancelText: t('profile.cancel'),
      okButtonProps: { danger: true, 'data-testid': 'exception-delete-ok' } as never,
      autoFocusButton: 'cancel',
      onOk: async () => {
        try {
          await save.mutateAsync(withoutDetail(list, exception.dynamicPricingDetailUuid));
          message.success(t('messages.saved'));
        } catch {
          message.error(t('messages.saveFailed'));
        }
      },
    });

  return (
    <div className="screen pricing">
      <PricingBreadcrumb profileId={profileId} profileName={data.name} />
      <PageHeader
        title={data.name}
        subtitle={data.version ? t('profile.version', { version: data.version }) : t('list.noVersion')}
        extra={
          <Button icon={<ArrowLeftOutlined aria-hidden="true" />} onClick={() => void navigate('/dynamic-pricing')}>
            {t('profile.backToList')}
          </Button>
        }
      />
      <p className="pricing-zone" data-testid="pricing-zone">
        <GlobalOutlined aria-hidden="true" /> {t('profile.zone', { zone: data.timeZone })}
      </p>
      <div className="pricing-layout">
        <section className="pricing-panel" aria-labelledby="weekdays-title">
          <div className="pricing-panel__head">
            <h3 id="weekdays-title" className="pricing-panel__title">
              {t('profile.weekdays')}
            </h3>
          </div>
          <WeekdayRows profileId={profileId} list={list} format={format} busyDay={busyDay} onToggle={toggleDay} />
        </section>
        <ExceptionList
          list={list}
          format={format}
          busy={save.isPending}
          onAdd={() => void navigate(`/dynamic-pricing/${profileId}/exception`)}
          onEdit={(e) => void navigate(`/dynamic-pricing/${profileId}/exception`, { state: { detailUuid: e.dynamicPricingDetailUuid } })}
          onDelete={confirmDelete}
        />
      </div>
    </div>
  );
}
