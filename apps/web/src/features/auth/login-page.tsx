import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, CircularProgress, Link as MuiLink, Typography } from '@mui/material';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { EMAIL_PATTERN } from '@mitos/domain/text';
import { loginFormError } from './form-rules';
import * as MSG from '@mitos/domain/message-texts';
import { ApiError } from '../../lib/api-client';
import { PageTitle } from '../../components/page-title';
import { useFocusAfterPaint } from '../../lib/focus-after-paint';
import { isExpiredLogin } from '../../lib/login-state';
import { useSession } from '../../api/session';
import { AuthCard } from './components/auth-card';
import { OutlinedField } from './components/outlined-field';
import { PasswordField } from './components/password-field';
import { redirectTarget } from './redirect-target';

/** SPEC §8 login messages. */
export function loginErrorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.isNetworkError) return MSG.connectionError;
    if (err.status === 401) return err.body?.error ?? MSG.badCredentials;
    return err.body?.error ?? MSG.loginError;
  }
  return MSG.loginError;
}

export default function LoginPage() {
  const { login, status } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const prefilledEmail = (location.state as { email?: unknown } | null)?.email;
  const [email, setEmail] = useState(typeof prefilledEmail === 'string' ? prefilledEmail : '');
  const [password, setPassword] = useState('');
  const [emailTouched, setEmailTouched] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const firstField = useFocusAfterPaint<HTMLInputElement>();

  const emailError = loginFormError(email);
  const canSubmit = email !== '' && password !== '' && EMAIL_PATTERN.test(email.trim()) && !submitting;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setEmailTouched(true);
    if (!canSubmit) return;
    setSubmitting(true);
    setError(null);
    try {
      await login({ email: email.trim(), password });
      void navigate(redirectTarget(location.state), { replace: true });
    } catch (err) {
      setError(loginErrorMessage(err));
      setSubmitting(false);
    }
  };

  // Signed in already (issue 14 item 9): straight on to the remembered page or /.
  if (status === 'authenticated' && !submitting) {
    return <Navigate to={redirectTarget(location.state)} replace />;
  }

  return (
    <AuthCard title="Iniciar sesión">
      <PageTitle title="Iniciar sesión" />
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2 }}>
        {isExpiredLogin(location.state) && !error && <Alert severity="warning">{MSG.sessionExpired}</Alert>}
        {error && <Alert severity="error">{error}</Alert>}
        <OutlinedField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          onBlur={() => setEmailTouched(true)}
          error={emailTouched && emailError !== null}
          helperText={emailTouched ? emailError : undefined}
          required
          fullWidth
          inputRef={firstField}
        />
        <PasswordField
          label="Contraseña"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
          fullWidth
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={!canSubmit}
          aria-busy={submitting}
          startIcon={submitting ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
        >
          Ingresar
        </Button>
        <Typography variant="body2" sx={{ textAlign: 'center' }} color="textSecondary">
          ¿No tienes cuenta?{' '}
          <MuiLink component={Link} to="/register" state={location.state}>
            Regístrate
          </MuiLink>
        </Typography>
      </Box>
    </AuthCard>
  );
}
