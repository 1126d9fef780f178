import type { ThemeConfig } from 'antd';
import type { ThemeDefinition } from './theme-definition';

/**
 * Status colours: the same for every brand, so that a state reads the same on any tenant (a red
 * brand's 'Connected' or 'In progress' must not look like an error). The brand colour goes to
 * primary actions, links and the logo.
 */
export const statusColours = {
  success: '#16a34a',
  warning: '#d97706',
  error: '#dc2626',
  info: '#2563eb',
  neutral: '#64748b',
} as const;

const fontFamily = "Inter, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'Liberation Sans', 'DejaVu Sans', sans-serif";

/** Turns a brand's palette into Ant Design tokens; components read these, never raw colours. */
export function toAntdTheme(theme: ThemeDefinition): ThemeConfig {
  const { primary, brandDark } = theme.palette;
  return {
    token: {
      colorPrimary: primary,
      colorLink: primary,
      colorSuccess: statusColours.success,
      colorWarning: statusColours.warning,
      colorError: statusColours.error,
      colorInfo: statusColours.info,
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
        // The selected entry is marked by contrast, not by the brand colour (a red brand would read as an error).
        darkItemSelectedBg: 'rgba(255,255,255,0.16)',
        darkItemSelectedColor: '#ffffff',
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
