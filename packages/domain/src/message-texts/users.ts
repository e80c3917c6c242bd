// Users
export const userNotFound = 'Usuario no encontrado';
export const unknownUser = 'Usuario desconocido';
