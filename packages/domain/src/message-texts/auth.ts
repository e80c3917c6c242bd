// Auth (SPEC §8)
export const badCredentials = 'Email o contraseña incorrectos';
export const loginError = 'Error al iniciar sesión';
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
