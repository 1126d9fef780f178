import { useEffect, useMemo, useRef, type CSSProperties } from 'react';
import { theme } from 'antd';
import { levelOfLine } from '@recarga/contracts/logs';

/**
 * The day's log as a scrollable monospace panel, one row per line, coloured by level (INFO green,
 * WARN orange, ERROR red, from the theme's tokens). Opens scrolled to the newest line (the last).
 */
export function LogPanel({ text, label }: { text: string; label: string }) {
  const { token } = theme.useToken();
  const ref = useRef<HTMLDivElement>(null);
  const lines = useMemo(() => text.split('\n').map((line) => ({ line, level: levelOfLine(line) })), [text]);
  useEffect(() => {
    const el = ref.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [text]);
  const vars = {
    '--log-info': token.colorSuccessText,
    '--log-warn': token.colorWarningText,
    '--log-error': token.colorErrorText,
    '--log-text': token.colorText,
    '--log-bg': token.colorFillQuaternary,
    '--log-border': token.colorBorderSecondary,
    '--log-radius': `${token.borderRadiusLG}px`,
  } as CSSProperties;
  return (
    // A keyboard user scrolls the panel with the arrow keys once it has the focus.
    <div ref={ref} className="log-panel" style={vars} role="log" aria-label={label} tabIndex={0} data-testid="log-panel">
      {lines.map(({ line, level }, i) => (
        <div key={i} className={level ? `log-line log-line--${level.toLowerCase()}` : 'log-line'} data-level={level ?? undefined}>
          {line}
        </div>
      ))}
    </div>
  );
}
