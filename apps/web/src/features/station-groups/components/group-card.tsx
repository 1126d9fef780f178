import { Button, Empty, Skeleton, Tag, Typography } from 'antd';
import { EditOutlined, EnvironmentOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Group } from '@recarga/contracts/station-groups';
import { useGroup } from '../api/get-group';

/** Expanded row of the group list: the group's stations and an edit link. */
export function GroupCard({ group, canEdit }: { group: Group; canEdit: boolean }) {
  const { t } = useTranslation('stationGroups');
  const navigate = useNavigate();
  const { data, isLoading, isError } = useGroup(group.chargeBoxGroupPk);
  const coords =
    group.locationLatitude !== null && group.locationLongitude !== null
      ? `${group.locationLatitude.toFixed(6)}, ${group.locationLongitude.toFixed(6)}`
      : '—';

  return (
    <section className="group-card" aria-label={t('card.label', { name: group.name })} data-testid={`group-card-${group.chargeBoxGroupPk}`}>
      <div className="group-card__head">
        <div>
          <Typography.Title level={5} className="group-card__title">
            {t('card.stations', { count: data?.chargePoints.length ?? group.stationCount })}
          </Typography.Title>
          <Typography.Text type="secondary">
            <EnvironmentOutlined aria-hidden="true" /> {coords}
          </Typography.Text>
        </div>
        {canEdit ? (
          <Button
            icon={<EditOutlined aria-hidden="true" />}
            onClick={() => navigate(`/station_groups/edit/${group.chargeBoxGroupPk}`)}
            data-testid="edit-group"
          >
            {t('card.edit')}
          </Button>
        ) : null}
      </div>
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : isError ? (
        <Typography.Text type="danger">{t('card.loadError')}</Typography.Text>
      ) : !data || data.chargePoints.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('card.noStations')} />
      ) : (
        <ul className="group-card__stations">
          {data.chargePoints.map((s) => (
            <li key={s.chargeBoxPk} className="group-card__station">
              <span className="group-card__station-name">{s.description || s.chargeBoxId}</span>
              <code className="group-card__station-id">{s.chargeBoxId}</code>
              <span className="group-card__station-place">{[s.city, s.state].filter(Boolean).join(' · ')}</span>
              {!s.active ? <Tag variant="filled">{t('card.disabled')}</Tag> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
