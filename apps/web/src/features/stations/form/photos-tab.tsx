import { useEffect, useRef, useState } from 'react';
import { Form, Image, Typography, Upload, type UploadFile } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MAX_PHOTO_BYTES, MAX_STATION_PHOTOS } from '@recarga/contracts/stations';
import { downloadFile } from '../../../lib/download-file';
import { useFeedback } from '../../../lib/use-feedback';
import type { PhotoFormValue } from './station-form-model';

const ACCEPTED = ['image/jpeg', 'image/png'];

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/** Object URLs of the stored photos (their files need the bearer token, so they are fetched). */
function useStoredPhotoUrls(chargeBoxId: string | null, photos: PhotoFormValue[]): Record<string, string> {
  const [urls, setUrls] = useState<Record<string, string>>({});
  const key = photos
    .filter((p) => p.stored)
    .map((p) => p.uid)
    .join(',');
  useEffect(() => {
    if (!chargeBoxId || !key) return undefined;
    let cancelled = false;
    const created: string[] = [];
    void Promise.all(
      key.split(',').map(async (uid) => {
        try {
          const file = await downloadFile({ path: `chargepoints/${encodeURIComponent(chargeBoxId)}/photos/${uid}/`, accept: 'image/*' });
          const url = URL.createObjectURL(file.blob);
          created.push(url);
          return [uid, url] as const;
        } catch {
          return [uid, ''] as const;
        }
      }),
    ).then((entries) => {
      if (!cancelled) setUrls(Object.fromEntries(entries.filter(([, url]) => url)));
    });
    return () => {
      cancelled = true;
      for (const url of created) URL.revokeObjectURL(url);
    };
  }, [chargeBoxId, key]);
  return urls;
}

interface UploaderProps {
  value?: PhotoFormValue[];
  onChange?: (value: PhotoFormValue[]) => void;
  chargeBoxId: string | null;
}

/**
 * Up to 3 photos, jpeg or png, under 10 MB each, no two with the same name (001 §5); the four
 * messages of 001 §8. New photos travel as base64 in the station payload.
 */
function PhotoUploader({ value = [], onChange, chargeBoxId }: UploaderProps) {
  const { t } = useTranslation('stations');
  const { message } = useFeedback();
  const current = useRef(value);
  current.current = value;
  const [preview, setPreview] = useState<string | null>(null);
  const storedUrls = useStoredPhotoUrls(chargeBoxId, value);

  const fileList: UploadFile[] = value.map((p) => ({
    uid: p.uid,
    name: p.name,
    status: 'done',
    thumbUrl: p.base64 ?? storedUrls[p.uid],
    url: p.base64 ?? storedUrls[p.uid],
  }));

  const add = async (file: File) => {
    const list = current.current;
    if (!ACCEPTED.includes(file.type)) {
      message.error(t('photos.type'));
      return;
    }
    if (file.size >= MAX_PHOTO_BYTES) {
      message.error(t('photos.size'));
      return;
    }
    if (list.some((p) => p.name.toLowerCase() === file.name.toLowerCase())) {
      message.error(t('photos.duplicate'));
      return;
    }
    if (list.length >= MAX_STATION_PHOTOS) {
      message.error(t('photos.max'));
      return;
    }
    // Reserve the slot before reading, so files chosen together are counted and named correctly.
    const uid = `new-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    const placeholder: PhotoFormValue = { uid, name: file.name, status: 'uploading' };
    current.current = [...list, placeholder];
    onChange?.(current.current);
    try {
      const base64 = await readAsDataUrl(file);
      current.current = current.current.map((p) => (p.uid === uid ? { uid, name: file.name, base64, status: 'done' } : p));
    } catch {
      current.current = current.current.filter((p) => p.uid !== uid);
      message.error(t('photos.error'));
    }
    onChange?.(current.current);
  };

  return (
    <>
      <Upload
        listType="picture-card"
        accept=".jpg,.jpeg,.png,image/jpeg,image/png"
        multiple
        fileList={fileList}
        beforeUpload={(file) => {
          void add(file);
          return Upload.LIST_IGNORE;
        }}
        onRemove={(file) => {
          current.current = current.current.filter((p) => p.uid !== file.uid);
          onChange?.(current.current);
          return true;
        }}
        onPreview={(file) => setPreview(file.url ?? file.thumbUrl ?? null)}
        data-testid="photo-upload"
      >
        {value.length >= MAX_STATION_PHOTOS ? null : (
          <div className="upload-tile">
            <PlusOutlined aria-hidden="true" />
            <span>{t('photos.add')}</span>
          </div>
        )}
      </Upload>
      {preview ? (
        <Image
          className="visually-hidden"
          src={preview}
          alt={t('photos.previewAlt')}
          preview={{ open: true, src: preview, onOpenChange: (open) => !open && setPreview(null) }}
        />
      ) : null}
    </>
  );
}

/** Photos tab. */
export function PhotosTab({ chargeBoxId }: { chargeBoxId: string | null }) {
  const { t } = useTranslation('stations');
  return (
    <div className="form-tab">
      <section className="form-section" aria-labelledby="section-photos">
        <Typography.Title level={5} id="section-photos" className="form-section__title">
          {t('photos.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('photos.lead')}</Typography.Paragraph>
        <Form.Item name="photos">
          <PhotoUploader chargeBoxId={chargeBoxId} />
        </Form.Item>
      </section>
    </div>
  );
}
