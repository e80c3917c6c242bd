// Decks
export const deckNotFound = 'Mazo no encontrado';
export const defaultDeckNotFound = 'El usuario no tiene un mazo por defecto';
export const cannotDeleteDefault =
  'No se puede eliminar el mazo por defecto. Elige otro mazo por defecto primero.';
export const decksLoadError = 'Error al cargar los mazos';
export const deckCreateError = 'Error al crear el mazo. Por favor, inténtalo de nuevo.';
export const deckUpdateError = 'Error al actualizar el mazo. Por favor, inténtalo de nuevo.';
export const deckDefaultError = 'Error al establecer el mazo por defecto. Por favor, inténtalo de nuevo.';
export const deckDeleteError = 'Error al eliminar el mazo. Por favor, inténtalo de nuevo.';
export const playerDecksError = 'No se pudieron cargar los mazos';
export const deckNoName = 'Mazo sin nombre';
export const deckUnavailable = 'Mazo no disponible';
export const deckDeleted = (id: number | string) => `Mazo Eliminado (ID: ${id})`;
