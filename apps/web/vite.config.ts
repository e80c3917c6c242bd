import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { BRAND_COLORS } from './src/lib/brand-colors';
import { pwaIcons } from './build/icons';
import { refuseChunkCycles } from './build/chunk-cycles';
import { keepSignedOutScreensLight } from './build/signed-out-screens';
import { preloadBootStages } from './build/boot-stages';
import { ownPreloadHelper, skipLoadedPreloads } from './build/loaded-preloads';

/**
 * Writes a .br and a .gz beside every text file of the build, compressed once at their best, so
 * the server sends a phone the compressed file (@fastify/static's `preCompressed`) without
 * compressing on every request.
 */
function precompress(): Plugin {
  let outDir = '';
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? files(full) : [full];
    });
  return {
    name: 'mitos-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of files(outDir)) {
        if (!/\.(js|css|html|svg|json|webmanifest|txt)$/.test(file)) continue;
        const raw = readFileSync(file);
        if (raw.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(raw, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
          }),
        );
      }
    },
  };
}

/**
 * MUI's locales build an Intl.NumberFormat when they load (the first one loads the ICU data, 50–110
 * ms of a phone's first task): src/lib/lazy-number-format.ts does the same on first use
 * (docs/decisions/029).
 */
function lazyNumberFormat(): Plugin {
  const lazy = path.resolve(import.meta.dirname, 'src/lib/lazy-number-format.ts');
  return {
    name: 'mitos-lazy-number-format',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!/buildFormatNumber(\.m?js)?$/.test(source) || !importer) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && /@mui[\\/]material[\\/]locale[\\/]utils[\\/]/.test(resolved.id) ? lazy : null;
    },
  };
}

/**
 * React Router's package exports only its development build, whose warnings stay on in
 * production (remix-run/react-router#14102); its production build, shipped beside it, differs in
 * that one switch, and lets the minifier drop the warnings' code. The build takes it; the dev
 * server and the tests keep the warnings.
 */
function reactRouterProduction(): Plugin {
  const packageJson = createRequire(import.meta.url).resolve('react-router/package.json');
  const production = path.join(path.dirname(packageJson), 'dist/production/index.mjs');
  return {
    name: 'mitos-react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      // A later version may ship its builds differently: then the package resolves as it says.
      return source === 'react-router' && existsSync(production) ? production : null;
    },
  };
}

/**
 * MUI's theme and its provider bring the code for themes built on CSS variables (`cssVariables`,
 * `colorSchemes`), which this app's theme does not use (src/app/theme.ts; its test keeps it so).
 * The build gives the two modules that hold that code a stand-in that says so if it is ever
 * called: about 7 kB gzip out of every first download.
 */
function muiWithoutCssVariables(): Plugin {
  const standIn = path.resolve(import.meta.dirname, 'build/mui-css-variables-unused.ts');
  return {
    name: 'mitos-mui-without-css-variables',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!/^\.\/(createThemeWithVars|ThemeProviderWithVars)\.mjs$/.test(source) || !importer) return null;
      if (!/@mui[\\/]material[\\/]styles[\\/](createTheme|ThemeProvider)\.mjs$/.test(importer)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved ? standIn : null;
    },
  };
}

const MUI_BASE =
  /@mui[\\/]material[\\/](ButtonBase|Typography|Button|IconButton|Paper|SvgIcon|Alert|useLazyRipple|transitions|utils)[\\/]/;

/**
 * A match list's pieces (the home screen's first load, and the other lists'): one file that
 * compresses as a whole rather than a dozen small ones (docs/decisions/022-js).
 */
const MATCH_LIST = new RegExp(
  [
    /@mui[\\/]material[\\/](Card|CardContent|CardActionArea|Chip|Avatar|AvatarGroup|Skeleton|Container)[\\/]/,
    // List, ListItemText and the transitions also serve /help, which a visitor opens without
    // signing in: here rather than in the bars' file, which the signed-in file comes with.
    /@mui[\\/]material[\\/](List|ListItemText)[\\/]|@mui[\\/]material[\\/]internal[\\/]Transition\.mjs$/,
    /@mui[\\/]system[\\/]Container[\\/]/,
    /@mui[\\/]icons-material[\\/](Close|Search|Style)\.mjs$/,
    /src[\\/]components[\\/](match-card|palette-chip|race-chip|user-avatar|match-grid|load-more|lazy-tooltip)\.tsx$/,
    /src[\\/]lib[\\/](list-date|drawn-data)\.ts$/,
    // The statuses' texts, and the points and ranks: /help shows them too (docs/decisions/043).
    /domain[\\/]src[\\/](match-status|community-points)\.ts$/,
  ]
    .map((part) => part.source)
    .join('|'),
);

/**
 * Small modules the login screen imports and every signed-in screen reads too (the texts of the
 * forms, the page title): one file rather than six, each a request of its own on a phone's
 * network (docs/decisions/043).
 */
const SHARED_WITH_LOGIN = new RegExp(
  [
    /domain[\\/]src[\\/](constants|text)\.ts$/,
    /domain[\\/]src[\\/]message-texts[\\/](users|validation|auth)\.ts$/,
    /src[\\/]lib[\\/]text\.ts$/,
    /src[\\/]components[\\/]page-title\.tsx$/,
  ]
    .map((part) => part.source)
    .join('|'),
);

/**
 * What the session check loads before any screen (the session's and the user's schemas, the first
 * screen's bookkeeping): one file rather than three.
 */
const SESSION = /domain[\\/]src[\\/](session|users)\.ts$|src[\\/]app[\\/]first-screen\.ts$/;

/**
 * Small modules every signed-in screen loads with its frame: the queries and schemas the lists,
 * the statistics and the tournaments share, the rules of a match's actions, and the outbox's
 * pieces. One file rather than about fifteen (docs/decisions/043). Not the decks' hooks, which the
 * home imports: this file holds the zod schemas, which the home's first download does without.
 */
const SIGNED_IN = new RegExp(
  [
    /src[\\/]api[\\/](statistics|tournaments|inbox-schemas|match-actions)\.ts$/,
    /src[\\/]app[\\/]screen-data\.ts$/,
    /domain[\\/]src[\\/](common|matches|community|community-rules|match-rules|match-transitions)\.ts$/,
    /domain[\\/]src[\\/]message-texts[\\/](outbox|idempotency|matches|community|tournaments|http)\.ts$/,
    /zod[\\/]v4[\\/]mini[\\/](iso|coerce)\.js$/,
    /@tanstack[\\/]query-core[\\/]build[\\/]modern[\\/]hydration\.js$/,
    /src[\\/]lib[\\/](query-persistence|outbox)\.ts$/,
    /idb-keyval[\\/]/,
    /src[\\/]features[\\/]new-match[\\/](outbox-sender\.tsx|api[\\/]new-match\.ts)$/,
    // The profiles' sections drawn one by one (docs/decisions/048): half a kilobyte.
    /src[\\/]lib[\\/]one-by-one\.tsx$/,
  ]
    .map((part) => part.source)
    .join('|'),
);

// The build's identity: the persisted query cache of an older build is not restored (its shapes
// may have changed). A deploy can set it (a commit hash); otherwise the build's time.
process.env.VITE_BUILD_ID ??= Date.now().toString(36);

/** The web app manifest (docs/decisions/017): Spanish names, the dark theme's colours, the icons. */
const manifest = {
  name: 'Mitos y Leyendas — Partidas',
  short_name: 'Mitos y Leyendas',
  description: 'Registra tus partidas de Mitos y Leyendas, apruébalas y sigue tus estadísticas.',
  lang: 'es',
  dir: 'ltr',
  id: '/',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'portrait',
  theme_color: BRAND_COLORS.background,
  background_color: BRAND_COLORS.background,
  icons: [
    { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
} as const;

const loadedPreloads = skipLoadedPreloads();
/** The build's own preload helper (docs/decisions/047). */
const PRELOAD_HELPER = 'src/lib/preload-helper.ts';

const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [
    react(),
    pwaIcons(path.resolve(import.meta.dirname, 'public/logo.svg'), BRAND_COLORS.background),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      // The app registers the worker itself, in production only (lib/service-worker.ts).
      injectRegister: false,
      manifest: { ...manifest, icons: [...manifest.icons] },
      injectManifest: {
        // The shell and every hashed file of the build, and the icons; not the compressed copies.
        globPatterns: ['index.html', 'assets/**/*.{js,css}', '*.{svg,png,webmanifest}'],
        maximumFileSizeToCacheInBytes: 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
    precompress(),
    lazyNumberFormat(),
    reactRouterProduction(),
    muiWithoutCssVariables(),
    refuseChunkCycles(),
    // The entry imports the preload helper for its stages' imports: it runs with the entry.
    preloadBootStages('src/boot.ts', [PRELOAD_HELPER]),
    loadedPreloads.plugin,
    ownPreloadHelper(PRELOAD_HELPER),
    // The screens a visitor opens without signing in (not a shared match, which parses its
    // answer): none loads the signed-in screens' schemas first (docs/decisions/043).
    keepSignedOutScreensLight([
      'src/features/auth/login-page.tsx',
      'src/features/auth/register-page.tsx',
      'src/features/help/help-page.tsx',
      'src/app/not-found-page.tsx',
    ]),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/ws': { target: apiTarget.replace(/^http/, 'ws'), ws: true },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    modulePreload: { resolveDependencies: loadedPreloads.resolveDependencies },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The boot's three stages (src/boot.ts), each with what it imports statically and an
            // earlier stage does not: one file each, evaluated in a task of its own, rather than
            // a dozen small shared files that each compress alone (docs/decisions/045).
            // Vite's preload of a file's imports, which the entry and the app's files use: out of
            // the app's stage, which the entry would otherwise import and run with itself, before
            // the first stage. (Rolldown keeps its own runtime in a file of its own.)
            { name: 'boot', test: /vite[\\/]preload-helper|src[\\/]lib[\\/]preload-helper\.ts$/ },
            { name: 'react', test: /src[\\/]boot[\\/]react-stage\.ts$/ },
            { name: 'ui', test: /src[\\/]boot[\\/]ui-stage\.ts$/ },
            { name: 'app', test: /src[\\/]main\.tsx$/ },
            // The buttons, text, paper and alerts nearly every screen shows, in one file rather
            // than seven.
            { name: 'mui-base', test: MUI_BASE },
            // Small modules both the login and the match lists use: in a file of their own, so that
            // the login screen does not fetch the lists' file for them. These groups take their
            // modules alone, not what those import (refuseChunkCycles keeps them from a cycle).
            { name: 'app', test: SHARED_WITH_LOGIN, includeDependenciesRecursively: false },
            { name: 'session', test: SESSION, includeDependenciesRecursively: false },
            // A dialog and its title, content, text and actions: the screens with a dialog use them
            // together.
            {
              name: 'dialog',
              test: /@mui[\\/]material[\\/](Dialog|DialogTitle|DialogContent|DialogContentText|DialogActions)[\\/]/,
              includeDependenciesRecursively: false,
            },
            { name: 'match-list', test: MATCH_LIST },
            // Before the bars, which would otherwise take the match rules and texts they import.
            { name: 'signed-in', test: SIGNED_IN, includeDependenciesRecursively: false },
            // The signed-in frame's bars and menus (loaded beside every signed-in screen) with the
            // pieces they use, in one file rather than twenty: on a phone's network each small file
            // is a request more before the screen (docs/decisions/029).
            {
              name: 'bars',
              test: /src[\\/]app[\\/](top-bar|bottom-bar)\.tsx$|src[\\/]features[\\/]inbox[\\/]components[\\/](notification-menu|latest-notification)\.tsx$/,
              includeDependenciesRecursively: true,
            },
          ],
        },
      },
    },
  },
});
