import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Box, Button, CircularProgress, Link as MuiLink, Typography } from '@mui/material';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { useSnackbar } from '../../lib/snackbar';
import { registerFormErrors } from './form-rules';
import * as MSG from '@mitos/domain/message-texts';
import { errorMessage } from '../../lib/api-client';
import { PageTitle } from '../../components/page-title';
import { useFocusAfterPaint } from '../../lib/focus-after-paint';
import { useSession } from '../../api/session';
import { redirectTarget } from './redirect-target';
import { AuthCard } from './components/auth-card';
import { OutlinedField } from './components/outlined-field';
import { PasswordField } from './components/password-field';
import { TIMINGS } from '../../lib/ui-constants';

type Field = 'username' | 'email' | 'password';

export default function RegisterPage() {
  const { register, status: session } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const { enqueueSnackbar } = useSnackbar();
  const [values, setValues] = useState<Record<Field, string>>({ username: '', email: '', password: '' });
  const [touched, setTouched] = useState<Record<Field, boolean>>({
    username: false,
    email: false,
    password: false,
  });
  const [status, setStatus] = useState<'idle' | 'submitting' | 'done'>('idle');
  const firstField = useFocusAfterPaint<HTMLInputElement>();
  const [error, setError] = useState<string | null>(null);
  // Optional: the code a store gave a player it added before they had an account.
  const [invitationCode, setInvitationCode] = useState('');
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const errors = registerFormErrors(values);
  const incomplete = Object.values(values).some((v) => v === '');
  const canSubmit = !incomplete && Object.keys(errors).length === 0 && status === 'idle';

  const fieldProps = (field: Field) => ({
    name: field,
    value: values[field],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) =>
      setValues((v) => ({ ...v, [field]: e.target.value })),
    onBlur: () => setTouched((t) => ({ ...t, [field]: true })),
    error: touched[field] && errors[field] !== undefined,
    helperText: touched[field] ? errors[field] : undefined,
    required: true,
    fullWidth: true,
  });

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched({ username: true, email: true, password: true });
    if (!canSubmit) return;
    setStatus('submitting');
    setError(null);
    try {
      const email = values.email.trim();
      const code = invitationCode.trim();
      await register({
        username: values.username.trim(),
        email,
        password: values.password,
        ...(code ? { invitationCode: code } : {}),
      });
      setStatus('done');
      enqueueSnackbar(MSG.registerSuccess, {
        variant: 'success',
        autoHideDuration: TIMINGS.noticeAutoHideMs,
      });
      const from = (location.state as { from?: unknown } | null)?.from;
      redirectTimer.current = setTimeout(
        () => void navigate('/login', { state: { email, from } }),
        TIMINGS.registrationRedirectMs,
      );
    } catch (err) {
      setError(errorMessage(err, MSG.registerError));
      setStatus('idle');
    }
  };

  // Signed in already (issue 14 item 9): nothing to register; on to the remembered page or /.
  if (session === 'authenticated' && status === 'idle') {
    return <Navigate to={redirectTarget(location.state)} replace />;
  }

  return (
    <AuthCard title="Crear cuenta">
      <PageTitle title="Crear cuenta" />
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2 }}>
        {error && <Alert severity="error">{error}</Alert>}
        <OutlinedField
          label="Nombre de usuario"
          autoComplete="username"
          inputRef={firstField}
          {...fieldProps('username')}
        />
        <OutlinedField
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          {...fieldProps('email')}
        />
        <PasswordField label="Contraseña" autoComplete="new-password" {...fieldProps('password')} />
        <OutlinedField
          label="Código de invitación (opcional)"
          name="invitationCode"
          autoComplete="off"
          value={invitationCode}
          onChange={(e) => setInvitationCode(e.target.value)}
          helperText="Si una tienda te agregó como jugador, ingresa el código que te dio"
          fullWidth
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={!canSubmit}
          aria-busy={status === 'submitting'}
          startIcon={
            status === 'submitting' ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined
          }
        >
          Registrarse
        </Button>
        <Typography variant="body2" sx={{ textAlign: 'center' }} color="textSecondary">
          ¿Ya tienes cuenta?{' '}
          <MuiLink component={Link} to="/login" state={location.state}>
            Ingresa
          </MuiLink>
        </Typography>
      </Box>
    </AuthCard>
  );
}
