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
export const detailLoadError = 'Error al cargar los detalles de la partida';
export const userLoadError = 'Error al cargar los datos del usuario';
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
