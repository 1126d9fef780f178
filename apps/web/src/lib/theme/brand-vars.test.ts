import { describe, expect, it } from 'vitest';
import { theme } from 'antd';
import { toAntdTheme } from './antd-theme';
import { neutralTokens } from './brand-vars';
import { getTheme } from './themes';

/** Shadows come from the library on several indented lines; the CSS value is the same on one. */
const oneLine = (value: unknown) => (typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : value);

describe('neutralTokens', () => {
  it.each(['move', 'sol', 'terpel', 'andes', 'celeste'] as const)(
    'equal what the component library computes for the %s brand, token by token',
    (name) => {
      const computed = theme.getDesignToken(toAntdTheme(getTheme(name))) as unknown as Record<string, unknown>;
      for (const [key, value] of Object.entries(neutralTokens)) {
        expect({ key, value: oneLine(computed[key]) }).toEqual({ key, value });
      }
    },
  );
});
