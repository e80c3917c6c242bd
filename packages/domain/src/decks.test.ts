import { describe, expect, it } from 'vitest';
import { ZCreateDeckRequest, deckNameError, sortDecks } from './decks';

const decks = [
  { id: 1, name: 'Dragones', is_default: false },
  { id: 2, name: 'Faraones', is_default: true },
  { id: 3, name: 'Sombras', is_default: false },
];

describe('deck rules', () => {
  it('requires a name', () => {
    expect(deckNameError('   ', decks)).toBe('El nombre del mazo es obligatorio');
  });
  it('refuses a name taken ignoring case and spaces, except by the deck being edited', () => {
    expect(deckNameError('  dragones ', decks)).toBe('Ya existe un mazo con este nombre');
    expect(deckNameError('DRAGONES', decks, 1)).toBeNull();
    expect(deckNameError('Nuevo', decks)).toBeNull();
  });
  it('sorts the default first, then newest', () => {
    expect(sortDecks(decks).map((d) => d.id)).toEqual([2, 3, 1]);
  });
  it('defaults the race to Olimpico and trims the name', () => {
    expect(ZCreateDeckRequest.parse({ name: '  Mazo ' })).toMatchObject({ name: 'Mazo', raza: 'Olimpico' });
  });
});
