/**
 * Every Spanish text the server sends, and the client texts that SPEC §5 and §8 name, one export
 * each: a bundle keeps only the texts its code reads (`import * as MSG`; docs/decisions/022-js).
 */

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

// Auth (SPEC §8)
export const badCredentials = 'Email o contraseña incorrectos';
export const loginError = 'Error al iniciar sesión';
export const connectionError = 'Error de conexión con el servidor. Por favor, intente más tarde.';
export const registerError = 'Error al registrar usuario';
export const registerSuccess = '¡Registro exitoso! Redirigiendo...';
export const usernameTaken = 'El nombre de usuario ya está en uso';
export const emailTaken = 'El email ya está registrado';
export const notAuthenticated = 'No autenticado';
export const userNotAuthenticated = 'Usuario no autenticado';
export const sessionExpired = 'Tu sesión ha expirado. Por favor inicia sesión nuevamente.';
export const sessionExpiredShort = 'Sesión expirada - Por favor vuelve a iniciar sesión';
export const invalidRefresh = 'La sesión no es válida. Por favor inicia sesión nuevamente.';
export const tooManyRequests = 'Demasiados intentos. Por favor espera unos minutos e intenta nuevamente.';
export const forbiddenOrigin = 'Solicitud rechazada: origen no permitido';

// Users
export const userNotFound = 'Usuario no encontrado';
export const unknownUser = 'Usuario desconocido';
export const fallbackUser = 'Usuario';

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
export const unknownRace = 'Desconocida';

// Matches
export const matchNotFound = 'Partida no encontrada';
export const createForbidden = 'No tienes permisos para crear esta partida';
export const createForbiddenShort = 'No tienes permisos para crear esta partida.';
export const createError400 = 'Error al crear la partida. Por favor verifica los datos ingresados.';
export const createErrorOther = 'Error al crear la partida. Por favor intenta nuevamente.';
export const approveForbidden = 'No tienes permiso para aprobar esta partida';
export const rejectForbidden = 'No tienes permiso para rechazar esta partida';
export const notPending = 'La partida ya no está pendiente de aprobación';
export const cancelForbidden = 'No tienes permiso para procesar esta partida';
export const cannotCancel = 'No se puede cancelar la partida desde el estado actual';
export const alreadyCancelled = 'La partida ya está cancelada';
export const cannotCancelApproved = 'La partida ya fue aprobada por todos los jugadores';
export const handleRejectionForbidden = 'No tienes permiso para aceptar este rechazo';
export const notRejected = 'La partida no está rechazada';
export const invalidApprovalStatus = 'Estado de aprobación inválido';
export const cancelProcessError = (details: string) =>
  `No se puede procesar la partida en su estado actual (${details})`;
export const invalidStateFallback = 'estado inválido';
export const internalApprovalError = 'Error interno: Estado de aprobación inválido';
export const processError = 'Error al procesar la partida';
export const processErrorOther = 'Ocurrió un error al procesar la partida';
export const rejectionError = 'Ocurrió un error al procesar el rechazo';
export const approvedToast = 'Partida aprobada correctamente';
export const rejectedToast = 'Partida rechazada correctamente';
export const approveErrorToast = 'Error al aprobar la partida';
export const rejectErrorToast = 'Error al rechazar la partida';
export const cancelledToast = 'Partida cancelada';
export const liveConnectionDown = 'Sin conexión en vivo — reintentando…';
export const offline = 'Sin conexión a internet. Los cambios no se pueden enviar hasta que vuelva.';
export const offlineNotSaved =
  'Esta pantalla no se guardó en este dispositivo: se va a cargar cuando vuelva la conexión.';
export const newVersion = 'Hay una nueva versión disponible.';
export const screenError = 'Algo salió mal al mostrar esta pantalla.';
export const loadError = 'Error al cargar los datos';
export const detailLoadError = 'Error al cargar los detalles de la partida';
export const userLoadError = 'Error al cargar los datos del usuario';
export const invalidDateText = 'Fecha no disponible';
export const wsError = 'Error de conexión WebSocket';
export const noPendingNotifications = 'No hay notificaciones pendientes';
export const noMatches = 'No has participado en ninguna partida o aún no fue aprobada';
export const deckPerPlayer = 'Cada jugador debe usar un solo mazo';
export const totalMatchesTooLow = 'El total de partidas no puede ser menor que la suma de victorias';
export const invalidCursor = 'El cursor de paginación no es válido';
export const tooManyConnections = 'Demasiadas conexiones abiertas para este usuario';
export const tooManyMatchesCreated = (perHour: number) =>
  `Registraste ${perHour} partidas en la última hora. Espera un momento antes de registrar otra.`;
export const tooManyPendingForPlayer = (username: string, pending: number) =>
  `Ya tienes ${pending} partidas esperando la aprobación de ${username}. Espera a que las apruebe o rechace antes de registrar otra.`;
export const tooManySocketMessages = 'Demasiados mensajes en esta conexión';
export const socketNotReading = 'La conexión no está recibiendo los mensajes';

// Community: stores, seasons, leagues, rankings, roles (docs/decisions/014)
export const fillAllFields = 'Por favor completa todos los campos';
export const leagueCreated = 'Liga creada exitosamente';
export const leagueUpdated = 'Liga actualizada exitosamente';
export const leagueDeleted = 'Liga eliminada exitosamente';
export const leagueRestored = 'Liga restaurada';
export const leagueNotFound = 'Liga no encontrada';
export const leagueHasResults = 'No se puede eliminar una liga que ya tiene resultados';
export const leagueUndoExpired = 'Ya no se puede deshacer la eliminación de esta liga';
export const leagueFinished = 'La liga ya está finalizada';
export const leagueAlreadyJoined = 'Ya participas en esta liga';
export const leagueOfAnotherStore = 'La liga no pertenece a esa tienda';
export const storeNotFound = 'Tienda no encontrada';
export const storeInactive = 'La tienda no está activa';
export const storeNameTaken = 'Ya existe una tienda con ese nombre';
export const storeCreated = 'Tienda creada exitosamente';
export const storeUpdated = 'Tienda actualizada exitosamente';
export const logoTooLarge = (kib: number) => `El logo no puede superar los ${kib} KB`;
export const logoWrongType = 'El logo debe ser una imagen PNG, JPEG, WebP o SVG';
export const logoUnreadable = 'El archivo no es una imagen válida';
export const seasonNotFound = 'Temporada no encontrada';
export const seasonClosed = (name: string) =>
  `La temporada ${name} está cerrada: no se pueden registrar partidas en ella`;
export const seasonAlreadyOpen = 'Cierra la temporada actual antes de abrir otra';
export const seasonNameTaken = 'Ya existe una temporada con ese nombre';
export const seasonDates = 'La fecha de fin debe ser posterior a la de inicio';
export const seasonOverlaps = 'Las fechas se superponen con otra temporada';
export const seasonAlreadyClosed = 'La temporada ya está cerrada';
export const leagueParticipantTaken = 'Ese jugador ya participa en esta liga';
export const leagueNotParticipant = 'Ese jugador no participa en esta liga';
export const logoNotFound = 'La tienda no tiene logo';
export const logoUnsafe = 'El SVG no puede tener scripts, eventos, enlaces externos ni declaraciones DOCTYPE';
export const torCodeInvalid = 'El Código TOR solo puede tener letras, números y guiones (3 a 12)';
export const torCodeTaken = 'Ese Código TOR ya pertenece a otro jugador';
export const invitationInvalid = 'El código de invitación no es válido o ya fue usado';
export const playersMustDiffer = 'Los jugadores deben ser diferentes';
export const roundInvalid = 'La ronda debe ser un número mayor o igual a 1';
export const winnerInvalid = 'El ganador debe ser uno de los dos jugadores';
export const adminOnly = 'Solo un administrador puede hacer esto';
export const invalidRole = 'El rol no es válido';
export const organiserOnly = 'Solo un organizador de la tienda o un administrador puede hacer esto';
export const twoVsTwoOnlyFriendly = 'El modo 2v2 solo está disponible para partidas Amistoso';
export const refereeRequired =
  'Una partida Amistoso c/ Arbitro la registra un árbitro: un juez o un organizador de la tienda';
export const arenaNeedsLeague = 'Una partida Arena pertenece a una liga: elige la liga';
export const arenaOrganiserOnly = 'Las partidas Arena las registra el organizador de la tienda de la liga';
export const tournamentOnly = 'Las partidas de Torneo se registran desde el torneo';
export const notApproved = 'La partida no está aprobada';
// Sharing (docs/decisions/021)
export const matchNotPublic = 'Esta partida no es pública o no existe.';
export const privacyInvalid = 'El valor de la privacidad debe ser verdadero o falso';
export const linkCopied = 'Enlace copiado';
export const privacySaveError = 'No se pudo guardar la privacidad. Por favor intenta nuevamente.';
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

// Web Push (docs/decisions/019)
export const pushEndpointInvalid =
  'La dirección de suscripción debe ser una URL https de un servicio de notificaciones push conocido';
export const pushKeyInvalid = 'Las claves de la suscripción no son válidas';
export const pushDeviceMax = 'El nombre del dispositivo no puede superar los 100 caracteres';
export const pushSubscriptionNotFound = 'Esta suscripción no existe o no es tuya';
export const pushPreferencesInvalid = 'Indica sí o no para cada tipo de notificación';
export const pushPendingTitle = 'Partida pendiente de aprobación';
export const pushPendingBody = (recorder: string) =>
  `${recorder} registró una partida en la que jugaste: apruébala o recházala.`;
export const pushRejectedTitle = 'Partida rechazada';
export const pushRejectedBody = (rejecter: string) => `${rejecter} rechazó una partida en la que participas.`;
export const pushAnnouncementTitle = (tournament: string) => `Comunicado de ${tournament}`;

// Idempotency keys (docs/decisions/018)
export const idempotencyKeyInvalid =
  'La clave de idempotencia (Idempotency-Key) no es válida: debe tener entre 16 y 64 letras, números, guiones o guiones bajos';
export const idempotencyKeyReused =
  'Esta clave de idempotencia (Idempotency-Key) ya se usó para otra acción o partida: genera una nueva';

// Offline outbox (docs/decisions/018)
export const outboxSaved = 'Partida guardada sin conexión. Se enviará cuando vuelvas a estar en línea.';
export const outboxWaiting = 'Pendiente de envío';
export const outboxFailed = 'No se pudo enviar';
export const outboxSentToast = (count: number) =>
  count === 1
    ? 'Se envió la partida guardada sin conexión'
    : `Se enviaron ${count} partidas guardadas sin conexión`;

// Generic HTTP
export const badRequest = 'La solicitud no es válida';
export const invalidJson = 'El cuerpo de la solicitud no es un JSON válido';
export const unknownField = (field: string) => `Campo no permitido: ${field}`;
export const invalidId = 'El identificador no es válido';
export const payloadTooLarge = 'La solicitud es demasiado grande';
export const unsupportedMediaType = 'El tipo de contenido no es compatible';
export const notFound = 'Recurso no encontrado';
export const forbidden = 'No tienes permiso para realizar esta acción';
export const internal = 'Ocurrió un error inesperado. Por favor intenta nuevamente.';
export const serviceUnavailable =
  'El servicio no está disponible en este momento. Por favor intenta más tarde.';
export const uriTooLong = 'La dirección de la solicitud es demasiado larga';
export const headersTooLarge = 'Los encabezados de la solicitud son demasiado grandes';
export const requestTimeout = 'La solicitud tardó demasiado en llegar. Por favor intenta nuevamente.';
