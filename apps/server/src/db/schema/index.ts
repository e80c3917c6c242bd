export * from './users';
export * from './decks';
export * from './matches';
export * from './community';
export * from './tournaments';
export * from './ratings';
export * from './devices';
