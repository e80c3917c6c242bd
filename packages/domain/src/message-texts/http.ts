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
