// Users: a username's rules (SPEC §5: text.ts, which every user schema reads) and a user not found
export const usernameMin = 'El nombre de usuario debe tener al menos 3 caracteres';
export const usernameMax = 'El nombre de usuario no puede superar los 30 caracteres';
export const usernameChars =
  'El nombre de usuario solo puede contener letras, números, puntos, guiones y guiones bajos';
export const usernameInvisible = 'El nombre de usuario no puede contener caracteres invisibles';
export const userNotFound = 'Usuario no encontrado';
export const unknownUser = 'Usuario desconocido';
