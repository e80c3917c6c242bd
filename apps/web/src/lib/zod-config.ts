// Zod checks once whether it may compile parsers with `new Function`; under the server's
// Content-Security-Policy (script-src 'self') that check is a CSP violation the browser reports
// on every page (Chrome's Issues panel, Lighthouse's best practices). Zod's `jitless` setting
// skips it (the app's answers are small: parsing without compiled parsers costs nothing visible).
// Set through the global object zod reads its settings from (zod/v4/core's `config` is the same
// object), since importing zod here would put it in the first download. Loaded before any schema.
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

export {};
