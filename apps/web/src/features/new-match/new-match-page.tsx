import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type Dispatch,
  type ReactNode,
  type SetStateAction,
} from 'react';
import {
  Alert,
  Box,
  Button,
  Container,
  FormControl,
  FormHelperText,
  InputLabel,
  ListItemText,
  MenuItem,
  Paper,
  Select,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { HIGHLIGHTS, LIMITS, MATCH_MODES, type MatchMode, type Tier } from '@mitos/domain/constants';
import type { CommunityActor } from '@mitos/domain/community-rules';
import type { TCommunityMe, TLeague, TStore } from '@mitos/domain/community';
import {
  activeTeam,
  addPlayer,
  addPlayerError,
  canSelectMoreHighlights,
  changeScore,
  initialNewMatchForm,
  newMatchErrors,
  prefillFromMatch,
  recorderError,
  removePlayer,
  setMode,
  setPlayerDeck,
  setStore,
  setTier,
  tierChoices,
  tierError,
  toCreateMatchPayload,
  toggleHighlight,
  type FormDeck,
  type NewMatchForm,
  type TeamIndex,
} from './form-state';
import * as MSG from '@mitos/domain/message-texts';
import type { TMatch } from '@mitos/domain/matches';
import { allPlayers } from '@mitos/domain/match-rules';
import type { TSelfUser, TUserSummary } from '@mitos/domain/users';
import { useSnackbar } from '../../lib/snackbar';
import { CenteredSpinner } from '../../components/centered-spinner';
import { useSession } from '../../api/session';
import { cancelAfterRecreation } from '../../api/match-actions';
import { clearDraft, readDraft, writeDraft } from './draft';
import { matchesChanged } from '../../api/query-keys';
import { TeamColumns } from '../../components/match-grid';
import { fetchDefaultDeck } from '../../api/decks';
import { createMatch, createMatchErrorLines } from './api/new-match';
import { ApiError } from '../../lib/api-client';
import { enqueue, newRequestKey } from '../../lib/outbox';
import { TeamEditor } from './components/team-editor';
import { prefillMatchOf } from '../../lib/new-match-navigation';
import { PageTitle } from '../../components/page-title';
import { useCommunityMe, useStores } from '../../api/community';
import { useLeagues } from '../../api/leagues';

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

/** The Highlights to choose from: drawn again only when the choice changes. */
const HighlightChoices = memo(function HighlightChoices({
  highlights,
  setForm,
}: {
  highlights: NewMatchForm['highlights'];
  setForm: Dispatch<SetStateAction<NewMatchForm>>;
}) {
  const more = canSelectMoreHighlights({ highlights });
  return (
    <>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
        {more
          ? `Elige hasta ${LIMITS.maxHighlights} (${highlights.length}/${LIMITS.maxHighlights})`
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
          const selected = highlights.includes(h.type);
          return (
            <ToggleButton
              key={h.type}
              value={h.type}
              selected={selected}
              color="secondary"
              disabled={!selected && !more}
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
    </>
  );
});

interface StartState {
  form: NewMatchForm;
  error: string | null;
  /** The rejected match being recorded again (Crear Nueva). */
  from: number | null;
  /** The form came back from the player's draft. */
  restored: boolean;
}

function initialState(navigationState: unknown, userId: number | null): StartState {
  const match = prefillMatchOf(navigationState);
  const draft = userId === null ? null : readDraft(userId);
  // The draft wins unless the player arrives from another rejected match than the draft's.
  if (draft && (!match || draft.from === match.id)) {
    return { form: draft.form, error: null, from: draft.from, restored: true };
  }
  if (!match) return { form: initialNewMatchForm(), error: null, from: null, restored: false };
  const prefill = prefillFromMatch(match);
  return prefill.error === null
    ? { form: prefill.form, error: null, from: match.id, restored: false }
    : { form: initialNewMatchForm(), error: prefill.error, from: null, restored: false };
}

/** "Partida registrada: esperando la aprobación de …": the players still to approve. */
export function registeredMessage(match: TMatch): string {
  const waiting = allPlayers(match)
    .filter((p) => p.approval_status === 'pending')
    .map((p) => p.username);
  return waiting.length > 0
    ? `Partida registrada: esperando la aprobación de ${waiting.join(', ')}`
    : 'Partida registrada';
}

/** The form as it opens: nothing to keep. */
function isUntouched(form: NewMatchForm): boolean {
  return JSON.stringify(form) === JSON.stringify(initialNewMatchForm());
}

function recorderOf(user: TSelfUser | null) {
  return user ? { id: user.id, role: user.role } : null;
}

/** The recorder as the community sees them: role from the session, the stores they organise. */
function actorOf(user: TSelfUser | null, me: TCommunityMe | undefined): CommunityActor | null {
  return user && me ? { id: user.id, role: user.role, organises: me.organises.map((s) => s.id) } : null;
}

/** The player's usual stores first (those still active), then the other active stores. */
export function storeOptions(
  usual: ReadonlyArray<{ id: number; name: string }>,
  active: readonly TStore[] | undefined,
): Array<{ id: number; name: string }> {
  if (!active) return [...usual];
  const activeIds = new Set(active.map((s) => s.id));
  const first = usual.filter((s) => activeIds.has(s.id));
  const firstIds = new Set(first.map((s) => s.id));
  return [...first, ...active.filter((s) => !firstIds.has(s.id)).map((s) => ({ id: s.id, name: s.name }))];
}

const runningLeagues = (leagues: readonly TLeague[] | undefined) =>
  (leagues ?? []).filter((l) => l.status === 'active');

/**
 * Nueva Partida: configuration, both teams with their decks and victories, highlights, save.
 * The form starts once the player is known, since their draft is kept under their id.
 */
export default function NewMatchPage() {
  const { user, status } = useSession();
  // A session that ends while the form is open keeps the form (and its draft) of that player
  // until the sign-in screen takes over.
  const [player, setPlayer] = useState(user);
  if (user && user.id !== player?.id) setPlayer(user);
  const shown = user ?? player;
  if (status === 'loading' && !shown) return <CenteredSpinner label="Verificando sesión" />;
  return <NewMatchFormScreen key={shown?.id ?? 'anonymous'} user={shown} />;
}

function NewMatchFormScreen({ user }: { user: TSelfUser | null }) {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const userId = user?.id ?? null;
  const { enqueueSnackbar } = useSnackbar();
  const [start] = useState(() => initialState(location.state, userId));
  const [form, setForm] = useState<NewMatchForm>(start.form);
  const [from, setFrom] = useState<number | null>(start.from);
  const [restored, setRestored] = useState(start.restored);
  const [teamError, setTeamError] = useState<string | null>(start.error);
  const [submitErrors, setSubmitErrors] = useState<string[]>([]);
  const [adding, setAdding] = useState(false);
  const [saving, setSaving] = useState(false);
  const team1Input = useRef<HTMLInputElement>(null);
  const team2Input = useRef<HTMLInputElement>(null);
  const focusActive = useRef(false);

  const me = useCommunityMe(user !== null);
  const stores = useStores();
  const arena = form.tier === 'Arena';
  const leagues = useLeagues({ storeId: form.storeId, enabled: arena && form.storeId !== null });
  const actor = actorOf(user, me.data);
  const storeChoices = storeOptions(me.data?.usualStores ?? [], stores.data);
  const leagueChoices = runningLeagues(leagues.data);

  const active = activeTeam(form);
  const recorder = recorderOf(user);
  const recorderRefusal = recorder ? recorderError(form, recorder, actor) : null;
  const tierRefused = tierError(form, actor);
  const errors = [
    ...newMatchErrors(form),
    ...(recorderRefusal ? [recorderRefusal] : []),
    ...(tierRefused ? [tierRefused] : []),
  ];

  // The draft follows every change; an untouched empty form leaves nothing behind.
  useEffect(() => {
    if (userId === null) return;
    if (from === null && isUntouched(form)) clearDraft(userId);
    else writeDraft(userId, { form, from });
  }, [userId, form, from]);

  const discard = () => {
    if (userId !== null) clearDraft(userId);
    setForm(initialNewMatchForm());
    setFrom(null);
    setRestored(false);
    setTeamError(null);
    setSubmitErrors([]);
  };

  // After a player joins or leaves, the cursor follows the team the form is waiting on.
  useEffect(() => {
    if (!focusActive.current) return;
    focusActive.current = false;
    if (active === 0) team1Input.current?.focus();
    else if (active === 1) team2Input.current?.focus();
  }, [active, form.teams]);

  // The form as it is now, for handlers that outlive a render (a player is added after their
  // default deck has been asked for) and stay the same function from one render to the next.
  const formNow = useRef(form);
  useLayoutEffect(() => {
    formNow.current = form;
  }, [form]);

  const pick = useCallback(async (team: TeamIndex, user: TUserSummary) => {
    const refused = addPlayerError(formNow.current, team, user.id);
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
      const result = addPlayer(formNow.current, team, { userId: user.id, username: user.username, deck });
      if (result.error) {
        setTeamError(result.error);
        return;
      }
      focusActive.current = true;
      setForm(result.form);
    } finally {
      setAdding(false);
    }
  }, []);

  const remove = useCallback((team: TeamIndex, userId: number) => {
    focusActive.current = true;
    setTeamError(null);
    setForm((f) => removePlayer(f, team, userId));
  }, []);
  const changeDeck = useCallback(
    (team: TeamIndex, userId: number, deck: FormDeck) => setForm((f) => setPlayerDeck(f, team, userId, deck)),
    [],
  );
  const score = useCallback(
    (team: TeamIndex, delta: number) => setForm((f) => changeScore(f, team, delta)),
    [],
  );

  /**
   * Offline, or sent without an answer: the match waits in the outbox with its key, to be sent
   * when the connection returns (docs/decisions/018); the player goes on as after a save.
   * Answers false when it could not be kept (no player, or no storage).
   */
  const queue = async (key: string, payload: ReturnType<typeof toCreateMatchPayload>) => {
    if (userId === null) return false;
    try {
      await enqueue({
        key,
        kind: 'create',
        userId,
        payload,
        summary: {
          team1: form.teams[0].map((p) => p.username),
          team2: form.teams[1].map((p) => p.username),
          score: [form.scores[0], form.scores[1]],
        },
        replaces: from,
        savedAt: new Date().toISOString(),
        state: 'waiting',
        error: null,
        attempts: 0,
        retryAt: 0,
      });
    } catch {
      return false;
    }
    clearDraft(userId);
    enqueueSnackbar(MSG.outboxSaved, { variant: 'info', autoHideDuration: 8000 });
    void navigate('/my-matches', { state: { selectedTab: 0 } });
    return true;
  };

  const save = async () => {
    if (errors.length > 0 || saving) return;
    setSaving(true);
    setSubmitErrors([]);
    // One key for this save, kept by every retry of it (docs/decisions/018).
    const key = newRequestKey();
    const payload = toCreateMatchPayload(form);
    try {
      if (!onlineManager.isOnline() && (await queue(key, payload))) return;
      const created = await createMatch(payload, key);
      if (userId !== null) clearDraft(userId);
      // Crear Nueva: the rejected match is cancelled only now that its replacement exists.
      const cancelled = from === null ? null : await cancelAfterRecreation(from);
      void matchesChanged(queryClient);
      enqueueSnackbar(registeredMessage(created), {
        variant: 'success',
        autoHideDuration: 8000,
        action: () => (
          <Button
            color="inherit"
            size="small"
            href={`/match/${created.id}`}
            onClick={(e) => {
              e.preventDefault();
              void navigate(`/match/${created.id}`);
            }}
          >
            Ver partida
          </Button>
        ),
      });
      if (cancelled && !cancelled.ok && cancelled.error) {
        enqueueSnackbar(cancelled.error, { variant: 'warning' });
      }
      void navigate('/my-matches', { state: { selectedTab: 0 } });
    } catch (err) {
      // No answer: the server may or may not have recorded it; the key makes resending safe.
      if (err instanceof ApiError && err.isNetworkError && (await queue(key, payload))) return;
      setSubmitErrors(createMatchErrorLines(err));
      window.scrollTo({ top: 0, behavior: 'smooth' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Container maxWidth="md" sx={{ py: 2 }}>
      <PageTitle title="Nueva Partida" />
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
      {restored && (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={discard}>
              Descartar
            </Button>
          }
        >
          Recuperamos el borrador que no se había guardado.
        </Alert>
      )}
      {from !== null && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {`Datos cargados de la partida rechazada #${from}. Se cancelará al guardar la nueva.`}
        </Alert>
      )}

      <Stack spacing={3}>
        <Section title="Configuración">
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
              <Box>
                <Typography id="mode-label" variant="body2" color="textSecondary" sx={{ mb: 0.5 }}>
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
                  renderValue={(tier) => tier}
                  onChange={(e) => setForm((f) => setTier(f, e.target.value as Tier))}
                >
                  {tierChoices(actor, form.storeId).map((t) => (
                    <MenuItem key={t.value} value={t.value} disabled={!t.enabled}>
                      <ListItemText primary={t.value} secondary={t.helper} sx={{ my: 0 }} />
                    </MenuItem>
                  ))}
                </Select>
              </FormControl>
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2 }}>
              <FormControl size="small" sx={{ minWidth: 220, flex: 1 }}>
                <InputLabel id="store-label" shrink>
                  Tienda
                </InputLabel>
                <Select
                  labelId="store-label"
                  label="Tienda"
                  notched
                  value={
                    form.storeId !== null && storeChoices.some((s) => s.id === form.storeId)
                      ? String(form.storeId)
                      : ''
                  }
                  displayEmpty
                  renderValue={(value) =>
                    value === ''
                      ? 'Sin tienda'
                      : (storeChoices.find((s) => String(s.id) === value)?.name ?? '')
                  }
                  onChange={(e) =>
                    setForm((f) => setStore(f, e.target.value === '' ? null : Number(e.target.value)))
                  }
                >
                  <MenuItem value="">Sin tienda</MenuItem>
                  {storeChoices.map((s) => (
                    <MenuItem key={s.id} value={String(s.id)}>
                      {s.name}
                    </MenuItem>
                  ))}
                </Select>
                <FormHelperText>Opcional: dónde se jugó la partida.</FormHelperText>
              </FormControl>
              {arena && (
                <FormControl size="small" sx={{ minWidth: 220, flex: 1 }} disabled={form.storeId === null}>
                  <InputLabel id="league-label">Liga</InputLabel>
                  <Select
                    labelId="league-label"
                    label="Liga"
                    value={
                      form.leagueId !== null && leagueChoices.some((l) => l.id === form.leagueId)
                        ? String(form.leagueId)
                        : ''
                    }
                    onChange={(e) =>
                      setForm((f) => ({
                        ...f,
                        leagueId: e.target.value === '' ? null : Number(e.target.value),
                      }))
                    }
                  >
                    {leagueChoices.map((l) => (
                      <MenuItem key={l.id} value={String(l.id)}>
                        {l.name}
                      </MenuItem>
                    ))}
                  </Select>
                  <FormHelperText>
                    {form.storeId === null
                      ? 'Elige primero la tienda de la liga.'
                      : leagues.isError
                        ? MSG.loadError
                        : leagues.isSuccess && leagueChoices.length === 0
                          ? 'Esta tienda no tiene ligas activas.'
                          : 'Las ligas activas de la tienda.'}
                  </FormHelperText>
                </FormControl>
              )}
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
                team={team}
                players={form.teams[team]}
                score={form.scores[team]}
                active={active === team}
                busy={adding}
                inputRef={team === 0 ? team1Input : team2Input}
                onPick={pick}
                onRemove={remove}
                onDeck={changeDeck}
                onScore={score}
              />
            ))}
          </TeamColumns>
        </Section>

        <Section title="Highlights">
          <HighlightChoices highlights={form.highlights} setForm={setForm} />
        </Section>

        <Box>
          {errors.length > 0 && (
            <Box component="ul" aria-label="Falta para guardar" sx={{ m: 0, mb: 1.5, pl: 2.5 }}>
              {errors.map((e) => (
                <Typography component="li" key={e} variant="body2" color="warning">
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
