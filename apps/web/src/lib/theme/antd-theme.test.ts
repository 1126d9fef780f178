import { describe, expect, it } from 'vitest';
import { statusColours, toAntdTheme } from './antd-theme';
import { themes } from './themes';

describe('status colours', () => {
  it.each(Object.values(themes).map((t) => [t.name, t] as const))(
    'are the same semantic colours on %s, whatever its brand colour',
    (_name, theme) => {
      const tokens = toAntdTheme(theme);
      expect(tokens.token).toMatchObject({
        colorPrimary: theme.palette.primary,
        colorSuccess: '#16a34a',
        colorWarning: '#d97706',
        colorError: '#dc2626',
        colorInfo: '#2563eb',
      });
    },
  );

  it('on Terpel (a red brand): information and the selected menu entry are not the brand red', () => {
    const tokens = toAntdTheme(themes.terpel);
    expect(themes.terpel.palette.primary).toBe('#d6001c');
    expect(tokens.token?.colorInfo).not.toBe(themes.terpel.palette.primary);
    expect(tokens.components?.Menu?.darkItemSelectedBg).toBe('rgba(255,255,255,0.16)');
    expect(statusColours.info).toBe('#2563eb');
  });
});
