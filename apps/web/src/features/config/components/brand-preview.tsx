import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  name: string;
  logo: string;
  primary: string;
  dark: string;
}

/**
 * A small picture of the dashboard in the chosen brand: the menu on the deep colour, the header with
 * the logo, a primary button and a link in the brand colour. The colours are the form's values, so
 * it follows what is being typed.
 */
export function BrandPreview({ name, logo, primary, dark }: Props) {
  const { t } = useTranslation('config');
  const style = { '--preview-primary': primary, '--preview-dark': dark } as CSSProperties;
  return (
    <figure className="brand-preview" style={style} data-testid="brand-preview">
      <div className="brand-preview__frame" aria-hidden="true">
        <div className="brand-preview__sider">
          <span className="brand-preview__menu brand-preview__menu--active" />
          <span className="brand-preview__menu" />
          <span className="brand-preview__menu" />
          <span className="brand-preview__menu" />
        </div>
        <div className="brand-preview__main">
          <div className="brand-preview__header">
            <img className="brand-preview__logo" src={logo} alt="" />
            <span className="brand-preview__avatar" />
          </div>
          <div className="brand-preview__body">
            <span className="brand-preview__title">{name}</span>
            <span className="brand-preview__line" />
            <span className="brand-preview__line brand-preview__line--short" />
            <div className="brand-preview__actions">
              <span className="brand-preview__button">{t('brand.previewButton')}</span>
              <span className="brand-preview__link">{t('brand.previewLink')}</span>
            </div>
          </div>
        </div>
      </div>
      <figcaption className="brand-preview__caption">{t('brand.previewCaption')}</figcaption>
    </figure>
  );
}
