import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Container,
  FormControl,
  InputLabel,
  MenuItem,
  Paper,
  Select,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { HIGHLIGHTS, LIMITS, MATCH_MODES, TIERS, type MatchMode, type Tier } from '@mitos/domain/constants';
import {
  activeTeam,
  addPlayer,
  addPlayerError,
  canSelectMoreHighlights,
  changeScore,
  initialNewMatchForm,
  newMatchErrors,
  prefillFromMatch,
  removePlayer,
  setMode,
  setPlayerDeck,
  toCreateMatchPayload,
  toggleHighlight,
  type NewMatchForm,
  type TeamIndex,
} from '@mitos/domain/new-match';
import { MSG } from '@mitos/domain/messages';
import type { TUserSummary } from '@mitos/domain/users';
import { useNotifications } from '../notifications/api/notifications';
import { MATCHES_KEY } from '../matches/api/matches';
import { TeamColumns } from '../matches/components/match-grid';
import { createMatch, createMatchErrorLines, fetchDefaultDeck } from './api/new-match';
import { TeamEditor } from './components/team-editor';
import { prefillMatchOf } from './navigation-state';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase()}`;
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} variant="h3" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function initialState(navigationState: unknown): {
  form: NewMatchForm;
  error: string | null;
  from: number | null;
} {
  const match = prefillMatchOf(navigationState);
  if (!match) return { form: initialNewMatchForm(), error: null, from: null };
  const prefill = prefillFromMatch(match);
  return prefill.error === null
    ? { form: prefill.form, error: null, from: match.id }
    : { form: initialNewMatchForm(), error: prefill.error, from: null };
}

/** Nueva Partida: configuration, both teams with their decks and victories, highlights, save. */
export default function NewMatchPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { refreshLists } = useNotifications();
  const [start] = useState(() => initialState(location.state));
  const [form, setForm] = useState<NewMatchForm>(start.form);
  const [teamError, setTeamError] = useState<string | null>(start.error);
  const [submitErrors, setSubmitErrors] = useState<string[]>([]);
  const [adding, setAdding] = useState(false);
  const [saving, setSaving] = useState(false);
  const team1Input = useRef<HTMLInputElement>(null);
  const team2Input = useRef<HTMLInputElement>(null);
  const focusActive = useRef(false);

  const active = activeTeam(form);
  const errors = newMatchErrors(form);

  // After a player joins or leaves, the cursor follows the team the form is waiting on.
  useEffect(() => {
    if (!focusActive.current) return;
    focusActive.current = false;
    if (active === 0) team1Input.current?.focus();
    else if (active === 1) team2Input.current?.focus();
  }, [active, form.teams]);

  const pick = async (team: TeamIndex, user: TUserSummary) => {
    const refused = addPlayerError(form, team, user.id);
    if (refused) {
      setTeamError(refused);
      return;
    }
    setAdding(true);
    setTeamError(null);
    try {
      const deck = await fetchDefaultDeck(user.id).then(
        (d) => ({ id: d.id, name: d.name, raza: d.raza }),
        () => null,
      );
      const result = addPlayer(form, team, { userId: user.id, username: user.username, deck });
      if (result.error) {
        setTeamError(result.error);
        return;
      }
      focusActive.current = true;
      setForm(result.form);
    } finally {
      setAdding(false);
    }
  };

  const remove = (team: TeamIndex, userId: number) => {
    focusActive.current = true;
    setTeamError(null);
    setForm((f) => removePlayer(f, team, userId));
  };

  const save = async () => {
    if (errors.length > 0 || saving) return;
    setSaving(true);
    setSubmitErrors([]);
    try {
      await createMatch(toCreateMatchPayload(form));
      await Promise.allSettled([queryClient.invalidateQueries({ queryKey: MATCHES_KEY }), refreshLists()]);
      void navigate('/my-matches', { state: { selectedTab: 0 } });
    } catch (err) {
      setSubmitErrors(createMatchErrorLines(err));
      window.scrollTo({ top: 0, behavior: 'smooth' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Container maxWidth="md" sx={{ py: 2 }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        Nueva Partida
      </Typography>

      {submitErrors.length > 0 && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setSubmitErrors([])}>
          {submitErrors.map((line) => (
            <div key={line}>{line}</div>
          ))}
        </Alert>
      )}
      {start.from !== null && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {`Datos cargados de la partida rechazada #${start.from}`}
        </Alert>
      )}

      <Stack spacing={3}>
        <Section title="Configuración">
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
              <Box>
                <Typography id="mode-label" variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
                  Modalidad
                </Typography>
                <ToggleButtonGroup
                  exclusive
                  size="small"
                  color="primary"
                  value={form.mode}
                  aria-labelledby="mode-label"
                  onChange={(_, mode: MatchMode | null) => {
                    if (mode) setForm((f) => setMode(f, mode));
                  }}
                >
                  {MATCH_MODES.map((m) => (
                    <ToggleButton
                      key={m.value}
                      value={m.value}
                      disabled={!m.enabled}
                      sx={{
                        px: 3,
                        '&.Mui-selected, &.Mui-selected:hover': {
                          bgcolor: 'primary.main',
                          color: 'primary.contrastText',
                        },
                      }}
                    >
                      {m.label}
                    </ToggleButton>
                  ))}
                </ToggleButtonGroup>
              </Box>
              <FormControl size="small" sx={{ minWidth: 220, flexGrow: 1 }}>
                <InputLabel id="tier-label">Tipo de partida</InputLabel>
                <Select
                  labelId="tier-label"
                  label="Tipo de partida"
                  value={form.tier}
                  onChange={(e) => setForm((f) => ({ ...f, tier: e.target.value as Tier }))}
                >
                  {TIERS.map((t) => (
                    <MenuItem key={t.value} value={t.value} disabled={!t.enabled}>
                      {t.value}
                    </MenuItem>
                  ))}
                </Select>
              </FormControl>
            </Stack>
          </Paper>
        </Section>

        <Section title="Equipos">
          {teamError && (
            <Alert severity="warning" sx={{ mb: 1.5 }} onClose={() => setTeamError(null)}>
              {teamError}
            </Alert>
          )}
          <TeamColumns>
            {([0, 1] as const).map((team) => (
              <TeamEditor
                key={team}
                number={team === 0 ? 1 : 2}
                players={form.teams[team]}
                score={form.scores[team]}
                active={active === team}
                busy={adding}
                inputRef={team === 0 ? team1Input : team2Input}
                onPick={(user) => void pick(team, user)}
                onRemove={(userId) => remove(team, userId)}
                onDeck={(userId, deck) => setForm((f) => setPlayerDeck(f, team, userId, deck))}
                onScore={(delta) => setForm((f) => changeScore(f, team, delta))}
              />
            ))}
          </TeamColumns>
        </Section>

        <Section title="Highlights">
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {canSelectMoreHighlights(form)
              ? `Elige hasta ${LIMITS.maxHighlights} (${form.highlights.length}/${LIMITS.maxHighlights})`
              : MSG.tooManyHighlights}
          </Typography>
          <Box
            sx={{
              display: 'grid',
              gap: 1,
              gridTemplateColumns: {
                xs: 'minmax(0, 1fr)',
                sm: 'repeat(2, minmax(0, 1fr))',
                md: 'repeat(3, minmax(0, 1fr))',
              },
            }}
          >
            {HIGHLIGHTS.map((h) => {
              const selected = form.highlights.includes(h.type);
              return (
                <ToggleButton
                  key={h.type}
                  value={h.type}
                  selected={selected}
                  color="secondary"
                  disabled={!selected && !canSelectMoreHighlights(form)}
                  onChange={() => setForm((f) => toggleHighlight(f, h.type))}
                  sx={{ display: 'block', textAlign: 'left', py: 1, px: 1.5 }}
                >
                  <Typography component="span" sx={{ display: 'block', fontWeight: 700 }}>
                    {h.type}
                  </Typography>
                  <Typography
                    component="span"
                    variant="caption"
                    sx={{ display: 'block', color: 'text.secondary' }}
                  >
                    {h.description}
                  </Typography>
                </ToggleButton>
              );
            })}
          </Box>
        </Section>

        <Box>
          {errors.length > 0 && (
            <Box component="ul" aria-label="Falta para guardar" sx={{ m: 0, mb: 1.5, pl: 2.5 }}>
              {errors.map((e) => (
                <Typography component="li" key={e} variant="body2" color="warning.main">
                  {e}
                </Typography>
              ))}
            </Box>
          )}
          <Button
            variant="contained"
            size="large"
            fullWidth
            disabled={errors.length > 0 || saving}
            loading={saving}
            onClick={() => void save()}
          >
            Guardar Partida
          </Button>
        </Box>
      </Stack>
    </Container>
  );
}
