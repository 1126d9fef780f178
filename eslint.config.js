import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';

const web = 'apps/web/src';
const server = 'apps/server/src';

/** A policy: files of `from` may not import files of `to` (types and values alike). */
const deny = (from, to) => ({ from: { element: from }, disallow: { to: { element: to } } });

/**
 * Import boundaries (docs/decisions.md, 2026-11-23). Imports flow one way:
 * web: lib -> components -> features -> app; a feature never reaches into another feature.
 * server: db -> platform -> modules -> ocpp / live -> app; a module reaches another module (and
 * ocpp or live reach a module) only through its service files; platform and db import no module.
 */
const architecture = {
  files: [`${web}/**/*.{ts,tsx}`, `${server}/**/*.ts`],
  ignores: ['**/*.test.ts', '**/*.test.tsx'],
  plugins: { boundaries },
  settings: {
    'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    'boundaries/elements': [
      { type: 'web-app', pattern: `${web}/app`, partialMatch: false },
      { type: 'web-feature', pattern: `${web}/features/*`, partialMatch: false, capture: ['feature'] },
      { type: 'web-components', pattern: `${web}/components`, partialMatch: false },
      { type: 'web-lib', pattern: `${web}/lib`, partialMatch: false },
      { type: 'server-module', pattern: `${server}/modules/*`, partialMatch: false, capture: ['module'] },
      { type: 'server-ocpp', pattern: `${server}/ocpp`, partialMatch: false },
      { type: 'server-live', pattern: `${server}/live`, partialMatch: false },
      { type: 'server-platform', pattern: `${server}/platform`, partialMatch: false },
      { type: 'server-db', pattern: `${server}/db`, partialMatch: false },
    ],
    // A module's public face: its service files (service.ts, or <concern>-service.ts when a
    // service is split by concern) and its wiring (module.ts, for app.ts's list only).
    'boundaries/files': [
      { category: 'service', pattern: ['**/service.ts', '**/*-service.ts'] },
      { category: 'wiring', pattern: ['**/module.ts'] },
      // The node's composition root (config -> db -> bus -> app -> listen).
      { category: 'server-app', pattern: [`${server}/app.ts`, `${server}/main.ts`, `${server}/demo-fleet.ts`] },
    ],
  },
  rules: {
    'boundaries/dependencies': [
      'error',
      {
        default: 'allow',
        policies: [
          // web
          deny({ type: 'web-feature' }, { type: 'web-feature', captured: { feature: '!{{ from.element.captured.feature }}' } }),
          deny({ type: 'web-feature' }, { type: 'web-app' }),
          deny({ type: 'web-components' }, { types: ['web-feature', 'web-app'] }),
          deny({ type: 'web-lib' }, { types: ['web-feature', 'web-app', 'web-components'] }),
          // server: nothing below app.ts imports it back
          {
            from: { element: { types: ['server-module', 'server-ocpp', 'server-live', 'server-platform', 'server-db'] } },
            disallow: { to: { file: { categories: 'server-app' } } },
          },
          // server: the platform and the database know no module, no OCPP and no live gateway
          deny({ types: ['server-platform', 'server-db'] }, { types: ['server-module', 'server-ocpp', 'server-live'] }),
          // server: another module (from a module, OCPP or live) only through its service
          {
            from: { element: { types: ['server-module', 'server-ocpp', 'server-live'] } },
            disallow: { to: { element: { type: 'server-module' } } },
          },
          {
            from: { element: { types: ['server-module', 'server-ocpp', 'server-live'] } },
            allow: { to: { element: { type: 'server-module' }, file: { categories: 'service' } } },
          },
          {
            from: { element: { type: 'server-module' } },
            allow: { to: { element: { type: 'server-module', captured: { module: '{{ from.element.captured.module }}' } } } },
          },
        ],
      },
    ],
  },
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  architecture,
);
