/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_BASE?: string;
  readonly VITE_GATEWAY_BASE?: string;
  readonly VITE_SMART_BASE?: string;
  readonly VITE_WS_URL?: string;
  readonly VITE_MAPS_KEY?: string;
  readonly VITE_CAPTCHA_SITE_KEY?: string;
  readonly VITE_CAPTCHA_PROVIDER?: string;
  readonly VITE_QRCODE_TOKEN?: string;
  readonly VITE_THEME?: string;
  /** Map tile server (`{z}/{x}/{y}`) when the server sends no `x-map-tile-url` start-up header; default OpenStreetMap. */
  readonly VITE_MAP_TILE_URL?: string;
  readonly VITE_THREE_DS_SCRIPT_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
