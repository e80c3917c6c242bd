import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import importPlugin from 'eslint-plugin-import';
import globals from 'globals';
import { readdirSync } from 'node:fs';

/** Each folder of apps/web/src/features is a feature. */
const WEB_FEATURES = readdirSync(new URL('./apps/web/src/features', import.meta.url));

export default defineConfig(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/server/drizzle/**',
      'e2e/screenshots/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-control-regex': 'off',
    },
  },
  {
    // No import cycles anywhere in the app's own code.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    plugins: { import: importPlugin },
    settings: {
      'import/extensions': ['.ts', '.tsx', '.js'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      // Only the app's own files are followed for cycles.
      'import/ignore': ['node_modules'],
    },
    rules: { 'import/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // What a phone loads (the domain's schemas, the web app) builds its schemas with zod/mini:
    // classic zod costs a phone's first screen about 80 kB and 100 ms more (decision 036).
    files: ['packages/domain/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'zod', message: 'Importa zod/mini: zod clásico pesa en el teléfono (decisión 036).' },
          ],
        },
      ],
    },
  },
  {
    // The server (and the domain it bundles) writes its few dates and numbers itself: the first
    // use of any of Intl's services makes Node read 2–6 MB more of its ICU data, resident for
    // the process's life (decision 054). The tests may check those texts against Intl.
    files: ['apps/server/src/**/*.ts', 'packages/domain/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        {
          name: 'Intl',
          message: 'El servidor no usa Intl: deja 2–6 MB de datos ICU residentes (decisión 054).',
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(toLocaleString|toLocaleDateString|toLocaleTimeString|localeCompare)$/]',
          message: 'El servidor no usa Intl: deja 2–6 MB de datos ICU residentes (decisión 054).',
        },
      ],
    },
  },
  {
    // The web app's layers (decision 013): a feature never imports another feature; pages that
    // compose several are composed in app/. Shared pieces live in components/, lib/ and api/
    // (shared data hooks), which never import a feature or app/.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            ...WEB_FEATURES.map((feature) => ({
              target: `apps/web/src/features/${feature}`,
              from: 'apps/web/src/features',
              except: [`./${feature}`],
              message: 'Un feature no importa otro: lo compartido va a components/, lib/ o api/.',
            })),
            {
              target: ['apps/web/src/components', 'apps/web/src/lib', 'apps/web/src/api'],
              from: ['apps/web/src/features', 'apps/web/src/app'],
              message: 'components/, lib/ y api/ no importan features ni app/.',
            },
            {
              target: 'apps/web/src/features',
              from: 'apps/web/src/app',
              message: 'Un feature no importa app/: app/ compone los features.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    extends: [reactHooks.configs.flat['recommended-latest'], jsxA11y.flatConfigs.recommended],
    rules: {
      // MUI's autoFocus props (the first field of a dialog) move focus the way a dialog should.
      'jsx-a11y/no-autofocus': ['error', { ignoreNonDOM: true }],
      // MUI 9 dropped the system props: a `color="text.secondary"` on Typography (or Box, Stack)
      // is silently ignored, and the text is drawn in the primary colour.
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='color'] > Literal[value=/^[a-z]+\\.[a-zA-Z]+$/]",
          message:
            'MUI 9 ignora un color del tema con punto como prop: usá color="textSecondary", color="warning" o sx={{ color: … }}.',
        },
      ],
    },
  },
);
