// Types of chromium-flags.mjs, for the TypeScript of e2e/ and bench/.
export const CHROMIUM_FLAGS: readonly string[];
