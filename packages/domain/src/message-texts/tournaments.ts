// Tournaments on the server (docs/decisions/015)
export const tournamentNameRequired = 'El nombre del torneo es requerido';
export const tournamentStartRequired = 'La fecha de inicio es requerida';
export const tournamentTimeInvalid = 'La hora debe tener el formato HH:MM';
export const tournamentNotFound = 'No se pudo encontrar el torneo';
export const tournamentCreateFailed = 'Error al crear el torneo. Por favor intenta nuevamente.';
export const tournamentParticipantDuplicate = 'Este usuario ya está en el torneo';
export const tournamentManagerOnly =
  'Solo un administrador de torneos o el organizador de la tienda puede hacer esto';
export const tournamentStarted = 'El torneo ya comenzó';
export const tournamentNotStarted = 'El torneo todavía no comenzó';
export const tournamentFinished = 'El torneo ya finalizó';
export const tournamentRegistrationClosed = 'La inscripción a este torneo está cerrada';
export const tournamentAlreadySignedUp = 'Ya estás inscripto en este torneo';
export const tournamentNotSignedUp = 'No estás inscripto en este torneo';
export const tournamentDeckRequired = 'Elige un mazo para inscribirte';
export const tournamentWaitlisted = 'El torneo está completo: quedaste en la lista de espera';
export const tournamentFull = 'El torneo alcanzó el cupo de jugadores';
export const tournamentCapBelowPlayers = 'El cupo no puede ser menor que la cantidad de inscriptos';
export const tournamentNotEnoughPlayers = 'Se necesitan al menos 2 jugadores para comenzar el torneo';
export const tournamentTopCutTooLarge = 'El corte no puede ser mayor que la cantidad de jugadores';
export const tournamentTopCutSwissOnly = 'Solo un torneo suizo puede tener un corte a eliminación';
export const tournamentNotParticipant = 'Ese jugador no participa en este torneo';
export const tournamentPlayerDropped = 'El jugador ya abandonó el torneo';
export const tournamentPlayerHasPending =
  'El jugador tiene una partida pendiente en la ronda actual: carga o cierra su resultado antes de retirarlo';
export const tournamentNotSwiss = 'Solo los torneos suizos se juegan por rondas';
export const tournamentRoundIncomplete = (round: number) =>
  `La ronda ${round} todavía tiene partidas sin resultado`;
export const tournamentRoundAlreadyPaired = (round: number) => `La ronda ${round} ya fue emparejada`;
export const tournamentRoundsComplete = 'Ya se jugaron todas las rondas del suizo';
export const tournamentRoundNotCurrent = 'Solo se puede cerrar la ronda en curso';
export const tournamentPlayoffNotReady = 'El corte se arma cuando terminan todas las rondas del suizo';
export const tournamentPairingNotFound = 'Partida del torneo no encontrada';
export const tournamentPairingNotReady = 'La partida todavía no tiene a sus dos jugadores';
export const tournamentPairingDecided = 'La partida ya tiene un resultado';
export const tournamentPairingReported = 'Esta partida ya tiene un resultado esperando aprobación';
export const tournamentPairingNotDecided = 'La partida todavía no tiene un resultado para corregir';
export const tournamentPairingIsBye = 'Un bye no se juega: no tiene resultado para cargar';
export const tournamentReportForbidden =
  'Solo los jugadores de la partida o el organizador pueden cargar su resultado';
export const tournamentResultInvalid = (bestOf: number) =>
  `El resultado no es válido para una partida al mejor de ${bestOf}`;
export const tournamentNoDraws = 'Una partida de eliminación no puede terminar en empate';
export const tournamentLaterPlayed = (count: number) =>
  count === 1
    ? 'Ya se jugó 1 partida posterior que depende de este resultado: confirma para anularla y volver a jugarla'
    : `Ya se jugaron ${count} partidas posteriores que dependen de este resultado: confirma para anularlas y volver a jugarlas`;
export const tournamentAnnulFromTournament = 'Una partida de torneo se corrige o revierte desde el torneo';
export const tournamentAnnouncementBlank = 'El comunicado no puede estar vacío';
export const tournamentEditStarted =
  'Un torneo que ya comenzó solo puede cambiar su nombre, reglas y horario';
export const tournamentDeleteStarted = 'No se puede eliminar un torneo que ya comenzó';
export const annulForbidden =
  'Solo un administrador o el organizador de la tienda puede anular una partida aprobada';
export const confirmForbidden =
  'Solo un administrador o el organizador de la tienda puede confirmar una partida que nadie respondió';
export const escalationActionError = 'No se pudo completar la acción. Intenta de nuevo.';
export const notEscalated = 'La partida no fue enviada al organizador de la tienda';
export const alreadyEscalated = 'La partida ya fue enviada al organizador de la tienda';
export const notAtStore = 'La partida no se jugó en una tienda';
export const atStoreEscalates = 'Una partida jugada en una tienda se envía a su organizador';
export const tournamentMatchNoExpiry = 'Una partida de torneo la resuelve el cierre de su ronda';
