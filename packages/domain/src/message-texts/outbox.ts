// Offline outbox (docs/decisions/018)
export const outboxSaved = 'Partida guardada sin conexión. Se enviará cuando vuelvas a estar en línea.';
export const outboxWaiting = 'Pendiente de envío';
export const outboxFailed = 'No se pudo enviar';
export const outboxSentToast = (count: number) =>
  count === 1
    ? 'Se envió la partida guardada sin conexión'
    : `Se enviaron ${count} partidas guardadas sin conexión`;
