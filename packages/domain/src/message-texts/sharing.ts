// Sharing (docs/decisions/021)
export const matchNotPublic = 'Esta partida no es pública o no existe.';
export const privacyInvalid = 'El valor de la privacidad debe ser verdadero o falso';
export const linkCopied = 'Enlace copiado';
export const privacySaveError = 'No se pudo guardar la privacidad. Por favor intenta nuevamente.';
