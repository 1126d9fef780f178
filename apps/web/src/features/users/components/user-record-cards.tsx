import { type ReactNode } from 'react';
import { Button } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { UserListRow } from '@recarga/contracts/user-list';
import { RecordCardDetailsButton, RecordCards, useOpenCards } from '../../../components/record-cards';
import { useNumberFormat } from '../../../lib/format/use-number-format';
import { UserDetails } from './user-details';

interface Props {
  users: readonly UserListRow[];
  /** The user may open a user's record (Open). */
  canOpen: boolean;
  busy: boolean;
  /** The pager, under the cards. */
  footer: ReactNode;
}

/**
 * The user list on a phone: one card per user with name and e-mail, whether they are charging, their
 * recharges, consumption, tag and document (and car when known); Open, and Details opening the table's
 * expanded row (wallet statement and recent events).
 */
export function UserRecordCards({ users, canOpen, busy, footer }: Props) {
  const { t } = useTranslation('users');
  const fmt = useNumberFormat();
  const navigate = useNavigate();
  const { isOpen: opened, toggle } = useOpenCards<number>();

  return (
    <RecordCards
      items={users}
      itemKey={(u) => u.user_pk}
      label={t('list.title')}
      busy={busy}
      footer={footer}
      data-testid="user-cards"
      render={(u) => {
        const isOpen = opened(u.user_pk);
        const charging = u.chargingStatus === 'Charging';
        const car = [u.car_brand_name, u.car_model_name].filter(Boolean).join(' ');
        return {
          testId: 'user-record-card',
          title: u.user_name,
          subtitle: u.email,
          tags: (
            <span className={charging ? 'charging-dot charging-dot--on' : 'charging-dot'}>
              {charging ? t('list.charging') : t('list.idle')}
            </span>
          ),
          facts: [
            { key: 'recharges', label: t('list.columns.recharges'), value: fmt.integer(u.recharges) },
            { key: 'consumption', label: t('list.columns.consumption'), value: `${fmt.decimal(u.consumption / 1000, 2)} kWh` },
            { key: 'tag', label: t('list.columns.tag'), value: <span className="user-tag">{u.ocpp_id_tag ?? '—'}</span> },
            {
              key: 'document',
              label: t('list.columns.document'),
              value: u.docNumber ? `${u.docType ?? ''} ${u.docNumber}`.trim() : '—',
            },
            ...(car ? [{ key: 'car', label: t('list.columns.car'), value: car, wide: true }] : []),
          ],
          actions: (
            <>
              <RecordCardDetailsButton
                open={isOpen}
                onToggle={() => toggle(u.user_pk)}
                aria-label={t('cards.detailsOf', { name: u.user_name })}
                data-testid="user-card-details"
              >
                {t('cards.details')}
              </RecordCardDetailsButton>
              {canOpen ? (
                <Button
                  icon={<UserOutlined aria-hidden="true" />}
                  aria-label={t('cards.openOf', { name: u.user_name })}
                  onClick={() => navigate(`/user/${u.user_pk}`)}
                  data-testid="user-card-open"
                >
                  {t('list.open')}
                </Button>
              ) : null}
            </>
          ),
          details: isOpen ? <UserDetails userPk={u.user_pk} /> : undefined,
        };
      }}
    />
  );
}
