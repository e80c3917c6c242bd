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
