// Validation (SPEC §5)
export const invalidEmail = 'Por favor ingresa un email válido';
export const usernameMin = 'El nombre de usuario debe tener al menos 3 caracteres';
export const usernameMax = 'El nombre de usuario no puede superar los 30 caracteres';
export const usernameChars =
  'El nombre de usuario solo puede contener letras, números, puntos, guiones y guiones bajos';
export const usernameInvisible = 'El nombre de usuario no puede contener caracteres invisibles';
export const passwordMin = 'La contraseña debe tener al menos 6 caracteres';
export const passwordMax = 'La contraseña no puede superar los 128 caracteres';
export const deckNameRequired = 'El nombre del mazo es obligatorio';
export const deckNameMax = 'El nombre del mazo no puede superar los 60 caracteres';
export const deckDescriptionMax = 'La descripción no puede superar los 500 caracteres';
export const deckNameTaken = 'Ya existe un mazo con este nombre';
export const invalidRace = 'La raza del mazo no es válida';
export const teamSize1v1 = 'Debes seleccionar exactamente 1 jugador para cada equipo en modo 1v1';
export const teamSize2v2 = 'Debes seleccionar exactamente 2 jugadores para cada equipo en modo 2v2';
export const playersWithoutDeck = (names: string) =>
  `Los siguientes jugadores no tienen mazo asignado: ${names}`;
export const minVictories = 'Debe haber al menos una victoria para guardar la partida';
export const playerAlreadySelected = 'Este jugador ya está seleccionado en un equipo';
export const teamFull1v1 = 'En modalidad 1v1, solo se permite 1 jugador por equipo';
export const teamFull2v2 = 'En modalidad 2v2, solo se permiten 2 jugadores por equipo';
export const noDefaultDeck = 'El jugador no tiene un mazo por defecto configurado';
export const incompleteTeams = 'Datos de equipos incompletos';
export const invalidMode = 'La modalidad de la partida no es válida';
export const invalidTier = 'El tipo de partida no es válido';
export const invalidHighlight = 'El highlight no es válido';
export const tooManyHighlights = 'Se permiten como máximo 3 highlights';
export const repeatedHighlight = 'Un highlight no puede repetirse';
export const invalidScore = 'El puntaje debe ser un número entero entre 0 y 99';
export const winnerMismatch = 'El equipo ganador no coincide con el puntaje';
export const futureDate = 'La fecha de la partida no puede estar en el futuro';
export const dateTooOld = 'La fecha de la partida no puede ser anterior a 1900';
export const invalidDate = 'La fecha no es válida';
export const playerNotFound = 'Uno de los jugadores no existe';
export const deckNotOwned = 'El mazo elegido no pertenece a ese jugador';
