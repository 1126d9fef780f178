import { type ReactNode } from 'react';
import { Button, Tag as Chip, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Tag } from '@recarga/contracts/tags';
import { RecordCardDetailsButton, RecordCards, useOpenCards } from '../../../components/record-cards';
import { TagCard } from './tag-card';

interface Props {
  tags: readonly Tag[];
  /** Several networks in the user's scope: the card names the tag's. */
  showTenant: boolean;
  canEdit: boolean;
  canDelete: boolean;
  busy: boolean;
  /** The pager, under the cards. */
  footer: ReactNode;
}

/**
 * The tag list on a phone: one card per tag with its id, whether it is inactive or in a recharge, its
 * user, its type (and network); Edit, and Details opening the table's expanded row (owner, parent,
 * free recharge, note, Delete).
 */
export function TagRecordCards({ tags, showTenant, canEdit, canDelete, busy, footer }: Props) {
  const { t } = useTranslation('tags');
  const navigate = useNavigate();
  const { isOpen: opened, toggle } = useOpenCards<number>();

  return (
    <RecordCards
      items={tags}
      itemKey={(tag) => tag.ocppTagPk}
      label={t('list.title')}
      busy={busy}
      footer={footer}
      data-testid="tag-cards"
      render={(tag) => {
        const isOpen = opened(tag.ocppTagPk);
        const user = tag.ownerUserName ?? tag.parentUserName;
        return {
          testId: 'tag-record-card',
          title: <span className={tag.inactive ? 'tag-id tag-id--inactive' : 'tag-id'}>{tag.idTag}</span>,
          tags: (
            <>
              {tag.inactive ? <Chip variant="filled">{t('card.inactive')}</Chip> : null}
              <span
                className={tag.inTransaction ? 'charging-dot charging-dot--on' : 'charging-dot charging-dot--waiting'}
                data-testid="tag-charging"
              >
                {tag.inTransaction ? t('charging.yes') : t('charging.no')}
              </span>
            </>
          ),
          facts: [
            {
              key: 'user',
              label: t('columns.user'),
              wide: true,
              value: user ? (
                <div className="tag-user">
                  <span>{user}</span>
                  {tag.userEmail ? <Typography.Text type="secondary">{tag.userEmail}</Typography.Text> : null}
                </div>
              ) : (
                '—'
              ),
            },
            { key: 'type', label: t('columns.type'), value: t(`type.${tag.type}`) },
            ...(showTenant ? [{ key: 'tenant', label: t('columns.tenant'), value: tag.tenantName }] : []),
          ],
          actions: (
            <>
              <RecordCardDetailsButton
                open={isOpen}
                onToggle={() => toggle(tag.ocppTagPk)}
                aria-label={t('cards.detailsOf', { id: tag.idTag })}
                data-testid="tag-card-details"
              >
                {t('cards.details')}
              </RecordCardDetailsButton>
              {canEdit ? (
                <Button
                  icon={<EditOutlined aria-hidden="true" />}
                  aria-label={t('cards.editOf', { id: tag.idTag })}
                  onClick={() => navigate(`/ocpptags/edit/${tag.ocppTagPk}`)}
                  data-testid="tag-card-edit"
                >
                  {t('card.edit')}
                </Button>
              ) : null}
            </>
          ),
          // Edit is at the card's foot already; Delete stays in the details, as in the table's expanded row.
          details: isOpen ? <TagCard tag={tag} canEdit={false} canDelete={canDelete} /> : undefined,
        };
      }}
    />
  );
}
