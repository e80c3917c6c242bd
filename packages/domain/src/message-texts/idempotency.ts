// Idempotency keys (docs/decisions/018)
export const idempotencyKeyInvalid =
  'La clave de idempotencia (Idempotency-Key) no es válida: debe tener entre 16 y 64 letras, números, guiones o guiones bajos';
export const idempotencyKeyReused =
  'Esta clave de idempotencia (Idempotency-Key) ya se usó para otra acción o partida: genera una nueva';
