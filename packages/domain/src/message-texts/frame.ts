// The app's frame and its lists (SPEC §8): the connection, a screen that fails, a missing value
export const connectionError = 'Error de conexión con el servidor. Por favor, intente más tarde.';
export const liveConnectionDown = 'Sin conexión en vivo — reintentando…';
export const offline = 'Sin conexión a internet. Los cambios no se pueden enviar hasta que vuelva.';
export const offlineNotSaved =
  'Esta pantalla no se guardó en este dispositivo: se va a cargar cuando vuelva la conexión.';
export const newVersion = 'Hay una nueva versión disponible.';
export const screenError = 'Algo salió mal al mostrar esta pantalla.';
export const loadError = 'Error al cargar los datos';
export const invalidDateText = 'Fecha no disponible';
export const wsError = 'Error de conexión WebSocket';
export const fallbackUser = 'Usuario';
export const unknownRace = 'Desconocida';
