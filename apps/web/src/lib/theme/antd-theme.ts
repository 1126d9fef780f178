import type { ThemeConfig } from 'antd';
import type { ThemeDefinition } from './theme-definition';

const fontFamily = "Inter, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'Liberation Sans', 'DejaVu Sans', sans-serif";

/** Turns a brand's palette into Ant Design tokens; components read these, never raw colours. */
export function toAntdTheme(theme: ThemeDefinition): ThemeConfig {
  const { primary, brandDark } = theme.palette;
  return {
    token: {
      colorPrimary: primary,
      colorInfo: primary,
      colorLink: primary,
      colorBgLayout: '#f3f5f7',
      borderRadius: 8,
      borderRadiusLG: 12,
      fontFamily,
      fontSize: 14,
      controlHeight: 38,
      controlHeightLG: 46,
      wireframe: false,
    },
    components: {
      Layout: {
        siderBg: brandDark,
        headerBg: '#ffffff',
        headerHeight: 64,
        headerPadding: '0 24px',
        bodyBg: '#f3f5f7',
      },
      Menu: {
        darkItemBg: brandDark,
        darkSubMenuItemBg: brandDark,
        darkPopupBg: brandDark,
        darkItemSelectedBg: primary,
        darkItemHoverBg: 'rgba(255,255,255,0.08)',
        darkItemColor: 'rgba(255,255,255,0.72)',
        darkItemHoverColor: '#ffffff',
        itemHeight: 46,
        iconSize: 18,
        collapsedIconSize: 20,
      },
      Button: { fontWeight: 600, primaryShadow: 'none' },
      Card: { headerFontSize: 16 },
    },
  };
}
