import * as texts from './message-texts';

/**
 * Every Spanish text the server sends, and the client texts that SPEC §5 and §8 name. The web
 * imports them one by one from message-texts (`import * as MSG`), so that its bundles keep only
 * the texts they read (docs/decisions/022-js).
 */
export const MSG = texts;
