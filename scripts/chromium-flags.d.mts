// Types of chromium-flags.mjs, for the TypeScript of e2e/ and bench/.
export const CHROMIUM_FLAGS: readonly string[];
export const DISABLED_FEATURES: readonly string[];
export function disableFeaturesFlag(launcherFlags: readonly string[], features?: readonly string[]): string;
