import type { Plugin } from 'vite';

/** The line of @ant-design/icons' icon components that names every icon after its file ("search", "down", "close"). */
const NAMED_BY_FILE = /"aria-label":\s*icon\.name/;
const ICON_COMPONENT = /@ant-design[\\/]icons[\\/](es|lib)[\\/]components[\\/]AntdIcon(Light)?\.js$/;

/**
 * Icons are decorative unless given a name. @ant-design/icons gives each icon `role="img"` and an
 * English `aria-label` taken from its file name, so a screen reader read "search", "save",
 * "download" beside a Spanish or Portuguese button text, and antd's own controls (the search
 * button, a select's arrow, the pagination's arrows, a dialog's close) too. This rewrites that one
 * line so an icon is hidden from screen readers unless its caller gives it an `aria-label` — the
 * control around it carries the name, in the user's language. The build fails if the line is gone
 * (a new version of the package), rather than silently shipping the English names again.
 */
export function decorativeIcons(): Plugin {
  return {
    name: 'recarga-decorative-icons',
    enforce: 'pre',
    transform(code, id) {
      if (!ICON_COMPONENT.test(id.split('?')[0]!)) return null;
      if (!NAMED_BY_FILE.test(code)) this.error(`decorative-icons: ${id} no longer names icons by file; check the rewrite`);
      return { code: code.replace(NAMED_BY_FILE, '"aria-hidden": restProps["aria-label"] ? undefined : true'), map: null };
    },
  };
}
