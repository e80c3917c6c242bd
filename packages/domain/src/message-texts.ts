/**
 * Every Spanish text the server sends, and the client texts that SPEC §5 and §8 name, one export
 * each, in a module per part of the app (message-texts/). Import them from here (`import * as
 * MSG`): a bundle keeps only the texts its code reads, and, since the bundler places a module
 * whole, a screen's file carries its own part's texts: the app's first download carries only
 * the frame's (docs/decisions/022-js).
 */
export * from './message-texts/frame';
export * from './message-texts/validation';
export * from './message-texts/auth';
export * from './message-texts/users';
export * from './message-texts/decks';
export * from './message-texts/matches';
export * from './message-texts/community';
export * from './message-texts/sharing';
export * from './message-texts/tournaments';
export * from './message-texts/push';
export * from './message-texts/idempotency';
export * from './message-texts/outbox';
export * from './message-texts/http';
