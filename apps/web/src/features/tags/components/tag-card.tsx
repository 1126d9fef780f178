import { Button, Descriptions } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Tag } from '@recarga/contracts/tags';
import { useFeedback } from '../../../lib/use-feedback';
import { useDeleteTag } from '../api/delete-tag';

/** A tag's expanded card (001 §2): owner, parent, free recharge, note; Edit and Delete with their permissions. */
export function TagCard({ tag, canEdit, canDelete }: { tag: Tag; canEdit: boolean; canDelete: boolean }) {
  const { t } = useTranslation('tags');
  const { modal, message } = useFeedback();
  const navigate = useNavigate();
  const remove = useDeleteTag();

  const confirmDelete = () =>
    modal.confirm({
      title: t('delete.title', { id: tag.idTag }),
      content: t('delete.text'),
      okText: t('delete.ok'),
      okButtonProps: { danger: true, 'data-testid': 'tag-delete-ok' } as never,
      cancelText: t('delete.cancel'),
      onOk: async () => {
        try {
          await remove.mutateAsync(tag.ocppTagPk);
          message.success(t('delete.done'));
        } catch {
          message.error(t('delete.failed'));
        }
      },
    });

  return (
    <div className="tag-card" data-testid={`tag-card-${tag.idTag}`}>
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} colon={false}>
        <Descriptions.Item label={t('card.ownerId')}>{tag.ownerUserPk ?? tag.parentUserPk ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('card.owner')}>{tag.ownerUserName ?? tag.parentUserName ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('card.freeRecharge')}>{tag.isFreeRecharge ? t('card.yes') : t('card.no')}</Descriptions.Item>
        <Descriptions.Item label={t('card.parent')}>{tag.parentIdTag ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('card.status')}>{tag.inactive ? t('card.inactive') : t('card.active')}</Descriptions.Item>
        <Descriptions.Item label={t('card.note')}>{tag.note || '—'}</Descriptions.Item>
      </Descriptions>
      {canEdit || canDelete ? (
        <div className="tag-card__actions">
          {canEdit ? (
            <Button icon={<EditOutlined aria-hidden="true" />} onClick={() => navigate(`/ocpptags/edit/${tag.ocppTagPk}`)}>
              {t('card.edit')}
            </Button>
          ) : null}
          {canDelete ? (
            <Button danger icon={<DeleteOutlined aria-hidden="true" />} onClick={confirmDelete} data-testid="tag-delete">
              {t('card.delete')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
